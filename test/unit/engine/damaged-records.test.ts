/**
 * Damaged stores never turn into "finished" or "free to re-buy": a job record that cannot be read,
 * or a job sheet that lost its lists, leaves its run unfinished with rows that say what happened and
 * how to recover, and a new preview does not send those rows again.
 */
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import { JOB_SHEET_NAME } from '../../../src/store/job-sheet';
import { FakeCache } from '../../../dev/gas/cache';
import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';
import { STATUS } from '../../../src/domain/statuses';
import { DAMAGED_RUN_ERROR } from '../../../src/engine/run-end';
import { createWorld, hasTrigger } from '../fakes/context';
import {
  answerStarts,
  apiError,
  FakeApi,
  loseStartAnswers,
  lostAnswer,
  outOfCreditsAtOnce,
} from '../fakes/fake-api';
import type { MemorySheet } from '../fakes/memory-spreadsheet';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  progress,
  server,
  startedRun,
  jobKeys,
} from '../fakes/scenario';

/** A run of `rows` contacts whose jobs are still running at the first poll. */
const runningRun = (rows = 40) => startedRun(rows, 1);

describe('a run whose job cannot be read', () => {
  it.each([
    [
      'a job record that is not JSON',
      (world: ReturnType<typeof createWorld>) => world.documentStore.set(jobKeys(world)[0]!, '{not json'),
    ],
    [
      'the job sheet deleted, and the job past 24 hours with results that cannot tell its contacts',
      (world: ReturnType<typeof createWorld>) => {
        world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
        // Never done; forced, it lists only some of its contacts: no list can be written back.
        world.api.notReadyPolls = 1000;
        world.api.forcedItems = 10;
        poll(world);
        expect(progress(world).runs[0]!.state).toBe('running');
        world.clock.time += 25 * 60 * 60 * 1000;
      },
    ],
  ])('%s: never "finished", rows say how to recover, a preview sends nothing again', (_, damage) => {
    const { world, sheet } = runningRun();
    damage(world);
    poll(world);
    poll(world);
    const [run] = progress(world).runs;
    expect(run!.state).not.toBe('finished');
    expect(run!.error).toMatch(/could not be read.*import/i);
    expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.damagedJob]));
    expect(STATUS.damagedJob).toMatch(/^job record damaged: import the job by its id .*"look up again"/);
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
    expect(plan.maxCredits).toBe(0);
    // The trigger stops: nothing it can do for the run.
    expect(hasTrigger(world)).toBe(false);
  });
});

describe('a run whose job sheet is deleted while its jobs work', () => {
  it('keeps running, holding its rows back, until the lists come back from the results', () => {
    const { world, sheet } = runningRun(150);
    world.api.notReadyPolls = 2;
    world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
    poll(world);
    // Still at work at the API: not "failed", no row marked, none sent again.
    expect(progress(world).runs[0]!.state).toBe('running');
    expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.pending]));
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
    expect(hasTrigger(world)).toBe(true);
    poll(world);
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', done: 150 });
    expect(sheet.column('Status').filter((status) => status !== 'found')).toEqual([]);
    // Two jobs, each started once.
    expect(world.api.startCalls).toBe(2);
    expect(progress(world).problems ?? []).toEqual([]);
  });
});

