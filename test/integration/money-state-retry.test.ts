/**
 * Issue 38, continued from money-state.test.ts: a retry of a lost or stuck job that was not resent
 * yet (its consent went with a damaged run record, a cancel, a 429) never loses the paid answers.
 */
import type { Addon } from '../../dev/gas/harness';
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import { STATUS } from '../../src/domain/statuses';
import { JOB_SHEET_NAME } from '../../src/store/job-sheet';
import {
  contactRows,
  engineKit,
  FIELDS,
  pollUntilIdle,
  damageTheRunRecord,
  firePoll,
  jobsEnded,
  people,
  planAndStart,
  progress,
  retriedLostStart,
  rowsOf,
  SHEET,
  stuckForADay,
} from './support/engine';
import { sleep } from '../../scripts/lib/enrich-run';

const kit = engineKit();

describe('a retry of a lost start not resent yet (fuzz finding 30)', () => {
  /** Contacts a run of row 2 would send (work email; "look up again" with `overwrite`). */
  function sendsRow2(addon: Addon, overwrite = false): number {
    addon.setSelection('A2:D2', SHEET);
    return addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'], overwrite })
      .contactsToSend;
  }

  /** The id the dashboard shows brings the paid answer to its row, and nothing is bought again. */
  async function importedOnce(addon: Addon, jobId: string): Promise<void> {
    addon.call('importJob', { jobId });
    pollUntilIdle(addon);
    expect(rowsOf(addon)[0]!.status).toMatch(/^(found|not found)$/);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  }

  it.each(['killed', '429'] as const)(
    'resend %s: holds the row in words that name the import, and is taken by the id the dashboard shows',
    async (resend) => {
      const { addon, jobId } = await retriedLostStart(kit, resend);
      // What the Jobs panel says before any poll: the start is lost, import it.
      const problems = addon.call<ProgressView>('getProgress').problems ?? [];
      expect(problems.join(' ')).toMatch(/import them by their ids/);
      // Held from a plain run, as its lost start is (finding 22), until its import. With no run there
      // is no Retry: "look up again" (consent, with the price) is the way out when the dashboard has
      // no such job (a start killed before it left: fuzz finding 42).
      expect([sendsRow2(addon), sendsRow2(addon, true)]).toEqual([0, 1]);
      pollUntilIdle(addon);
      expect(rowsOf(addon)[0]!.status).toBe(STATUS.ambiguous);
      // The panel's way out.
      await importedOnce(addon, jobId);
    },
  );

  it('a first start refused with a 429, its run record then damaged, is no lost start: nothing to import', async () => {
    const addon = kit.open(contactRows(people(3, 0)));
    addon.setSelection('A2:D2', SHEET);
    await kit.emulator().admin.config({ faults: '429=1' });
    planAndStart(addon, { fields: ['work_email'] });
    await kit.emulator().admin.config({ faults: '429=0' });
    expect(await kit.emulator().admin.jobs()).toHaveLength(0);
    damageTheRunRecord(addon);
    const problems = addon.call<ProgressView>('getProgress').problems ?? [];
    expect(problems.join(' ')).not.toMatch(/import them by their ids/);
    // It certainly never arrived: its row holds nothing.
    expect(sendsRow2(addon)).toBe(1);
  });

  it('a cancel before the resend takes back the retry only: the lost start waits for its import again', async () => {
    const { addon, jobId, ref } = await retriedLostStart(kit, 'killed', false);
    addon.call('cancelRun', ref.runId);
    pollUntilIdle(addon);
    // Not "canceled, nothing charged": the first start may have been, and its way out is offered again.
    expect(rowsOf(addon)[0]!.status).toBe(STATUS.ambiguous);
    expect(progress(addon, ref.runId).ambiguousJobs).toHaveLength(1);
    expect(sendsRow2(addon)).toBe(0);
    await importedOnce(addon, jobId);
  });
});

/**
 * "Look up again" of every row sends none of the 20 contacts the stuck job may still charge, nor a
 * row reading so (it holds what it still asks); those it answered early may be bought again.
 */
