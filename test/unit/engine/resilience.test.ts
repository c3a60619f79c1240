import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';
import { loadRegistry } from '../../../src/store/registry';
import { contextFor, createWorld, hasTrigger, documentLockOf, triggerMinutes } from '../fakes/context';
import { FakeBudget } from '../fakes/ports';
import { contactsSheet, people, planAndStart, poll, progress, server } from '../fakes/scenario';

const ledgerRows = (world: ReturnType<typeof createWorld>) =>
  world.spreadsheet.sheets.find((sheet) => sheet.name() === LEDGER_SHEET_NAME)?.lastRow() ?? 0;

describe('row identity', () => {
  it('writes each answer to the row whose inputs match, after sorting, inserting and deleting rows', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(5));
    planAndStart(world);
    sheet.reorder((rows) => [...rows].reverse());
    sheet.insertRowBefore(3, ['Zed', 'Inserted', 'Acme']);
    sheet.deleteRow(sheet.cells.findIndex((row) => row[0] === 'P3') + 1);
    poll(world);
    const emailOf = (first: string) =>
      sheet.cell(sheet.cells.findIndex((row) => row[0] === first) + 1, 'Work email');
    for (const first of ['P1', 'P2', 'P4', 'P5'])
      expect(emailOf(first)).toBe(`${first.toLowerCase()}.l${first[1]}@acme.com`);
    expect(emailOf('Zed')).toBe('');
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', done: 5, unmatched: 1 });
    expect(ledgerRows(world)).toBe(1 + 5);
  });

  it('never writes an answer to a row whose inputs changed during the job', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    planAndStart(world);
    sheet.set(2, 2, 'Changed');
    poll(world);
    expect(sheet.column('Work email')).toEqual(['', 'p2.l2@acme.com']);
    // No row stays "pending" after its run ended: the edited one says why it got no answer.
    expect(sheet.column('Status')).toEqual([
      'inputs changed while the run was working: run this row again',
      'found',
    ]);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', unmatched: 1 });
  });

  it('keeps an output cell the user edited during the job', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    planAndStart(world);
    sheet.set(2, sheet.cells[0]!.indexOf('Work email') + 1, 'ceo@acme.com');
    poll(world);
    expect(sheet.column('Work email')).toEqual(['ceo@acme.com', 'p2.l2@acme.com']);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
  });
});

describe('crash safety', () => {
  it('killed while writing rows: the next run applies from the ledger, without asking the API again', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(150));
    planAndStart(world);
    sheet.failOnWrite = 1;
    expect(() => poll(world)).toThrow(/maximum execution time/);
    expect(world.locks.holder('document')).toBeUndefined();
    expect(loadRegistry(world.documentStore, world.spreadsheet).jobs.map((job) => job.state)).toEqual([
      'fetched',
      'fetched',
    ]);
    expect(ledgerRows(world)).toBe(151);
    const polls = world.api.polledJobs;
    poll(world);
    expect(world.api.polledJobs).toBe(polls);
    expect(sheet.column('Status').every((status) => status === 'found')).toBe(true);
    expect(progress(world).runs[0]).toMatchObject({
      state: 'finished',
      sent: 150,
      done: 150,
      credits: 150,
      found: { workEmail: 150 },
    });
  });

  it('killed after the rows, before recording it: nothing is written or counted twice', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    planAndStart(world);
    // 1: the document notes it has a ledger (its first answers), 2: jobs fetched, 3: jobs applied.
    world.documentStore.failOnSetAll = 3;
    expect(() => poll(world)).toThrow();
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
    const writes = sheet.writes;
    poll(world);
    expect(sheet.writes).toBe(writes);
    expect(progress(world).runs[0]).toMatchObject({
      state: 'finished',
      done: 3,
      found: { workEmail: 3 },
      credits: 3,
    });
  });

  it('killed after storing answers, before marking the job: refetched, and the ledger gets nothing twice', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(3));
    planAndStart(world);
    world.documentStore.failOnSetAll = 2; // 1: the ledger's marker, 2: jobs fetched
    expect(() => poll(world)).toThrow();
    expect(ledgerRows(world)).toBe(4);
    poll(world);
    expect(ledgerRows(world)).toBe(4);
    expect(sheet.column('Status')).toEqual(['found', 'found', 'found']);
    expect(progress(world).runs[0]).toMatchObject({ done: 3, credits: 3 });
  });
});

