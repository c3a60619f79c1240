/**
 * Paid once (src/engine/paid-once.ts): a job that may hold paid answers is never closed unfetched,
 * and a refusal to a key other than the one that started it is not evidence.
 */
import type { AppContext } from '../../../src/engine/context';
import { pollOnce } from '../../../src/engine/poll';
import { createSidebarServer } from '../../../src/app/sidebar-server';
import { STATUS } from '../../../src/domain/statuses';
import { PRICES } from '../../../src/domain/fields';
import { runDueSchedule } from '../../../src/features/schedule/scheduled-run';
import { DOCUMENT_PROPERTY, USER_PROPERTY } from '../../../src/platform/property-keys';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';
import { CHARGES_SHEET, readSpending, SPENDING_SHEET } from '../../../src/store/spending';
import {
  contextAs,
  contextFor,
  createWorld,
  teammate,
  type TestUser,
  type TestWorld,
} from '../fakes/context';
import { answerStarts, apiError, lostAnswer } from '../fakes/fake-api';
import {
  ENRICH_WORK_EMAIL,
  contactsSheet,
  people,
  poll,
  progress,
  server,
  startedRun,
  jobKeys,
} from '../fakes/scenario';

const HOUR = 60 * 60 * 1000;
const refused = () => ({ kind: 'error' as const, error: apiError(403, 'http.403', false) });

/** A run of 2 rows whose results are refused, forced too, three polls in a row: held for a decision. */
function heldForRefusedResults() {
  const { world, sheet } = startedRun(2);
  world.api.outcomeFor = refused;
  world.api.forcedOutcomeFor = refused;
  for (let attempt = 0; attempt < 3; attempt++) {
    poll(world);
    world.clock.time += HOUR;
  }
  expect(sheet.column('Status')).toEqual([STATUS.unfetched, STATUS.unfetched]);
  return { world, sheet };
}

describe('a job that may hold paid answers is never closed unfetched', () => {
  it('a job stuck for a day is fetched with forceResults: what it found is written, nothing bought again', () => {
    const { world, sheet } = startedRun(4);
    world.api.notReadyPolls = 1000;
    world.api.forcedItems = 2;
    poll(world);
    world.clock.time += 25 * HOUR;
    poll(world);
    expect(world.api.forcedJobs).toBe(1);
    expect(sheet.column('Status')).toEqual(['found', 'found', STATUS.unfetched, STATUS.unfetched]);
    // The two it had not reached may still be charged by it (fuzz finding 16): not sent again.
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
    const [run] = server(world).getProgress().runs;
    expect(run).toMatchObject({ state: 'failed', done: 2 });
    expect(run!.ambiguousJobs).toEqual([expect.objectContaining({ contacts: 4 })]);
  });

  it('held a day, its record then damaged: imported by its id, what it charged since is booked', () => {
    // Stop 57's open finding: "imported already" (the log counts it) saved its answers, but the 2
    // credits it charged after it was held reached no book, and the Spending tab read 2 for 4.
    const { world } = startedRun(4);
    world.api.notReadyPolls = 1000;
    world.api.forcedItems = 2;
    poll(world);
    world.clock.time += 25 * HOUR;
    poll(world);
    const lines = () =>
      world.spreadsheet.sheets
        .find((s) => s.name() === CHARGES_SHEET)!
        .cells.slice(1)
        .map((line) => [line[0], line[4]]);
    expect(lines()).toEqual([['job-1', '2']]);
    const key = jobKeys(world)[0]!;
    world.documentStore.set(key, '{not json');
    // The job finishes at the provider, charging the other 2.
    world.api.notReadyPolls = 0;
    world.api.forcedItems = undefined;
    expect(() => server(world).importJob({ jobId: 'job-1' })).toThrow(/imported already/);
    expect(lines()).toEqual([
      ['job-1', '2'],
      ['job-1', '4'],
    ]);
    expect(readSpending(world.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false))).toEqual([
      expect.objectContaining({ credits: 4 * PRICES.work_email }),
    ]);
    // Imported again, nothing is counted twice.
    expect(() => server(world).importJob({ jobId: 'job-1' })).toThrow(/imported already/);
    expect(readSpending(world.spreadsheet.ownVisibleSheet(SPENDING_SHEET, false))).toEqual([
      expect.objectContaining({ credits: 4 * PRICES.work_email }),
    ]);
  });

  it('stopping the wait takes what a job found so far and keeps it open: nothing written or counted twice', () => {
    const { world, sheet } = startedRun(4);
    world.api.notReadyPolls = 2;
    world.api.forcedItems = 2;
    poll(world);
    world.clock.time += 1000;
    // The CLI's --force-results: forceResults does not stop the job at the API (spec §4.2).
    pollOnce(contextFor(world), { force: true, stopWaiting: { startedBefore: world.clock.time } });
    expect(world.api.forcedJobs).toBe(1);
    expect(sheet.column('Status')).toEqual(['found', 'found', STATUS.pending, STATUS.pending]);
    const early = progress(world).runs[0]!;
    expect({ state: early.state, done: early.done, work: early.found.workEmail }).toEqual({
      state: 'running',
      done: 2,
      work: 2,
    });
    expect(early.credits).toBe(2 * PRICES.work_email);
    // Its other rows may have been bought: no plan sends them again while the job runs.
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);

    world.clock.time += 1000;
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found', 'found']);
    const end = progress(world).runs[0]!;
    expect({ state: end.state, done: end.done, work: end.found.workEmail, credits: end.credits }).toEqual({
      state: 'finished',
      done: 4,
      work: 4,
      credits: 4 * PRICES.work_email,
    });
    // Each answer once in the ledger, although the first two came twice.
    const ledger = world.spreadsheet.sheets.find((s) => s.name() === LEDGER_SHEET_NAME)!;
    expect(ledger.lastRow()).toBe(1 + 4);
  });

  it('stopping the wait twice while the job runs adds only what it found since', () => {
    const { world, sheet } = startedRun(3);
    // Every fetch counts (each stop polls, then forces): the sixth is the first one ready.
    world.api.notReadyPolls = 5;
    const stopWaiting = () =>
      pollOnce(contextFor(world), { force: true, stopWaiting: { startedBefore: world.clock.time } });
    poll(world);
    world.api.forcedItems = 1;
    stopWaiting();
    world.api.forcedItems = 2;
    stopWaiting();
    expect(sheet.column('Status')).toEqual(['found', 'found', STATUS.pending]);
    expect(progress(world).runs[0]).toMatchObject({ done: 2, credits: 2 * PRICES.work_email });
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
    expect(progress(world).runs[0]).toMatchObject({
      state: 'finished',
      done: 3,
      credits: 3 * PRICES.work_email,
      found: expect.objectContaining({ workEmail: 3 }),
    });
  });

  it('three refusals to the starting key: its results are forced before the job is closed', () => {
    const { world, sheet } = startedRun(3);
    world.api.outcomeFor = refused;
    for (let attempt = 0; attempt < 3; attempt++) {
      poll(world);
      world.clock.time += HOUR;
    }
    expect(world.api.forcedJobs).toBe(1);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
  });

  it('results refused even when forced: the rows stay "may have been bought" until the user decides', () => {
    const { world } = heldForRefusedResults();
    const run = progress(world).runs[0]!;
    expect(run.ambiguousJobs?.[0]?.problem).toMatch(/import the job by its id job-1, or retry it/);
    // Retry (with its price) or import under Jobs are the only ways on: no plan sends them.
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, overwrite: true }).contactsToSend).toBe(0);
  });
});