// A start killed after it wrote its rows and before it registered anything (run-launch.ts, stop
// 61); rows a schedule's cap left waiting (stop 62); a top-up's wait, a cancel; the marker's words for a
// "pending" row no job claims, which a killed start's is (stop 63): each keeps its cells. An empty
// Status beside answers: an Undo after a sort puts one back beside another row's (stop 63).
describe.each([
  '',
  STATUS.pending,
  STATUS.inputsChanged,
  STATUS.columnsChanged,
  STATUS.dailyCapReached,
  STATUS.runCapReached,
  STATUS.outOfCredits,
  STATUS.canceled,
])('rows showing answers beside "%s", the ledger deleted', (words) => {
  it('are not bought again: a preview of what they show sends nothing and gives them "found" back', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    planAndStart(world);
    poll(world);
    const [status, email] = ['Status', 'Work email'].map((name) => sheet.cells[0]!.indexOf(name));
    expect(sheet.column('Work email').every((cell) => cell.includes('@'))).toBe(true);
    for (const row of sheet.cells.slice(1)) row[status!] = words;
    world.spreadsheet.deleteSheetNamed(LEDGER_SHEET_NAME);
    world.cache = new FakeCache(() => world.clock.now());
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
    expect(sheet.column('Status')).toEqual(Array(3).fill(STATUS.found));
    expect(sheet.cells[1]![email!]).toMatch(/@/);
    // Asked the phone too, each row is sent for the phone alone, the damage named.
    for (const row of sheet.cells.slice(1)) row[status!] = words;
    const both = server(world).planRun({ kind: 'enrich', fields: ['work_email', 'phone'] });
    expect(both.contactsToSend).toBe(3);
    expect(both.ledgerDamage).toBeDefined();
    server(world).startRun(both.planId);
    expect([...world.api.jobs.values()].at(-1)).toMatchObject({ fields: ['phone'] });
    expect(world.api.jobs.size).toBe(2);
  });
});

describe('a lost start whose job record is damaged', () => {
  it('its "may have been started" rows say the record is damaged, and a preview does not send them again', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(150));
    world.api.notReadyPolls = 1;
    // The first job's start reaches the API (and is charged) but its answer is lost.
    answerStarts(world.api, (n, send) => (n === 0 ? (send(), lostAnswer()) : send()));
    planAndStart(world);
    poll(world);
    expect(sheet.column('Status').filter((status) => status === STATUS.ambiguous)).toHaveLength(100);
    expect(progress(world).runs[0]!.state).toBe('running');
    world.documentStore.set(
      jobKeys(world).find((key) => key.endsWith('.0'))!,
      '{not json',
    );
    poll(world);
    poll(world);
    const [run] = progress(world).runs;
    expect(run!.state).toBe('failed');
    expect(run!.error).toMatch(/could not be read/);
    const statuses = sheet.column('Status');
    expect(statuses.filter((status) => status === STATUS.damagedJob)).toHaveLength(100);
    expect(statuses.filter((status) => status === 'found')).toHaveLength(50);
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
  });
});

describe('a damaged job record whose job ran out of credits', () => {
  /**
   * 150 rows; the first job's record is broken, and its job (402, nothing processed) imported by
   * id; `killAtDelete`: that execution dies at its first deletion of records (its poll's prune).
   */
  function importedOutOfCredits(killAtDelete = false) {
    const world = createWorld();
    const sheet = contactsSheet(world, people(150));
    world.api.notReadyPolls = 1;
    // The first job stops at once for want of credits: the API lists its items, none processed.
    world.api.outcomeFor = (job) =>
      job.id !== 'job-1' || job.polls <= 1 ? undefined : outOfCreditsAtOnce(world.api, job);
    planAndStart(world);
    poll(world);
    const damagedKey = jobKeys(world).find((key) => key.endsWith('.0'))!;
    world.documentStore.set(damagedKey, '{not json');
    poll(world);
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'failed', error: DAMAGED_RUN_ERROR });
    expect(sheet.column('Status').filter((status) => status === STATUS.damagedJob)).toHaveLength(100);
    const store = world.documentStore;
    const deleteMany = store.deleteMany.bind(store);
    if (killAtDelete)
      store.deleteMany = () => {
        store.deleteMany = deleteMany;
        throw new Error('Exceeded maximum execution time');
      };
    // The user imports the job the provider's dashboard names after that run, as the run says.
    if (killAtDelete) {
      expect(() => server(world).importJob({ jobId: 'job-1' })).toThrow(/maximum execution time/);
      // The job took its damaged record's place, in its run, in one write: no moment holds both.
      expect(store.getAll()[damagedKey]).toContain('"id":"job-1"');
    } else server(world).importJob({ jobId: 'job-1' });
    poll(world);
    const statuses = sheet.column('Status');
    expect(statuses.filter((status) => status === STATUS.outOfCredits)).toHaveLength(100);
    expect(statuses.filter((status) => status === 'found')).toHaveLength(50);
    // The import answers for the damaged record's contacts: nothing of them was bought.
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(100);
    // Pruned with its ended run; a prune cut short leaves it to the next run's end, read, not damaged.
    if (killAtDelete) expect(store.getAll()[damagedKey]).toContain('"state":"applied"');
    else expect(store.getAll()[damagedKey]).toBeUndefined();
  }

  it('imported by its id, its rows read "out of credits" and a preview after a top-up sends them', () => {
    importedOutOfCredits();
  });

  it('the import killed as it prunes: the job is in its run already, read and applied', () => {
    importedOutOfCredits(true);
  });
});

