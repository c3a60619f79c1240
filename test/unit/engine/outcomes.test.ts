import { ApiError } from '../../../src/api/errors';
import { apiError } from '../fakes/fake-api';
import { createWorld, type TestWorld, hasTrigger } from '../fakes/context';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  progress,
  server,
  startedRun,
} from '../fakes/scenario';

const scriptOutcome = (world: TestWorld, outcome: TestWorld['api']['outcomeFor']) =>
  (world.api.outcomeFor = outcome);

describe('poll outcomes', () => {
  it('out of credits: writes what was found, marks the rest, and keeps only answers in the ledger', () => {
    const { world, sheet } = startedRun(4);
    scriptOutcome(world, (job) => ({
      kind: 'result',
      result: world.api.resultOf(job, 'CREDITS_INSUFFICIENT', 2),
    }));
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'out of credits', 'out of credits']);
    expect(progress(world).runs[0]).toMatchObject({
      state: 'out_of_credits',
      done: 4,
      credits: 2,
      error: expect.stringMatching(/credits/),
    });
    world.api.outcomeFor = () => undefined;
    const again = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(again).toMatchObject({
      contactsToSend: 2,
      skipped: [{ reason: 'already enriched' }, { reason: 'already enriched' }],
    });
  });

  it('canceled: found rows written, the rest marked canceled', () => {
    const { world, sheet } = startedRun(2);
    scriptOutcome(world, (job) => ({ kind: 'result', result: world.api.resultOf(job, 'CANCELED', 1) }));
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'canceled']);
    expect(progress(world).runs[0]!.state).toBe('canceled');
  });

  it('404: rows marked failed, run failed', () => {
    const { world, sheet } = startedRun(2);
    scriptOutcome(world, () => ({ kind: 'error', error: apiError(404, 'error.enrichment.not_found') }));
    poll(world);
    expect(sheet.column('Status')).toEqual([
      'failed: the job was not found at the API',
      'failed: the job was not found at the API',
    ]);
    expect(progress(world).runs[0]).toMatchObject({ state: 'failed' });
  });

  it.each([429, 500, 503])('%i: keeps the job pending and backs off', (status) => {
    const { world, sheet } = startedRun(2);
    scriptOutcome(world, () => ({ kind: 'error', error: apiError(status) }));
    poll(world);
    expect(sheet.column('Status')).toEqual(['pending', 'pending']);
    expect(hasTrigger(world)).toBe(true);
    expect(progress(world).runs[0]!.retryAt).toBe(
      new Date(world.clock.time + 15000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
    world.api.outcomeFor = () => undefined;
    const polls = world.api.pollCalls;
    poll(world);
    expect(world.api.pollCalls).toBe(polls);
    world.clock.time += 15000;
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
    expect(progress(world).runs[0]!.retryAt).toBeUndefined();
  });

  it('not ready: polled again next time until the answer is there', () => {
    const world = createWorld();
    world.api.notReadyPolls = 2;
    const sheet = contactsSheet(world, people(1));
    planAndStart(world);
    poll(world);
    poll(world);
    expect(sheet.column('Status')).toEqual(['pending']);
    expect(progress(world).pending).toBe(true);
    poll(world);
    expect(sheet.column('Status')).toEqual(['found']);
  });

  it('401: stops, tells the user, and resumes once a new key is saved', () => {
    const { world, sheet } = startedRun(2);
    scriptOutcome(world, () => ({ kind: 'error', error: apiError(401, 'error.api.key') }));
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({
      state: 'failed',
      error: expect.stringContaining('The service said 401.'),
    });
    expect(hasTrigger(world)).toBe(false);
    const polls = world.api.pollCalls;
    poll(world);
    expect(world.api.pollCalls).toBe(polls);
    world.api.outcomeFor = () => undefined;
    // Saving a key resumes nothing by itself: the settings say what waits and what resuming costs.
    const settings = server(world).saveSettings({ apiKey: 'new-key-1234' });
    expect(settings.stoppedByKey).toEqual({ runs: 1, maxCredits: 0 });
    expect(hasTrigger(world)).toBe(false);
    poll(world);
    expect(world.api.pollCalls).toBe(polls);
    server(world).resumeStoppedRuns();
    expect(hasTrigger(world)).toBe(true);
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
  });

  it('a refused key at start: nothing sent, the run says why', () => {
    const world = createWorld();
    contactsSheet(world, people(2));
    world.api.startError = apiError(401, 'error.api.key');
    const { start } = planAndStart(world);
    expect(start.message).toMatch(/^The service said 401\. The run is waiting: save your API key/);
    expect(progress(world).runs[0]!.state).toBe('failed');
  });

  it('a rate limit at start: the job stays queued and the poller sends it later', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    world.api.startError = apiError(429, 'error.rate.limit');
    planAndStart(world);
    expect(world.api.jobs.size).toBe(0);
    world.api.startError = undefined;
    world.clock.time += 20000;
    poll(world);
    expect(world.api.jobs.size).toBe(1);
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
  });

  it('gives up waiting for a job with no answer after a day, and holds its row as maybe charged', () => {
    const { world, sheet } = startedRun(1);
    world.api.notReadyPolls = 1000;
    // Asked with forceResults before it is given up (paid-once.test.ts): it found nothing.
    world.api.forcedItems = 0;
    poll(world);
    world.clock.time += 25 * 60 * 60 * 1000;
    poll(world);
    expect(sheet.column('Status')).toEqual([
      'may have been charged: its job gave no answer for it, so it was not sent again (see Jobs)',
    ]);
  });
});