describe('concurrency and time', () => {
  it('a second poller leaves the work to the one holding the lock', () => {
    const world = createWorld();
    contactsSheet(world, people(2));
    planAndStart(world);
    const first = documentLockOf(world);
    first.tryLock(0);
    expect(poll(world)).toBe(false);
    expect(world.api.pollCalls).toBe(0);
    expect(() => planAndStart(world)).toThrow(/being written/);
    first.release();
    expect(poll(world)).toBe(true);
    expect(world.api.pollCalls).toBe(1);
  });

  it('stops inside the time budget and the next execution resumes', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2500));
    // Time for 20 starts only: each start, a request of its own, asks for time first (a check
    // costs 2 s here, and 45 s stay in reserve).
    const { start } = planAndStart(world, undefined, new FakeBudget(86 * 1000, 2000));
    expect(start.jobs).toBe(25);
    expect(world.api.jobs.size).toBe(20);
    // The next execution sends the other 5: a check to visit the run, one for its batch, one a start.
    expect(poll(world, new FakeBudget(60 * 1000, 2000))).toBe(true);
    expect(world.api.jobs.size).toBe(25);
    for (let i = 0; i < 3 && progress(world).pending; i++) poll(world);
    expect(world.api.jobs.size).toBe(25);
    expect(sheet.column('Status').filter((status) => status === 'found')).toHaveLength(2500);
    expect(progress(world).runs[0]).toMatchObject({ state: 'finished', done: 2500, sent: 2500 });
  });

  it('reads and fingerprints a sheet once per poll, however many batches of jobs it applies', () => {
    const world = createWorld();
    // 3,000 contacts: 30 jobs, polled in two fetchAll batches of at most 25, each applied.
    const sheet = contactsSheet(world, people(3000));
    planAndStart(world);
    const before = sheet.tableReads;
    poll(world);
    expect(world.api.pollCalls).toBe(2);
    expect(sheet.tableReads - before).toBe(1);
    expect(sheet.column('Status').filter((status) => status === 'found')).toHaveLength(3000);
  });

  it.each([100, 1000])('uses a constant number of Range calls for %i rows', (rows) => {
    const world = createWorld();
    contactsSheet(world, people(rows));
    planAndStart(world);
    poll(world);
    const calls = world.spreadsheet.calls;
    // Reads: plan 1; start 1 + the block's values, formulas, formats (3); poll: job sheet 1,
    // table 1 + block 3. Writes: start job sheet 1, header + text format + block; poll: ledger
    // (header and rows) 1, the job's line in the record of charges 1 and the Spending tab's block
    // drawn from it (its text cells' format, its values) 2 — the record is new, so not read —,
    // format + block, the run's row in the log tab 1, the job sheet emptied once the run ended 1;
    // the undo record of the cells the start and the poll wrote 2.
    expect(calls).toEqual({ reads: 10, writes: 14 });
    expect(world.api.pollCalls).toBe(1);
    expect(world.api.balanceCalls).toBe(1);
  });

  it('falls back to an hourly trigger where the platform allows no more', () => {
    const world = createWorld({ addon: true });
    contactsSheet(world, people(1));
    planAndStart(world);
    expect(triggerMinutes(world)).toBe(60);
    expect(server(world).getSettings().backgroundRefresh).toBe(true);
  });

  it('keeps polling in the sidebar when background refresh is off', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(1));
    server(world).setBackgroundRefresh(false);
    planAndStart(world);
    expect(hasTrigger(world)).toBe(false);
    server(world, new FakeBudget()).pollJobs();
    expect(sheet.column('Status')).toEqual(['found']);
    expect(contextFor(world).budget.remainingMs()).toBeGreaterThan(0);
  });
});
