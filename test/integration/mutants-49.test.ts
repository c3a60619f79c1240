/**
 * Hand tests of the money mutants nothing killed (scripts/mutants.json, docs/mutants.md): each
 * passes on the code and fails with its mutant applied (`npm run mutants -- --only ID --tests
 * test/integration/mutants-49.test.ts --tests-only`).
 */
import type { PlanView, SpendingView } from '../../src/app/sidebar-contract';
import { JOB_SHEET_NAME } from '../../src/store/job-sheet';
import {
  contactRows,
  engineKit,
  people,
  planAndStart,
  progress,
  retriedLostStart,
  SHEET,
  stuckForADay,
} from './support/engine';

const kit = engineKit();

describe('a retried lost start whose resend never left, its list then lost (retried-lost-start-never-sent)', () => {
  it('holds its kind for every planner while its run is in flight: a formula run buys nobody again', async () => {
    // Its start reached the API (charged), its answer lost; the Retry killed at the resend's start
    // marker: queued, with the lost start's marker, never resent.
    const { addon } = await retriedLostStart(kit, 'killed', false);
    // The job sheet loses its list: which person it bought, nothing says but the provider.
    const jobs = addon.spreadsheet.getSheetByName(JOB_SHEET_NAME)!;
    jobs.getRange(jobs.getLastRow(), 2).setValue('{"v":1,"garbage');
    // A formula of the same person: its request is held, not bought a second time.
    addon.spreadsheet.getSheetByName(SHEET)!.getRange('G2').setFormula('=ENRICH_EMAIL(A2,B2,D2)');
    addon.recalculate();
    expect(addon.call<PlanView>('planFormulaRun', {}).contactsToSend).toBe(0);
  });
});

describe('a retry of a job stuck for 24 hours with early answers (retry-price-skips-early-twice)', () => {
  it("reserves on the key's day the price it showed: what its resend may cost, no less", async () => {
    const { addon, start } = await stuckForADay(kit);
    const [held] = progress(addon, start.runId).ambiguousJobs ?? [];
    const price = held!.retryMaxCredits;
    // The forced fetch answered some contacts early: the price counts the others only.
    expect(price).toBeGreaterThan(0);
    addon.call('setKeyLimit', price);
    addon.call('retryJob', { runId: start.runId, seq: held!.seq });
    expect(addon.call<SpendingView>('getSpending').caps.at(-1)).toMatchObject({ used: price });
    // The limit is reached: a run of a new person is refused before it sends anything.
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.appendRow(contactRows(people(41, 0)).at(-1)!);
    addon.setSelection('A42:D42', SHEET);
    expect(() => planAndStart(addon, { fields: ['work_email'] })).toThrow(/daily limit .* is reached/);
  });
});
