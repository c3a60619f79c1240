import { REVERSE_PROFILE_PRICE } from '../../../src/domain/fields';
import { LEDGER_SHEET_NAME } from '../../../src/store/ledger';
import { FakeCache } from '../../../dev/gas/cache';
import { createWorld, hasTrigger } from '../fakes/context';
import {
  contactsSheet,
  ENRICH_WORK_EMAIL,
  people,
  planAndStart,
  poll,
  progress,
  server,
} from '../fakes/scenario';

describe('a run from plan to cells', () => {
  it('plans, starts one job per 100 contacts, polls, and fills the rows', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, [
      ['Ada', 'Lovelace', 'Acme'],
      ['Alan', 'Nobody', 'Acme'],
      ['Grace', 'Hopper', 'Navy'],
    ]);
    const { plan, start } = planAndStart(world);
    expect(plan).toMatchObject({
      contactsToSend: 3,
      maxCredits: 3,
      jobs: 1,
      balance: 1000,
      headerRow: 1,
      sheetName: 'Contacts',
    });
    expect(plan.mapping).toEqual({ firstName: 1, lastName: 2, companyName: 3 });
    expect(start).toMatchObject({ jobs: 1, contacts: 3, rowsFromLedger: 0 });

    const job = [...world.api.jobs.values()][0]!;
    expect(job.name).toMatch(/^Leads › Contacts › rows 2–4 · run \w+ job 1$/);
    expect(job.items[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme' });
    expect(job.items[0]!.custom).toEqual({
      sheetId: String(sheet.id()),
      row: '2',
      fp: expect.stringMatching(/^e/),
    });
    expect(sheet.column('Status')).toEqual(['pending', 'pending', 'pending']);
    expect(hasTrigger(world)).toBe(true);

    expect(poll(world)).toBe(true);
    expect(sheet.column('Work email')).toEqual(['ada.lovelace@acme.com', '', 'grace.hopper@navy.com']);
    expect(sheet.column('Work email status')).toEqual(['Deliverable', '', 'Deliverable']);
    expect(sheet.column('Status')).toEqual(['found', 'not found', 'found']);
    // In the spreadsheet's time zone (the fake's is UTC).
    expect(sheet.column('Enriched at')[0]).toBe('2025-01-15 09:00');
    expect(progress(world)).toMatchObject({
      pending: false,
      runs: [{ state: 'finished', sent: 3, done: 3, credits: 2, found: { workEmail: 2, phone: 0 } }],
    });
    expect(hasTrigger(world)).toBe(false);
    expect(world.notifier.toasts).toEqual(['Contacts: 2 of 3 contacts found, 2 credits charged.']);
  });

  it('sends repeated inputs once and fills every row from that one answer', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, [
      ['Ada', 'Lovelace', 'Acme'],
      ['Bob', 'Smith', 'Acme'],
      ['ADA', ' lovelace', 'acme'],
    ]);
    const { plan } = planAndStart(world);
    expect(plan).toMatchObject({ contactsToSend: 2, rowsFromDuplicates: 1 });
    expect([...world.api.jobs.values()][0]!.items).toHaveLength(2);
    poll(world);
    expect(sheet.column('Work email')).toEqual([
      'ada.lovelace@acme.com',
      'bob.smith@acme.com',
      'ada.lovelace@acme.com',
    ]);
  });

  it('skips rows with missing input or an answer already, and says why', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, [
      ['Ada', '', 'Acme'],
      ['Bob', 'Smith', 'Acme'],
      ['Cy', 'Young', ''],
    ]);
    planAndStart(world);
    poll(world);
    expect(sheet.column('Status')).toEqual(['missing input: last name', 'found', 'missing input: company']);
    const again = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(again.contactsToSend).toBe(0);
    expect(again.skipped).toEqual([
      { row: 2, reason: 'missing input: last name' },
      { row: 3, reason: 'already enriched' },
      { row: 4, reason: 'missing input: company' },
    ]);
  });

  it('fills known inputs from the ledger without spending credits ("found (saved)")', () => {
    const world = createWorld();
    contactsSheet(world, people(3), 'First');
    planAndStart(world);
    poll(world);
    const startsBefore = world.api.startCalls;
    const second = contactsSheet(
      world,
      [
        ['P2', 'L2', 'Acme'],
        ['New', 'Person', 'Acme'],
      ],
      'Second',
    );
    const { plan, start } = planAndStart(world);
    expect(plan).toMatchObject({ contactsToSend: 1, rowsFromLedger: 1, maxCredits: 1 });
    expect(start.rowsFromLedger).toBe(1);
    expect(second.column('Status')).toEqual(['found (saved)', 'pending']);
    expect(second.column('Work email')[0]).toBe('p2.l2@acme.com');
    expect(world.api.startCalls).toBe(startsBefore + 1);
    expect(world.api.jobs.get('job-2')!.items).toHaveLength(1);
    expect(world.spreadsheet.sheets.find((s) => s.name() === LEDGER_SHEET_NAME)!.lastRow()).toBe(1 + 3);
  });

  it('asks for more when more fields are wanted, and prices the preview at the table', () => {
    const world = createWorld();
    contactsSheet(world, people(250));
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email', 'personal_email', 'phone'] });
    expect(plan).toMatchObject({ contactsToSend: 250, maxCredits: 250 * 14, jobs: 3 });
    server(world).startRun(plan.planId);
    expect([...world.api.jobs.values()].map((job) => job.items.length)).toEqual([100, 100, 50]);
    expect([...world.api.jobs.values()].map((job) => job.name.replace(/ · run \w+/, ''))).toEqual([
      'Leads › Contacts › rows 2–101 job 1',
      'Leads › Contacts › rows 102–201 job 2',
      'Leads › Contacts › rows 202–251 job 3',
    ]);
  });

  it('sends a row whose answer is not saved for a field it has no column for, and that field only', () => {
    // Fuzz seed 64020 case 642: its final Status was trusted for the work email it was never asked.
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    planAndStart(world, { kind: 'enrich', fields: ['phone'] });
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
    // The saved answers gone row by row, which the ledger cannot tell from never saved.
    world.spreadsheet.sheets.find((other) => other.name() === LEDGER_SHEET_NAME)!.cells.splice(1);
    world.cache = new FakeCache(() => world.clock.now());
    expect(server(world).planRun({ kind: 'enrich', fields: ['phone'] }).contactsToSend).toBe(0);
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email', 'phone'] });
    expect(plan).toMatchObject({ contactsToSend: 2, maxCredits: 2 });
    server(world).startRun(plan.planId);
    expect([...world.api.jobs.values()].map((job) => job.fields)).toEqual([['phone'], ['work_email']]);
  });

  it('plans only the selected rows', () => {
    const world = createWorld();
    contactsSheet(world, people(10));
    world.spreadsheet.selection = [
      { start: 1, end: 1 },
      { start: 3, end: 4 },
      { start: 8, end: 8 },
    ];
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(plan).toMatchObject({ contactsToSend: 3, selectionLabel: 'rows 3–8' });
    server(world).startRun(plan.planId);
    expect([...world.api.jobs.values()][0]!.name).toMatch(/^Leads › Contacts › rows 3–4, 8 · run \w+ job 1$/);
  });

  it('refuses a second start of the same preview instead of creating an empty run', () => {
    const world = createWorld();
    contactsSheet(world, people(3));
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    server(world).startRun(plan.planId);
    expect(() => server(world).startRun(plan.planId)).toThrow(/already been started/);
    expect(progress(world).runs).toHaveLength(1);
    expect(world.api.startCalls).toBe(1);
  });

  it('starts only the latest preview, and not when the rows would now cost more', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, [
      ['Ada', 'Lovelace', 'Acme'],
      ['Ada', 'Lovelace', 'Acme'],
    ]);
    const first = server(world).planRun({ kind: 'enrich', fields: ['phone'] });
    const second = server(world).planRun({ kind: 'enrich', fields: ['phone'] });
    expect(second).toMatchObject({ contactsToSend: 1, maxCredits: 10 });
    expect(() => server(world).startRun(first.planId)).toThrow(/expired/);
    sheet.set(3, 1, 'Augusta');
    expect(() => server(world).startRun(second.planId)).toThrow(/cost more/);
    expect(world.api.startCalls).toBe(0);
  });

  it('reverse lookups send emails through the reverse start and write profiles as text', () => {
    const world = createWorld();
    const sheet = world.spreadsheet.addSheet('Emails', [
      ['Email'],
      ['jane.doe@acme.com'],
      ['nobody@x.com'],
      ['bad'],
    ]);
    const { plan } = planAndStart(world, { kind: 'reverse', fields: [] });
    expect(plan).toMatchObject({
      contactsToSend: 2,
      maxCredits: 2 * REVERSE_PROFILE_PRICE,
      skipped: [{ row: 4, reason: 'invalid email' }],
    });
    expect([...world.api.jobs.values()][0]).toMatchObject({
      kind: 'reverse',
      items: [{ email: 'jane.doe@acme.com' }, { email: 'nobody@x.com' }],
    });
    poll(world);
    expect(sheet.column('Full name')).toEqual(['jane doe', '', '']);
    expect(sheet.column('Title')[0]).toBe('=CEO()');
    expect(sheet.column('Status')).toEqual(['found', 'not found', 'invalid email']);
  });
});

describe('row identity of names outside the Latin alphabet', () => {
  it('sends two Cyrillic-named people at one company as two contacts, each answer on its own row', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, [
      ['Иван', 'Петров', 'Acme'],
      ['Ольга', 'Смирнова', 'Acme'],
    ]);
    const { plan } = planAndStart(world);
    expect(plan).toMatchObject({ contactsToSend: 2, rowsFromDuplicates: 0 });
    poll(world);
    expect(sheet.column('Work email')).toEqual(['иван.петров@acme.com', 'ольга.смирнова@acme.com']);
  });
});

describe('a sheet of 150,000 rows', () => {
  const ROWS = 150_000;

  it('gets a plan, not "Maximum call stack size exceeded" (spreading every row into Math.min)', () => {
    const world = createWorld();
    contactsSheet(
      world,
      Array.from({ length: ROWS }, (_, i) => [`P${i}`, '', 'Acme']),
    );
    const plan = server(world).planRun(ENRICH_WORK_EMAIL);
    expect(plan.selectionLabel).toBe(`rows 2–${ROWS + 1}`);
    expect(plan.skipped).toHaveLength(ROWS);
  });
});