describe('another key is not evidence', () => {
  const as = (world: TestWorld, user: TestUser): AppContext => contextAs(world, user);

  it('Ann saves a key of another workspace mid-run: her job waits for its key, and the run says so', () => {
    const world = createWorld();
    const ann = teammate(world, 'ann@acme.com', 'key-ann-0123456789', 'ws_acme');
    const other = teammate(world, 'ann@acme.com', 'key-other-0123456789', 'ws_other');
    const sheet = contactsSheet(world, people(3));
    const plan = createSidebarServer(as(world, ann)).planRun(ENRICH_WORK_EMAIL);
    createSidebarServer(as(world, ann)).startRun(plan.planId);
    // Ann's own properties now hold a key of another workspace, whose polls get 404 for her job.
    ann.userStore.set(USER_PROPERTY.apiKey, 'key-other-0123456789');
    const annWithOtherKey: TestUser = { ...other, userStore: ann.userStore };
    for (let attempt = 0; attempt < 5; attempt++) {
      pollOnce(as(world, annWithOtherKey));
      world.clock.time += HOUR;
    }
    expect(sheet.column('Status')).toEqual(['pending', 'pending', 'pending']);
    const seen = createSidebarServer(as(world, annWithOtherKey)).getProgress().runs[0]!;
    expect(seen).toMatchObject({
      state: 'running',
      error: expect.stringMatching(/started with another API key/),
    });
    expect(createSidebarServer(as(world, annWithOtherKey)).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);

    // Her key saved again: the job is collected, nothing bought twice.
    ann.userStore.set(USER_PROPERTY.apiKey, 'key-ann-0123456789');
    pollOnce(as(world, ann));
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
    expect(world.api.startCalls).toBe(1);
  });
});

