/**
 * The API misbehaving while a run is out: rate limits, server errors, an outage, a stuck job, the
 * credits running out, a refused key. Every run must end with every row accounted for and the
 * credits charged once.
 */
import { foundEmail } from '../../scripts/lib/sheet-outputs';
import type { Addon } from '../../dev/gas/harness';
import type { PlanView, ProgressView } from '../../src/app/sidebar-contract';
import { STATUS } from '../../src/domain/statuses';
import {
  contactRows,
  engineKit,
  FIELDS,
  firePoll,
  jobsEnded,
  people,
  planAndStart,
  progress,
  rowsOf,
  settle,
  stuckForADay,
} from './support/engine';

const kit = engineKit();

/** Every row ends with a final Status, and the run's counts agree with the cells and the API. */
async function expectComplete(addon: Addon, runId: string): Promise<void> {
  const run = await settle(addon, runId);
  expect(run.state).toBe('finished');
  expect(run.done).toBe(run.sent);
  const rows = rowsOf(addon);
  expect(rows.filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
  expect(run.found.workEmail).toBe(rows.filter((row) => foundEmail(row, 'work')).length);
  expect(run.credits).toBe((await kit.emulator().admin.stats()).credits_spent);
  expect(addon.triggers()).toEqual([]);
}

describe('faults while jobs run', () => {
  it('rides out a 429 storm with bounded retries and finishes once it passes', async () => {
    const addon = kit.open(contactRows(people(150)));
    const { start } = planAndStart(addon);
    await jobsEnded(kit.emulator());
    await kit.emulator().admin.config({ faults: '429=1' });
    for (let poll = 0; poll < 3; poll++) {
      const before = addon.counts.urlfetch;
      firePoll(addon);
      // Two jobs, five tries at most each (DEFAULT_RETRY_POLICY): never a request loop.
      expect(addon.counts.urlfetch - before).toBeLessThanOrEqual(10);
    }
    expect(progress(addon, start.runId)).toMatchObject({ state: 'running', done: 0 });
    expect(rowsOf(addon).every((row) => row.status === 'pending')).toBe(true);
    await kit.emulator().admin.config({ faults: '429=0' });
    await expectComplete(addon, start.runId);
  });

  it('rides the real rate limit in few requests: the emulator windows run on the runtime clock', async () => {
    await kit.emulator().admin.config({ rateLimit: 5 });
    const addon = kit.open(contactRows(people(1200)));
    const { start } = planAndStart(addon);
    await expectComplete(addon, start.runId);
    const stats = await kit.emulator().admin.stats();
    const limited = Object.values(stats.requests).reduce((sum, byStatus) => sum + (byStatus['429'] ?? 0), 0);
    // 1 balance + 12 starts + 12 results; each fetchAll past a full window costs a 429 per extra
    // request (measured: about 97 in all). With the windows on real time it never finished.
    expect(addon.counts.urlfetch).toBeLessThanOrEqual(150);
    expect(limited).toBeGreaterThan(0);
  });

  it('sleeping on the harness clock, makes exactly the requests of a run that really sleeps', async () => {
    // A 1-second "minute" keeps the really sleeping run short (about 2 s).
    const urlfetchCalls: number[] = [];
    for (const realSleep of [true, false]) {
      await kit.emulator().admin.reset();
      await kit.emulator().admin.config({ rateLimit: 3, minuteMs: 1000 });
      const addon = kit.open(contactRows(people(400)), { realSleep });
      const { start } = planAndStart(addon);
      await expectComplete(addon, start.runId);
      urlfetchCalls.push(addon.counts.urlfetch);
    }
    const [sleepingForReal, onTheClock] = urlfetchCalls;
    // 1 balance + 4 starts + 4 results, and a 429 for each request that met a full window: 14
    // measured both ways. With the windows on real time the clock run made 115: each sleep moved only
    // the harness clock, so every retry met the same full window.
    expect(onTheClock).toBe(sleepingForReal);
    expect(sleepingForReal).toBeLessThanOrEqual(16);
  });

  it('finishes through random 5xx answers with every row filled', async () => {
    // Starts go out cleanly (a 5xx on a start is ambiguous and never resent: see job-starts.test.ts).
    const addon = kit.open(contactRows(people(250)));
    const { start } = planAndStart(addon);
    await kit.emulator().admin.config({ faults: '5xx=0.4' });
    await expectComplete(addon, start.runId);
    const stats = await kit.emulator().admin.stats();
    const failures = Object.values(stats.requests).reduce(
      (sum, byStatus) => sum + (byStatus['500'] ?? 0) + (byStatus['503'] ?? 0),
      0,
    );
    expect(failures).toBeGreaterThan(0);
  });

  it('keeps jobs pending through a poll with the API down, then collects them', async () => {
    const addon = kit.open(contactRows(people(30)));
    const { start } = planAndStart(addon);
    await jobsEnded(kit.emulator());
    for (const down of ['reset', true] as const) {
      await kit.emulator().admin.config({ down });
      const sent = addon.requests().length;
      expect(firePoll(addon)).toBe(1);
      expect(
        addon
          .requests()
          .slice(sent)
          .map((request) => request.status),
      ).toContain(down === true ? 503 : 0);
    }
    expect(addon.triggerFailures()).toEqual([]);
    expect(progress(addon, start.runId)).toMatchObject({ state: 'running', done: 0 });
    expect(addon.triggers()).toHaveLength(1);
    await kit.emulator().admin.config({ down: false });
    await expectComplete(addon, start.runId);
  });

  it('waits for a job stuck in progress over many polls without giving up the others', async () => {
    const addon = kit.open(contactRows(people(150)));
    await kit.emulator().admin.config({ jobMs: 60_000 });
    const { start } = planAndStart(addon);
    const [first, second] = await kit.emulator().admin.jobs();
    await kit.emulator().admin.stickJob(first!.id);
    await kit.emulator().admin.finishJob(second!.id);
    for (let poll = 0; poll < 12; poll++) firePoll(addon);
    const run = progress(addon, start.runId);
    expect(run).toMatchObject({ state: 'running', done: second!.total });
    expect(rowsOf(addon).filter((row) => row.status === 'pending')).toHaveLength(first!.total);
    expect(addon.triggers()).toHaveLength(1);
    await kit.emulator().admin.finishJob(first!.id);
    await expectComplete(addon, start.runId);
  });

  it('fetches a job stuck for 24 hours with forceResults before giving it up: nothing it may charge is bought again', async () => {
    const { addon, start, job } = await stuckForADay(kit);
    const run = progress(addon, start.runId);
    expect(run.state).not.toBe('running');
    const rows = rowsOf(addon);
    // Its 20 processed contacts: those found are written (those not found cost nothing).
    const found = rows.filter((row) => row.status === 'found').length;
    expect(found).toBeGreaterThan(10);
    const held = rows.filter((row) => row.status === STATUS.unfetched).length;
    expect(found + held).toBe(40);
    // Its start answered: its error counts the rows held and says the job gave no answer, not that a start was lost.
    expect(run.error).toMatch(
      new RegExp(
        `^${held} contacts \\(1 job\\) got no answer from a started job, which may still charge them;`,
      ),
    );
    // The job may still charge the contacts it has not reached (fuzz finding 16): none is sent again.
    const again = addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS });
    expect(again.contactsToSend).toBe(0);
    // It does resume at the provider; the user imports it by its id, as the Jobs panel says.
    await kit.emulator().admin.finishJob(job!.id);
    const [held0] = progress(addon, start.runId).ambiguousJobs ?? [];
    addon.call('importJob', { jobId: job!.id, job: { runId: start.runId, seq: held0!.seq } });
    await jobsEnded(kit.emulator());
    for (let poll = 0; poll < 3 && addon.triggers().length; poll++) firePoll(addon);
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });

  it('writes what was found when the credits run out mid-job and marks the rest', async () => {
    const addon = kit.open(contactRows(people(60, 0)));
    await kit.emulator().admin.config({ jobMs: 1500 });
    const { start } = planAndStart(addon);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // The emulator processes contacts when asked: make it charge the ones due so far, then empty the balance.
    const [job] = await kit.emulator().admin.jobs();
    expect(job!.processed).toBeGreaterThan(0);
    await kit.emulator().admin.setCredits(0);
    const run = await settle(addon, start.runId);
    expect(run.state).toBe('out_of_credits');
    expect(run.error).toMatch(/^Out of credits: add credits/);
    const rows = rowsOf(addon);
    const found = rows.filter((row) => row.status === 'found');
    const out = rows.filter((row) => row.status === 'out of credits');
    expect(found.length).toBeGreaterThan(0);
    expect(out.length).toBeGreaterThan(0);
    expect(found.length + out.length + rows.filter((row) => row.status === 'not found').length).toBe(60);
    expect(out.every((row) => !row.workEmail && !row.phone)).toBe(true);
    expect(run.credits).toBe((await kit.emulator().admin.stats()).credits_spent);
    // The run says how many were not processed, not "60 of 60 done".
    expect(run.unprocessed).toBe(out.length);
    const anyFound = rows.filter((row) => foundEmail(row, 'work') || row.phone).length;
    expect(addon.ui.toasts.map((toast) => toast.message)).toContain(
      `Contacts: ${anyFound} of 60 contacts found (${out.length} not processed), ${run.credits} credits charged. ${run.error}`,
    );
  });

  it('stops with a clear message when the key is refused at start', async () => {
    const addon = kit.open(contactRows(people(5)), { apiKey: 'not-a-valid-key' });
    const { plan, start } = planAndStart(addon);
    expect(plan.balance).toBeNull();
    expect(start.message).toMatch(/key/i);
    const view = addon.call<ProgressView>('getProgress');
    expect(view.pending).toBe(false);
    expect(view.runs[0]).toMatchObject({ state: 'failed', error: expect.stringMatching(/key/i) });
    expect(addon.triggers()).toEqual([]);
  });

  it('fails the run when the key is revoked while jobs are out', async () => {
    const addon = kit.open(contactRows(people(5)));
    const { start } = planAndStart(addon);
    await jobsEnded(kit.emulator());
    addon.properties.user.setProperty('sheetEnrich.apiKey', 'revoked-key');
    firePoll(addon);
    expect(progress(addon, start.runId)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/key/i),
    });
    expect(addon.triggers()).toEqual([]);
  });

  it('waits for a key removed while jobs are out, then finishes them once a key is saved and the run resumed', async () => {
    const addon = kit.open(contactRows(people(5)));
    const { start } = planAndStart(addon);
    await jobsEnded(kit.emulator());
    addon.call('saveSettings', { apiKey: '' });
    firePoll(addon);
    const waiting = progress(addon, start.runId);
    expect(waiting).toMatchObject({ state: 'failed', error: expect.stringMatching(/save your API key/i) });
    expect(addon.triggers()).toEqual([]);
    expect(rowsOf(addon).map((row) => row.status)).toEqual(Array(5).fill('pending'));

    const settings = addon.call<{ stoppedByKey?: object }>('saveSettings', { apiKey: kit.emulator().apiKey });
    // Its jobs were all sent (and paid): resuming only polls them.
    expect(settings.stoppedByKey).toEqual({ runs: 1, maxCredits: 0 });
    addon.call('resumeStoppedRuns');
    const done = await settle(addon, start.runId);
    expect(done).toMatchObject({ state: 'finished', sent: 5, done: 5 });
    expect(done.credits).toBe((await kit.emulator().admin.stats()).credits_spent);
  });
});
