/**
 * A lost start's rows when its records are damaged too: they keep the words that name Retry and
 * Import, and every refusal names the way out ("look up again" where no dashboard can help), so a
 * user who follows it literally buys nothing twice. Split from damaged-records.test.ts.
 */
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { ApiError } from '../../../src/api/errors';
import { STATUS } from '../../../src/domain/statuses';
import { createWorld } from '../fakes/context';
import { FakeApi, loseStartAnswers, outOfCreditsAtOnce } from '../fakes/fake-api';
import type { MemorySheet } from '../fakes/memory-spreadsheet';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  progress,
  server,
  jobKeys,
} from '../fakes/scenario';

describe('rows a lost start holds, and an earlier job of the same rows imported by its id', () => {
  it('keep "may have been started", the words that name Retry and Import, not the earlier job\'s', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    world.api.outcomeFor = (job) => (job.id === 'job-1' ? outOfCreditsAtOnce(world.api, job) : undefined);
    planAndStart(world);
    poll(world);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.outOfCredits));
    world.api.startJobs = (starts) =>
      starts.map(() => new ApiError(502, 'http.502', 'HTTP 502', 'The service said 502.', true, true));
    planAndStart(world);
    poll(world);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.ambiguous));
    // The user imports what the dashboard shows: the earlier job, not the lost start. The log
    // counts it already, so the import is refused and writes nothing over the rows.
    expect(() => server(world).importJob({ jobId: 'job-1' })).toThrow(/imported already/);
    poll(world);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.ambiguous));
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
  });
});

