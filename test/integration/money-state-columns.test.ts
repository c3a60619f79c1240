/**
 * Issue 38 (money state decides, screen state is derived), chaos finding 29: a job collected after
 * its records were damaged finds its rows by their columns' headers, wherever the columns moved
 * since, and a refresh does not buy again what a damaged "look up again" may have paid. Split
 * from money-state.test.ts.
 */
import type { Addon } from '../../dev/gas/harness';
import { outputRows } from '../../scripts/lib/sheet-outputs';
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { STATUS } from '../../src/domain/statuses';
import {
  contactRows,
  emailMatchesRow,
  engineKit,
  FIELDS,
  firePoll,
  pollUntilIdle,
  jobsEnded,
  people,
  planAndStart,
  rowsOf,
  SHEET,
  sheetText,
} from './support/engine';

const kit = engineKit();
describe('a job collected after its records were damaged, a column inserted before its answers are written (chaos finding 29)', () => {
  /** A run of 30 rows whose one job (record `<run>.0`) works a minute. */
  async function slowRun(): Promise<{ addon: Addon; runId: string }> {
    const addon = kit.open(contactRows(people(30, 0)));
    await kit.emulator().admin.config({ jobMs: 60_000 });
    const { start } = planAndStart(addon);
    return { addon, runId: start.runId };
  }

  /**
   * Its answers are on its rows, where they are now, and nothing is left to buy again. `collectedBy`:
   * the run that wrote them (an imported job goes back into its run; a re-homed one has its own).
   */
  async function answeredWhereTheRowsAre(
    addon: Addon,
    collectedBy: (runId: string) => boolean,
  ): Promise<void> {
    const collected = addon.call<ProgressView>('getProgress').runs.find((run) => collectedBy(run.runId))!;
    expect(collected).toMatchObject({ state: 'finished', done: 30, unmatched: 0 });
    const table = sheetText(addon);
    const rows = outputRows(table, 'enrich').map((row, index) => ({
      ...row,
      input: table[index + 1]!.slice(1, 5),
    }));
    // On the code before, every row still read "job record damaged" (or "pending"): the chaos user
    // then looked them up again, as those words say, and bought every one found twice.
    expect(
      rows.map((row) => row.status).filter((status) => !/^(found|not found)$/.test(status ?? '')),
    ).toEqual([]);
    // Every work email it found is on a row (an invalid one named in its status).
    expect(rows.filter((row) => row.workEmail || row.workEmailStatus).length).toBe(collected.found.workEmail);
    expect(rows.every(emailMatchesRow)).toBe(true);
    addon.setSelection('B2:E31', SHEET);
    expect(addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend).toBe(0);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  }

  it('imported by its id after its record was damaged', async () => {
    const { addon, runId } = await slowRun();
    const document = addon.properties.document;
    document.setProperty(`${DOCUMENT_PROPERTY.jobPrefix}${runId}.0`, '{"v":1,"run":');
    const [job] = await kit.emulator().admin.jobs();
    await kit.emulator().admin.finishJob(job!.id);
    pollUntilIdle(addon);
    expect(rowsOf(addon).every((row) => row.status === STATUS.damagedJob)).toBe(true);
    // The user imports it as the rows say; the execution ends before its answers are written (in
    // the chaos, its polls were refused a while), and a column is inserted at A meanwhile.
    expect(() =>
      addon.callWith({ killAfter: { 'UrlFetchApp.fetchAll': 2 } }, 'importJob', { jobId: job!.id }),
    ).toThrow(/Exceeded maximum execution time/);
    addon.spreadsheet.getSheetByName(SHEET)!.insertColumnBefore(1);
    pollUntilIdle(addon);
    await answeredWhereTheRowsAre(addon, (id) => id === runId);
  });

  it('re-homed while it works after its run record was damaged', async () => {
    const { addon, runId } = await slowRun();
    addon.properties.document.setProperty(DOCUMENT_PROPERTY.runPrefix + runId, '{not json');
    firePoll(addon);
    addon.spreadsheet.getSheetByName(SHEET)!.insertColumnBefore(1);
    const [job] = await kit.emulator().admin.jobs();
    await kit.emulator().admin.finishJob(job!.id);
    pollUntilIdle(addon);
    await answeredWhereTheRowsAre(addon, (id) => id !== runId);
  });
  it('imported while a column was renamed: once it is back, a plain run fills its rows from its saved answers', async () => {
    const { addon, runId } = await slowRun();
    addon.properties.document.setProperty(`${DOCUMENT_PROPERTY.jobPrefix}${runId}.0`, '{"v":1,"run":');
    const [job] = await kit.emulator().admin.jobs();
    await kit.emulator().admin.finishJob(job!.id);
    pollUntilIdle(addon);
    expect(() =>
      addon.callWith({ killAfter: { 'UrlFetchApp.fetchAll': 2 } }, 'importJob', { jobId: job!.id }),
    ).toThrow(/Exceeded maximum execution time/);
    const company = addon.spreadsheet.getSheetByName(SHEET)!.getRange('C1');
    company.setValue('Employer');
    pollUntilIdle(addon);
    // Its answers are saved, and no row matched: the rows still read "job record damaged".
    expect(rowsOf(addon).every((row) => row.status === STATUS.damagedJob)).toBe(true);
    company.setValue('Company');
    // What the run's card says ("run these rows again to fill them at no cost") holds: the rows'
    // words no longer outrank the saved answers, and nothing is bought.
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    expect(plan).toMatchObject({ contactsToSend: 0, rowsFromLedger: 30 });
    addon.call('startRun', plan.planId);
    const rows = rowsOf(addon);
    expect(rows.filter((row) => !/^(found|not found) \(saved\)$/.test(row.status ?? ''))).toEqual([]);
    expect(rows.every(emailMatchesRow)).toBe(true);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });
  it('a refresh of old answers does not buy again the rows a damaged "look up again" may have paid', async () => {
    const addon = kit.open(contactRows(people(10, 0)));
    planAndStart(addon);
    await jobsEnded(kit.emulator());
    pollUntilIdle(addon);
    addon.advanceClock(40 * 24 * 60 * 60 * 1000);
    await kit.emulator().admin.config({ jobMs: 60_000 });
    const { start } = planAndStart(addon, { overwrite: true });
    addon.properties.document.setProperty(`${DOCUMENT_PROPERTY.jobPrefix}${start.runId}.0`, '{"v":1,"run":');
    const [, job] = await kit.emulator().admin.jobs();
    await kit.emulator().admin.finishJob(job!.id);
    pollUntilIdle(addon);
    expect(rowsOf(addon).every((row) => row.status === STATUS.damagedJob)).toBe(true);
    // Their answers are 40 days old, and the damaged job paid for new ones: held, not refreshed.
    const refresh = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS, refreshDays: 30 });
    expect(refresh.contactsToSend).toBe(0);
  });
});