describe('rows a damaged record holds, and an earlier job of the same rows (chaos, 1 run in 7)', () => {
  /**
   * 150 rows run out of credits (nothing processed, their jobs written and pruned); after a top-up
   * they run again, the first job's start loses its answer (it may have been charged) and its record
   * is broken: rows 1-100 read "job record damaged".
   */
  function heldRows() {
    const world = createWorld();
    const sheet = contactsSheet(world, people(150));
    const broke = (job: { id: string }) => job.id === 'job-1' || job.id === 'job-2';
    world.api.outcomeFor = (job) => (broke(job) ? outOfCreditsAtOnce(world.api, job) : undefined);
    planAndStart(world);
    poll(world);
    expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.outOfCredits]));
    world.api.notReadyPolls = 1;
    answerStarts(world.api, (n, send) => (n === 0 ? (send(), lostAnswer()) : send()));
    planAndStart(world);
    poll(world);
    const second = progress(world).runs.find((run) => run.state === 'running')!;
    world.documentStore.set(`${DOCUMENT_PROPERTY.jobPrefix}${second.runId}.0`, '{not json');
    poll(world);
    poll(world);
    expect(sheet.column('Status').filter((status) => status === STATUS.damagedJob)).toHaveLength(100);
    return { world, sheet };
  }

  /** Rows a plan holds back say why and how to free them: never "out of credits". */
  function heldRowsSayWhy(world: ReturnType<typeof createWorld>, sheet: ReturnType<typeof contactsSheet>) {
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.contactsToSend).toBe(0);
    const statuses = sheet.column('Status');
    expect(statuses.filter((status) => status === STATUS.damagedJob)).toHaveLength(100);
    expect(statuses.filter((status) => status === STATUS.outOfCredits)).toEqual([]);
  }

  it('an import of the earlier job writes nothing over the rows: they say what still holds them', () => {
    const { world, sheet } = heldRows();
    // The user imports what the dashboard lists after that run's name: the earlier job among them.
    // Its run's log row counts it already (it was written, and pruned since): refused as counted.
    expect(() => server(world).importJob({ jobId: 'job-1' })).toThrow(
      /imported already: the log tab counts it/,
    );
    poll(world);
    heldRowsSayWhy(world, sheet);
    // The way out the rows name: "look up again" sends them.
    expect(server(world).planRun({ ...ENRICH_WORK_EMAIL, overwrite: true }).contactsToSend).toBe(150);
  });

  it('a "look up again" that runs out of credits leaves the rows saying what still holds them', () => {
    const { world, sheet } = heldRows();
    const last = world.api.jobs.size;
    world.api.outcomeFor = (job) =>
      Number(job.id.slice(4)) > last ? outOfCreditsAtOnce(world.api, job) : undefined;
    planAndStart(world, { ...ENRICH_WORK_EMAIL, overwrite: true });
    poll(world);
    heldRowsSayWhy(world, sheet);
  });
});