describe('rows of a run stopped by a refused key', () => {
  it('are not sent again by a new run while that run waits for a key (its jobs are paid for)', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    planAndStart(world);
    world.api.outcomeFor = () => ({ kind: 'error', error: apiError(401, 'error.api.key') });
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'failed' });
    // The refusal was passing (or the key was re-enabled in the dashboard): a new plan works.
    world.api.outcomeFor = () => undefined;
    const again = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(again.contactsToSend).toBe(0);
    expect(again.skipped.map((skip) => skip.reason)).toEqual([
      expect.stringContaining('save the API key'),
      expect.stringContaining('save the API key'),
    ]);
    // Resuming the stopped run (the user's go-ahead after saving the key) fills the rows: one job in all.
    server(world).saveSettings({ apiKey: 'new-key-1234' });
    server(world).resumeStoppedRuns();
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
    expect(world.api.startCalls).toBe(1);
  });

  it('are not sent twice when a run refused at start is resumed after a later run sent them', () => {
    const world = createWorld();
    contactsSheet(world, people(2));
    world.api.startError = apiError(401, 'error.api.key');
    planAndStart(world);
    world.api.startError = undefined;
    const again = server(world).planRun(ENRICH_WORK_EMAIL);
    if (again.contactsToSend > 0) server(world).startRun(again.planId);
    const settings = server(world).saveSettings({ apiKey: 'new-key-1234' });
    // Its one queued job of 2 contacts may cost 2 work emails when it is sent.
    expect(settings.stoppedByKey).toEqual({ runs: 1, maxCredits: 2 });
    expect(world.api.startCalls).toBe(1);
    server(world).resumeStoppedRuns();
    poll(world);
    poll(world);
    expect([...world.api.jobs.values()].flatMap((job) => job.items)).toHaveLength(2);
  });
});

describe('a row held by another record, its Status from before', () => {
  it('"out of credits" on rows another sheet\'s lost start holds: a preview gives them the hold\'s words', () => {
    const { world, sheet } = startedRun(4);
    scriptOutcome(world, (job) => ({
      kind: 'result',
      result: world.api.resultOf(job, 'CREDITS_INSUFFICIENT', 2),
    }));
    poll(world);
    world.api.outcomeFor = () => undefined;
    // The same two people on another tab, whose start's answer is lost: they may have been bought.
    const send = world.api.startJobs.bind(world.api);
    world.api.startJobs = (starts) =>
      starts.map(() => new ApiError(502, 'http.502', 'HTTP 502', 'The service said 502.', true, true));
    contactsSheet(world, people(4).slice(2), 'Other');
    planAndStart(world);
    poll(world);
    world.api.startJobs = send;
    world.spreadsheet.active = world.spreadsheet.sheets.indexOf(sheet);
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
    // "out of credits" would have the user top up and run them again, which sends nothing.
    expect(sheet.column('Status').slice(2)).toEqual(Array(2).fill(plan.skipped[2]!.reason));
    expect(plan.skipped[2]!.reason).toMatch(/may have been started/);
  });
});
