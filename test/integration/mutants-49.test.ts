/**
 * Hand tests of the money mutants nothing killed (scripts/mutants.json, docs/mutants.md): each
 * passes on the code and fails with its mutant applied (`npm run mutants -- --only ID --tests
 * test/integration/mutants-49.test.ts --tests-only`).
 */
import type { PlanView, ProgressView, SpendingView } from '../../src/app/sidebar-contract';
import { JOB_SHEET_NAME } from '../../src/store/job-sheet';
import {
  contactRows,
  engineKit,
  jobsEnded,
  people,
  planAndStart,
  progress,
  SHEET,
  stuckForADay,
} from './support/engine';

const kit = engineKit();

describe('a retried lost start whose resend never left, its list then lost (retried-lost-start-never-sent)', () => {
  it('holds its kind for every planner while its run is in flight: a formula run buys nobody again', async () => {
    const addon = kit.open(contactRows(people(3, 0)));
    addon.setSelection('A2:D2', SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    // The start reaches the API (charged), its answer lost with the execution.
    expect(() =>
      addon.callWith({ killAfter: { 'Properties.setProperties': 3 } }, 'startRun', plan.planId),
    ).toThrow();
    await jobsEnded(kit.emulator());
    const [run] = addon.call<ProgressView>('pollJobs').runs;
    const [lost] = run!.ambiguousJobs ?? [];
    // Retry, killed at the resend's start marker: queued, with the lost start's marker, never resent.
    expect(() =>
      addon.callWith({ killAfter: { 'Properties.setProperties': 2 } }, 'retryJob', {
        runId: run!.runId,
        seq: lost!.seq,
      }),
    ).toThrow();
    expect(await kit.emulator().admin.jobs()).toHaveLength(1);
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