describe('a job written already whose list is then garbled (chaos seed 12, 1 run in 4)', () => {
  it("is still in the Jobs list: imported again, it writes nothing over a later run's rows", () => {
    // The dashboard named it after a run with a damaged record, and the user imported it: its
    // "out of credits" went over the rows of a later run of them whose list was lost too, and the
    // next run charged 30 people that run had bought.
    const world = createWorld();
    const sheet = contactsSheet(world, people(150));
    world.api.outcomeFor = (job) =>
      job.id === 'job-1'
        ? outOfCreditsAtOnce(world.api, job)
        : job.id === 'job-2'
          ? { kind: 'not_ready' }
          : undefined;
    const first = planAndStart(world);
    poll(world);
    expect(sheet.column('Status').filter((status) => status === STATUS.outOfCredits)).toHaveLength(100);
    // The credits topped up, the user runs those rows again: its start is lost, and its list garbled.
    loseStartAnswers(world.api);
    planAndStart(world);
    world.api.startJobs = FakeApi.prototype.startJobs;
    const jobs = world.spreadsheet.hiddenSheet(JOB_SHEET_NAME, false) as MemorySheet;
    const keys = jobs.readDisplayValues(1, 1, jobs.lastRow(), 1).map(([key]) => key);
    jobs.set(keys.indexOf(`${first.start.runId}.0`) + 1, 2, 'garbage');
    jobs.set(jobs.lastRow(), 2, 'garbage');
    poll(world);
    expect(progress(world).runs.find((run) => run.runId === first.start.runId)!.error).toBeUndefined();
    const before = sheet.column('Status');
    expect(before.filter((status) => status === STATUS.outOfCredits)).toEqual([]);
    expect(() => server(world).importJob({ jobId: 'job-1' })).toThrow(
      'This job is already in the Jobs list.',
    );
    poll(world);
    expect(sheet.column('Status')).toEqual(before);
    expect(server(world).planRun(ENRICH_WORK_EMAIL).contactsToSend).toBe(0);
  });
});

describe("a damaged job's rows, answered before for another field (finding 140)", () => {
  it('stay held: a run of that field does not fill them free, and their phone is not bought again', () => {
    const { world, sheet } = startedRun(20);
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished' });
    // A phone run of the same rows: its job asks the phone only, and loses its list for good.
    world.api.notReadyPolls = 1000;
    world.api.forcedItems = 10;
    planAndStart(world, { kind: 'enrich', fields: ['work_email', 'phone'] });
    world.spreadsheet.deleteSheetNamed(JOB_SHEET_NAME);
    poll(world);
    world.clock.time += 25 * 60 * 60 * 1000;
    poll(world);
    poll(world);
    expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.damagedJob]));
    const starts = world.api.startCalls;
    // Every work email is saved: on the code before, this filled the rows free, and its "found
    // (saved)" ended the only hold their phone had.
    expect(server(world).planRun(ENRICH_WORK_EMAIL).rowsFromLedger).toBe(0);
    planAndStart(world);
    expect(new Set(sheet.column('Status'))).toEqual(new Set([STATUS.damagedJob]));
    expect(server(world).planRun({ kind: 'enrich', fields: ['work_email', 'phone'] }).contactsToSend).toBe(0);
    expect(world.api.startCalls).toBe(starts);
  });
});

describe('a damaged job of a run a refused key stopped', () => {
  it('imported by its id, goes back into its run, which stays stopped until its user resumes it', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(150));
    // The run's second job start is refused (a revoked key): it stays queued, the run waits for a key.
    const api = world.api as unknown as { start(job: unknown): string };
    const start = api.start.bind(world.api);
    let starts = 0;
    api.start = (job) => {
      if (++starts === 2) throw apiError(401, 'error.api.key');
      return start(job);
    };
    planAndStart(world);
    expect(progress(world).runs[0]).toMatchObject({ waitingForKey: true });
    const damagedKey = jobKeys(world).find((key) => key.endsWith('.0'))!;
    world.documentStore.set(damagedKey, '{not json');
    server(world).importJob({ jobId: 'job-1' });
    poll(world);
    // The queued job is not sent behind the user's back (the key is refused: nothing is asked).
    expect(progress(world).runs[0]).toMatchObject({ waitingForKey: true });
    expect(world.api.jobs.size).toBe(1);
    server(world).saveSettings({ apiKey: 'new-key-1234' });
    server(world).resumeStoppedRuns();
    poll(world);
    poll(world);
    expect(sheet.column('Status').filter((status) => status === 'found')).toHaveLength(150);
    expect(world.api.jobs.size).toBe(2);
  });
});