describe('a lost start whose run has ended', () => {
  function endedWithLostStart() {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    world.api.startJobs = (starts) =>
      starts.map(() => new ApiError(502, 'http.502', 'HTTP 502', 'The service said 502.', true, true));
    planAndStart(world);
    poll(world);
    expect(progress(world).runs[0]!.state).toBe('failed');
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.ambiguous));
    return { world, sheet };
  }

  /** The lost start retried, its resend's start lost too (never at the provider). */
  function retriedIntoALostStart() {
    const ended = endedWithLostStart();
    const [run] = progress(ended.world).runs;
    server(ended.world).retryJob({ runId: run!.runId, seq: 0 });
    poll(ended.world);
    poll(ended.world);
    return { ...ended, runId: run!.runId };
  }

  it('its record broken later: a preview still does not send its "may have been started" rows', () => {
    const { world } = endedWithLostStart();
    world.documentStore.set(jobKeys(world)[0]!, '{not json');
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan).toMatchObject({ contactsToSend: 0, maxCredits: 0 });
    // The job sheet still lists the broken record's contacts (engine/paid-once.ts): the reason says so.
    expect(plan.skipped?.[0]?.reason ?? '').toMatch(/stored record was damaged: import the job by its id/);
  });

  it('its list lost from the job sheet: Import on that job says how to import it by id instead', () => {
    const { world } = endedWithLostStart();
    world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
    const [run] = progress(world).runs;
    expect(() => server(world).importJob({ jobId: 'job-123', job: { runId: run!.runId, seq: 0 } })).toThrow(
      /list of contacts was lost.*import it by its id alone \("Import a job by its id"\)/,
    );
  });

  it('its list garbled, the provider without it: Retry names "look up again", which sends its rows', () => {
    // Chaos seed 53: 96 rows read "may have been started" for good; the only advice was an import.
    const { world, sheet } = endedWithLostStart();
    const jobs = world.spreadsheet.hiddenSheet(JOB_SHEET_NAME, false) as MemorySheet;
    jobs.set(jobs.lastRow(), 2, 'garbage');
    const [run] = progress(world).runs;
    expect(() => server(world).retryJob({ runId: run!.runId, seq: 0 })).toThrow(
      /import it by its id .*; if the provider's dashboard has none, look its rows up again/,
    );
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
    const again = server(world).planRun({ ...ENRICH_WORK_EMAIL, overwrite: true });
    expect(again.contactsToSend).toBe(3);
    // The provider is reachable again.
    world.api.startJobs = FakeApi.prototype.startJobs;
    server(world).startRun(again.planId);
    poll(world);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.found));
  });

  it('its Retry lost too, the resend\'s list garbled: both refusals name "look up again", which sends them', () => {
    // Chaos seed 67: the lost start and its resend, neither at the provider, held 95 rows for good.
    const { world, sheet, runId } = retriedIntoALostStart();
    const jobs = world.spreadsheet.hiddenSheet(JOB_SHEET_NAME, false) as MemorySheet;
    jobs.set(jobs.lastRow(), 2, 'garbage');
    poll(world);
    const waiting = progress(world).runs[0]!.ambiguousJobs ?? [];
    expect(waiting.map((job) => job.seq)).toEqual([0, 1]);
    // The lost start's refusal names its rows (its list is readable); its resend's cannot.
    const refusals = waiting.map((job) => {
      try {
        server(world).retryJob({ runId: runId, seq: job.seq });
      } catch (error) {
        return String(error);
      }
    });
    expect(refusals).toEqual([
      expect.stringContaining('look its rows 2–4 up again.'),
      expect.stringContaining('look its rows up again.'),
    ]);
    world.api.startJobs = FakeApi.prototype.startJobs;
    const again = server(world).planRun({ ...ENRICH_WORK_EMAIL, overwrite: true });
    expect(again.contactsToSend).toBe(3);
    server(world).startRun(again.planId);
    poll(world);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.found));
  });

  it('its Retry lost at the provider, its list garbled: the lost start imported leaves the rows held', () => {
    // Chaos seed 12 with damage, 1 run in 4: the import wrote "out of credits" over the rows, all
    // that held them for the resend, and the next run charged 30 people the resend had bought.
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    world.api.outcomeFor = (job) => (job.id === 'job-1' ? outOfCreditsAtOnce(world.api, job) : undefined);
    // Both starts reach the provider; neither answer comes back.
    loseStartAnswers(world.api);
    planAndStart(world);
    poll(world);
    const { runId } = progress(world).runs[0]!;
    server(world).retryJob({ runId, seq: 0 });
    const jobs = world.spreadsheet.hiddenSheet(JOB_SHEET_NAME, false) as MemorySheet;
    jobs.set(jobs.lastRow(), 2, 'garbage');
    world.api.startJobs = FakeApi.prototype.startJobs;
    server(world).importJob({ jobId: 'job-1', job: { runId, seq: 0 } });
    poll(world);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.damagedJob));
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
    // The rows' words name the way out: the resend, imported by its id, fills them, each paid once.
    server(world).importJob({ jobId: 'job-2' });
    poll(world);
    poll(world);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.found));
    expect(world.api.jobs.get('job-2')!.items).toHaveLength(3);
    expect(world.api.jobs.size).toBe(2);
  });

  it("its Retry lost, that one's Retry at the provider: both unreadable, the refusal names both", () => {
    // Chaos seed 70: it named the first only; the user, its dashboard without that one, looked the
    // rows up again, and 7 people the second had bought were charged twice.
    const { world, sheet, runId } = retriedIntoALostStart();
    world.api.startJobs = FakeApi.prototype.startJobs;
    server(world).retryJob({ runId: runId, seq: 1 });
    expect(world.api.jobs.size).toBe(1);
    // The first resend's list garbled, the second's record broken.
    const jobs = world.spreadsheet.hiddenSheet(JOB_SHEET_NAME, false) as MemorySheet;
    const keys = jobs.readDisplayValues(1, 1, jobs.lastRow(), 1).map(([key]) => key);
    jobs.set(keys.lastIndexOf(`${runId}.1`) + 1, 2, 'garbage');
    world.documentStore.set(`${DOCUMENT_PROPERTY.jobPrefix}${runId}.2`, '{not json');
    expect(() => server(world).retryJob({ runId: runId, seq: 0 })).toThrow(
      `import run ${runId} job 2 or job 3 by its id, or, if the provider's dashboard has none, look its rows 2–4 up again.`,
    );
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.ambiguous));
  });
});