describe('damage never hides work in flight', () => {
  const runKeys = (world: TestWorld) =>
    Object.keys(world.documentStore.getAll()).filter((key) => key.startsWith(DOCUMENT_PROPERTY.runPrefix));
  const damages: [string, (value: string) => string][] = [
    ['not JSON', () => '{not json'],
    ['from a newer version', (value) => value.replace(/^\{"v":\d+/, '{"v":99')],
    ['with an unknown state', (value) => value.replace('"state":"running"', '"state":"paused"')],
  ];

  it.each(damages)(
    'a run record %s: its jobs are still collected and written, never bought again',
    (_, damage) => {
      const { world, sheet } = startedRun(40, 1);
      const [key] = runKeys(world);
      const stored = world.documentStore.get(key!)!;
      world.documentStore.set(key!, damage(stored));
      // Busy before anything is collected: its contacts are not sent again.
      expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
      poll(world);
      poll(world);
      expect(new Set(sheet.column('Status'))).toEqual(new Set(['found']));
      expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
      expect(world.api.startCalls).toBe(1);
      // The damaged record is kept as it was, and reported.
      expect(world.documentStore.get(key!)).toBe(damage(stored));
      expect(progress(world).problems).toHaveLength(1);
    },
  );
});

describe('a job of a damaged run record that its starting key gets a 404 for', () => {
  it('is closed: nothing of it was bought, and its rows may be sent again', () => {
    const { world } = startedRun(3, 1);
    const [key] = Object.keys(world.documentStore.getAll()).filter((name) =>
      name.startsWith(DOCUMENT_PROPERTY.runPrefix),
    );
    world.documentStore.set(key!, '{not json');
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
    world.api.jobs.clear();
    poll(world);
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(3);
  });
});

describe('caps count each charge once', () => {
  /** A scheduled run of 150 contacts (50 not found): its second job's start is lost. */
  function scheduledRunWithLostStart() {
    const world = createWorld();
    const rows = Array.from({ length: 150 }, (_, i) => [`P${i}`, i < 50 ? 'Nobody' : `L${i}`, 'Acme']);
    contactsSheet(world, rows);
    const startJobs = world.api.startJobs.bind(world.api);
    answerStarts(world.api, (n, send) => (n === 1 ? (send(), lostAnswer()) : send()));
    server(world).saveSchedule({
      sheetName: 'Contacts',
      kind: 'enrich',
      fields: ['work_email'],
      every: 'hour',
      maxCreditsPerRun: 1000,
      maxCreditsPerDay: 1000,
    });
    world.clock.advance(2 * HOUR);
    runDueSchedule(contextFor(world));
    world.api.startJobs = startJobs;
    poll(world);
    const run = progress(world).runs[0]!;
    expect(run).toMatchObject({ state: 'failed', credits: 50 * PRICES.work_email });
    // 50 charged, and the lost start's 50 counted at its most.
    expect(server(world).getSchedule()?.committedToday).toBe(100 * PRICES.work_email);
    return { world, runId: run.runId };
  }

  it('an import after a lost start ends the run again without giving the cap back twice', () => {
    const { world, runId } = scheduledRunWithLostStart();
    server(world).importJob({ jobId: 'job-2', job: { runId, seq: 1 } });
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', credits: 100 * PRICES.work_email });
    expect(server(world).getSchedule()?.committedToday).toBe(100 * PRICES.work_email);
  });

  it('a retry of a lost start is counted on top of the lost start, which may have been charged', () => {
    const { world, runId } = scheduledRunWithLostStart();
    server(world).retryJob({ runId, seq: 1 });
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', credits: 100 * PRICES.work_email });
    // The retry's 50, the lost start's 50 (its job exists and was charged), the first job's 50.
    expect(server(world).getSchedule()?.committedToday).toBe(150 * PRICES.work_email);
  });

  it('a retry made the next day is counted on that day, when its credits are spent', () => {
    const { world, runId } = scheduledRunWithLostStart();
    world.clock.time += 24 * HOUR;
    // A new day: the count starts from nothing.
    expect(server(world).getSchedule()?.committedToday).toBe(0);
    server(world).retryJob({ runId, seq: 1 });
    // The retry's 50 at its most, counted today (it counted on the run's day, already over).
    expect(server(world).getSchedule()?.committedToday).toBe(50 * PRICES.work_email);
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished' });
    expect(server(world).getSchedule()?.committedToday).toBe(50 * PRICES.work_email);
  });
});

describe('a held job whose list of contacts is lost (fuzz seed 38001 case 363, stop 57)', () => {
  it('imported by its id as the refusal says: its list comes back from its results, answers and charge with it', () => {
    const { world, sheet } = heldForRefusedResults();
    world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
    const [run] = progress(world).runs;
    expect(() => server(world).importJob({ jobId: 'job-1', job: { runId: run!.runId, seq: 0 } })).toThrow(
      /list of contacts was lost.*import it by its id alone/,
    );
    // The refusal lifted, the user does as told. Before: "imported already", its charge never on
    // the Spending tab, and the Jobs panel asked the same import for good.
    world.api.outcomeFor = () => undefined;
    world.api.forcedOutcomeFor = () => undefined;
    expect(server(world).importJob({ jobId: 'job-1' })).toMatchObject({ runId: run!.runId, contacts: 2 });
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', credits: 2 });
    expect(progress(world).runs[0]!.ambiguousJobs ?? []).toEqual([]);
    const charges = world.spreadsheet.sheets.find((s) => s.name() === CHARGES_SHEET)!.cells.slice(1);
    expect(charges.map((line) => [line[0], line[4]])).toEqual([['job-1', '2']]);
    expect(world.api.startCalls).toBe(1);
  });
});
