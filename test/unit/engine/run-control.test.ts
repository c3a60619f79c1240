import { answerStarts, apiError, lostAnswer } from '../fakes/fake-api';
import { createWorld, hasTrigger } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll, progress, server } from '../fakes/scenario';

/** 250 rows in 3 jobs: the API takes the first start and asks us to slow down for the other two. */
function runWithQueuedJobs() {
  const world = createWorld();
  const sheet = contactsSheet(world, people(250));
  answerStarts(world.api, (n, send) => (n === 0 ? send() : apiError(429, 'error.rate.limit')));
  const { start } = planAndStart(world);
  return { world, sheet, runId: start.runId };
}

describe('cancel a run', () => {
  it('never sends its queued jobs, and still writes the answers of the job already started (and paid)', () => {
    const { world, sheet, runId } = runWithQueuedJobs();
    expect(world.api.jobs.size).toBe(1);
    expect(progress(world).runs[0]).toMatchObject({ state: 'running', queuedContacts: 150 });

    server(world).cancelRun(runId);
    const statuses = sheet.column('Status');
    expect(statuses.slice(100)).toEqual(Array(150).fill('canceled'));
    expect(progress(world).runs[0]).toMatchObject({ state: 'running', unprocessed: 150 });

    world.clock.time += 60_000;
    poll(world);
    poll(world);
    expect(world.api.jobs.size).toBe(1);
    expect(
      sheet
        .column('Status')
        .slice(0, 100)
        .every((status) => status === 'found'),
    ).toBe(true);
    expect(progress(world).runs[0]).toMatchObject({
      state: 'canceled',
      error: expect.stringMatching(/^Canceled: 150 contacts were not sent/),
    });
    expect(hasTrigger(world)).toBe(false);
  });

  it('ends a run a refused key stopped before it sent anything: nothing is left to wait for', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    world.api.startError = apiError(401, 'error.api.key');
    const { start } = planAndStart(world);
    expect(progress(world).runs[0]).toMatchObject({ waitingForKey: true, queuedContacts: 2 });

    server(world).cancelRun(start.runId);
    expect(sheet.column('Status')).toEqual(['canceled', 'canceled']);
    const run = progress(world).runs[0]!;
    expect(run).toMatchObject({ state: 'canceled', unprocessed: 2 });
    expect(run.waitingForKey).toBeUndefined();
    expect(progress(world).stoppedByKey).toBeUndefined();
    expect(world.api.jobs.size).toBe(0);
  });

  it('refuses a run that has ended', () => {
    const world = createWorld();
    contactsSheet(world, people(2));
    const { start } = planAndStart(world);
    poll(world);
    expect(progress(world).runs[0]?.state).toBe('finished');
    expect(() => server(world).cancelRun(start.runId)).toThrow('This run has already ended.');
  });
});

describe('clear ended runs', () => {
  it('empties the Jobs list of ended runs and keeps one that is still running', () => {
    const world = createWorld();
    contactsSheet(world, people(2));
    planAndStart(world);
    poll(world);
    const { runId } = runWithQueuedJobsIn(world);
    expect(progress(world).runs).toHaveLength(2);
    expect(
      server(world)
        .clearEndedRuns()
        .runs.map((run) => run.runId),
    ).toEqual([runId]);
  });
});

function runWithQueuedJobsIn(world: ReturnType<typeof createWorld>) {
  contactsSheet(world, people(250, 'Globex'), 'More');
  world.spreadsheet.active = world.spreadsheet.sheets.length - 1;
  const { start } = planAndStart(world);
  return { runId: start.runId };
}

describe('a run a refused key stopped, reopened by a retry', () => {
  it('runs to its end as any run: no longer "waiting for a key", nothing left to resume', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(150));
    // The first job's start answer is lost (it may have been made), the second start's key refused.
    answerStarts(world.api, (n, send) =>
      n === 0 ? lostAnswer() : n === 1 ? apiError(401, 'error.api.key') : send(),
    );
    const { start } = planAndStart(world);
    expect(progress(world).runs[0]).toMatchObject({ waitingForKey: true, queuedContacts: 50 });
    expect(progress(world).runs[0]!.ambiguousJobs).toHaveLength(1);

    // The key works again; the user retries the lost start (its price shown) instead of resuming.
    server(world).retryJob({ runId: start.runId, seq: 0 });
    poll(world);
    expect(sheet.column('Status').every((status) => status === 'found')).toBe(true);
    const run = progress(world).runs[0]!;
    expect(run.state).toBe('finished');
    expect(run.waitingForKey).toBeUndefined();
    expect(progress(world).stoppedByKey).toBeUndefined();
  });

  it('stays stopped when the lost start is imported instead: an import consents to no queued job', () => {
    const world = createWorld();
    contactsSheet(world, people(150));
    // The first job is made at the provider but its start's answer is lost; the second start's key refused.
    answerStarts(world.api, (n, send) =>
      n === 0 ? (send(), lostAnswer()) : n === 1 ? apiError(401, 'error.api.key') : send(),
    );
    const { start } = planAndStart(world);
    server(world).importJob({ jobId: 'job-1', job: { runId: start.runId, seq: 0 } });
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ waitingForKey: true, queuedContacts: 50 });
    expect(world.api.jobs.size).toBe(1);
  });
});