function expectHeldFromLookUpAgain(addon: Addon): void {
  addon.setSelection(`A2:D41`, SHEET);
  const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS, overwrite: true });
  const skipped = new Set(plan.skipped.map(({ row }) => row));
  const held = rowsOf(addon).flatMap((row, index) => (row.status === STATUS.unfetched ? [index + 2] : []));
  expect(held.length).toBeGreaterThanOrEqual(20);
  expect(held.filter((row) => !skipped.has(row))).toEqual([]);
}

/** A job stuck for a day, held for a decision, whose retry was killed before its resend left. */
async function retriedStuckNotResent() {
  const { addon, start, job: stuck } = await stuckForADay(kit);
  const [held] = progress(addon, start.runId).ambiguousJobs ?? [];
  const ref = { runId: start.runId, seq: held!.seq };
  expect(() => addon.callWith({ killAfter: { 'Properties.setProperties': 2 } }, 'retryJob', ref)).toThrow();
  return { addon, start, stuck: stuck!, held: held!, ref };
}

describe('a retry of a job stuck for 24 hours not resent yet, its run record then damaged', () => {
  it("collects the stuck job by its id (the retry's consent went with its run): its later answers reach the rows", async () => {
    const { addon, stuck } = await retriedStuckNotResent();
    damageTheRunRecord(addon);
    // Held until it is collected, as before the retry: not even "look up again" buys its contacts.
    expectHeldFromLookUpAgain(addon);
    // The stuck job goes on at the provider, and charges its other contacts.
    await kit.emulator().admin.finishJob(stuck.id);
    pollUntilIdle(addon);
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe('a job stuck for 24 hours, held for a decision, its run record then damaged', () => {
  it('is collected by its id: what the provider charges later reaches the rows (fuzz finding 36)', async () => {
    const { addon, start, job: stuck } = await stuckForADay(kit);
    expect(progress(addon, start.runId).ambiguousJobs).toHaveLength(1);
    damageTheRunRecord(addon);
    // Held meanwhile, with the decision the run record carried: not even "look up again" buys them.
    expectHeldFromLookUpAgain(addon);
    await kit.emulator().admin.finishJob(stuck!.id);
    // The job's run ended (held for a decision), so no background check runs: Ann opens the sidebar.
    addon.call('pollJobs');
    pollUntilIdle(addon);
    // Nothing collected it before: the 20 rows the forced fetch could not answer kept "may have
    // been charged", and the answers the provider charged for them were never fetched.
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe('a job stuck for 24 hours, held for a decision, its list of contacts then lost', () => {
  it("the user follows the refusal's words: an import by its id alone collects it, and the run counts what it charged", async () => {
    const { addon, start, job: stuck } = await stuckForADay(kit);
    const jobs = addon.spreadsheet.getSheetByName(JOB_SHEET_NAME)!;
    jobs.getRange(jobs.getLastRow(), 2).setValue('{"v":1,"garbage');
    await kit.emulator().admin.finishJob(stuck!.id);
    const [held] = progress(addon, start.runId).ambiguousJobs ?? [];
    expect(() =>
      addon.call('importJob', { jobId: stuck!.id, job: { runId: start.runId, seq: held!.seq } }),
    ).toThrow(/import it by its id alone \("Import a job by its id"\)/);
    // Its results give its list back, and it is collected into its own record. Before (stop 57),
    // the run's log row made this "imported already": its answers were saved, but the 3 rows the
    // provider found nothing for kept "may have been charged", its later charge reached neither
    // the card nor the Spending tab, and the Jobs panel asked the same import for good.
    expect(addon.call('importJob', { jobId: stuck!.id })).toMatchObject({ runId: start.runId, contacts: 40 });
    pollUntilIdle(addon);
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    const charged = (await kit.emulator().admin.outcomes()).reduce(
      (sum, outcome) => sum + outcome.credits,
      0,
    );
    expect(progress(addon, start.runId)).toMatchObject({ state: 'finished', credits: charged });
    expect(progress(addon, start.runId).ambiguousJobs ?? []).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe('a stuck job whose run record was lost, given a run of its own, then held for a decision', () => {
  it('is imported by the id its card names, choosing it: what the provider charged reaches the rows (fuzz finding 53)', async () => {
    const addon = kit.open(contactRows(people(40, 0)));
    await kit.emulator().admin.config({ faults: 'stuck=1' });
    planAndStart(addon);
    await kit.emulator().admin.config({ faults: 'stuck=0' });
    await sleep(600);
    const [stuck] = await kit.emulator().admin.jobs();
    damageTheRunRecord(addon);
    firePoll(addon);
    addon.advanceClock(25 * 60 * 60 * 1000);
    firePoll(addon);
    const run = addon
      .call<ProgressView>('getProgress')
      .runs.find((candidate) => candidate.ambiguousJobs?.length);
    const held = run!.ambiguousJobs![0]!;
    // The card names the job by its id: the dashboard names it after the run that started it, whose
    // record was lost, not after the run the job was given. Following the card was refused as
    // "another job", and the answers the provider charged later were never saved.
    expect(held.problem).toContain(`by its id ${stuck!.id}`);
    await kit.emulator().admin.finishJob(stuck!.id);
    addon.call('importJob', { jobId: stuck!.id, job: { runId: run!.runId, seq: held.seq } });
    pollUntilIdle(addon);
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});

describe('a retry of a job stuck for 24 hours whose resend is lost', () => {
  it('the resend, a job of its own, is imported by its own name, and the stuck job is still collected: the run counts what each charged', async () => {
    const { addon, start, job: stuck } = await stuckForADay(kit);
    const [held] = progress(addon, start.runId).ambiguousJobs ?? [];
    await kit.emulator().admin.config({ faults: 'lost=1' });
    addon.call('retryJob', { runId: start.runId, seq: held!.seq });
    await kit.emulator().admin.config({ faults: 'lost=0' });
    await kit.emulator().admin.finishJob(stuck!.id);
    const jobs = await jobsEnded(kit.emulator());
    const resend = jobs.find((job) => job.id !== stuck!.id)!;
    const finished = jobs.find((job) => job.id === stuck!.id)!;
    expect(resend.name).toBe(stuck!.name.replace(/job 1$/, 'job 2'));
    // The stuck job went on charging after its forced fetch: the rest of its contacts too.
    expect(finished.credits).toBeGreaterThan(stuck!.credits);
    const lost = progress(addon, start.runId).ambiguousJobs?.find((job) => job.name === resend.name);
    addon.call('importJob', { jobId: resend.id, job: { runId: start.runId, seq: lost!.seq } });
    pollUntilIdle(addon);
    expect(progress(addon, start.runId)).toMatchObject({
      state: 'finished',
      credits: finished.credits + resend.credits,
    });
  });
});

describe('a retry of a job stuck for 24 hours that never finishes', () => {
  it('is followed a day from the Retry, then ends holding nothing: no decision is asked again', async () => {
    const { addon, start } = await stuckForADay(kit);
    const [held] = progress(addon, start.runId).ambiguousJobs ?? [];
    addon.call('retryJob', { runId: start.runId, seq: held!.seq });
    await sleep(700);
    pollUntilIdle(addon);
    // The resend wrote its rows; the stuck job may still charge what it resent: followed.
    expect(progress(addon, start.runId)).toMatchObject({ state: 'running', done: 40, sent: 40 });
    expect(progress(addon, start.runId).ambiguousJobs).toBeUndefined();
    addon.advanceClock(25 * 60 * 60 * 1000);
    firePoll(addon);
    const run = progress(addon, start.runId);
    expect(run).toMatchObject({ state: 'finished', done: 40 });
    expect(run.ambiguousJobs).toBeUndefined();
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });
});

describe('a retry of a job stuck for 24 hours, canceled before it was resent', () => {
  it('takes back the retry only: the stuck job waits for a decision again, and its import saves what it charged', async () => {
    const { addon, start, stuck, held, ref } = await retriedStuckNotResent();
    addon.call('cancelRun', start.runId);
    // Before, the cancel closed it as never sent ("canceled"), though the provider goes on with it.
    const [again] = progress(addon, start.runId).ambiguousJobs ?? [];
    expect(again).toMatchObject({ seq: held.seq, name: stuck.name });
    await kit.emulator().admin.finishJob(stuck.id);
    await jobsEnded(kit.emulator());
    addon.call('importJob', { jobId: stuck.id, job: ref });
    pollUntilIdle(addon);
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});
