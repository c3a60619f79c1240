/**
 * planRun as the Enrich and Reverse panels call it: sheets whose headers name nothing known, sheets
 * with no header row, one clicked cell, nothing to do, and the fields a user chose last.
 */
import { PRICES } from '../../../src/domain/fields';
import { USER_PROPERTY } from '../../../src/platform/property-keys';
import { createWorld, type TestWorld } from '../fakes/context';
import { contactsSheet, people, poll, server } from '../fakes/scenario';

function activeSheet(world: TestWorld, name: string, values: string[][]) {
  const sheet = world.spreadsheet.addSheet(name, values);
  world.spreadsheet.active = world.spreadsheet.sheets.indexOf(sheet);
  return sheet;
}

const BY_HAND = { firstName: 1, lastName: 2, companyName: 3 };

describe('planRun on a sheet whose headers name nothing known', () => {
  const values = [
    ['Col1', 'Col2', 'Col3', 'Col4'],
    ['Ada', 'Lovelace', 'Acme', 'x'],
    ['Grace', 'Hopper', 'Navy', 'y'],
  ];

  it('gives the columns and the selection with an incomplete mapping instead of failing', () => {
    const world = createWorld();
    activeSheet(world, 'Export', values);
    world.spreadsheet.selection = [{ start: 2, end: 3 }];
    const plan = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(plan).toMatchObject({
      sheetName: 'Export',
      selectionLabel: 'rows 2–3',
      rows: 2,
      headerRow: 1,
      headerDetected: false,
      mapping: {},
      mappingComplete: false,
      contactsToSend: 0,
    });
    expect(plan.columns).toEqual([
      { index: 1, header: 'Col1', sample: 'Ada' },
      { index: 2, header: 'Col2', sample: 'Lovelace' },
      { index: 3, header: 'Col3', sample: 'Acme' },
      { index: 4, header: 'Col4', sample: 'x' },
    ]);
  });

  it('plans and starts with a mapping by hand, remembered by header text', () => {
    const world = createWorld();
    const sheet = activeSheet(world, 'Export', values);
    const mapped = server(world).planRun({ kind: 'enrich', fields: ['work_email'], mapping: BY_HAND });
    expect(mapped).toMatchObject({ mappingComplete: true, contactsToSend: 2, maxCredits: 2 });
    const again = server(world).planRun({ kind: 'enrich' });
    expect(again).toMatchObject({ mapping: BY_HAND, headerRow: 1, contactsToSend: 2 });

    expect(server(world).startRun(again.planId)).toMatchObject({ contacts: 2 });
    poll(world);
    // The results' headers went into row 1, which now reads as the header row.
    expect(sheet.column('Work email')).toEqual(['ada.lovelace@acme.com', 'grace.hopper@navy.com']);
    expect(server(world).planRun({ kind: 'enrich' })).toMatchObject({
      headerDetected: true,
      mapping: BY_HAND,
      rowsDone: 2,
    });
  });
});

describe('planRun on a sheet without a header row', () => {
  const bare = [
    ['Ada', 'Lovelace', 'Acme', 'acme.com'],
    ['Grace', 'Hopper', 'Navy', 'navy.mil'],
    ['Alan', 'Turing', 'Bletchley', 'bletchley.org'],
  ];

  it('offers the columns by letter with their first value, and plans what the user maps', () => {
    const world = createWorld();
    activeSheet(world, 'Bare', bare);
    world.spreadsheet.selection = [{ start: 1, end: 3 }];
    const first = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(first).toMatchObject({ headerRow: 0, headerDetected: false, rows: 3, selectionLabel: 'rows 1–3' });
    expect(first.columns.map(({ header, sample }) => [header, sample])).toEqual([
      ['', 'Ada'],
      ['', 'Lovelace'],
      ['', 'Acme'],
      ['', 'acme.com'],
    ]);
    const mapping = { ...BY_HAND, companyDomain: 4 };
    const mapped = server(world).planRun({ kind: 'enrich', fields: ['work_email'], mapping });
    expect(mapped).toMatchObject({ headerRow: 0, mappingComplete: true, contactsToSend: 3, maxCredits: 3 });
    // Remembered for the sheet as it is (no header row): the next plan keeps it.
    expect(server(world).planRun({ kind: 'enrich' })).toMatchObject({ headerRow: 0, mapping });
  });

  it('takes the answer to "row 1 holds headers" over the guess, and remembers it', () => {
    const world = createWorld();
    // Names only: row 1 reads like labels, so the guess is wrong and the user corrects it.
    activeSheet(
      world,
      'Names',
      bare.map((row) => row.slice(0, 3)),
    );
    expect(server(world).planRun({ kind: 'enrich' }).headerRow).toBe(1);
    const answered = server(world).planRun({ kind: 'enrich', firstRowHeaders: false, mapping: BY_HAND });
    expect(answered).toMatchObject({ headerRow: 0, rows: 3, contactsToSend: 3 });
    expect(server(world).planRun({ kind: 'enrich' })).toMatchObject({ headerRow: 0, mapping: BY_HAND });
  });

  it('has nothing to show on an empty sheet', () => {
    const world = createWorld();
    activeSheet(world, 'Empty', []);
    expect(server(world).planRun({ kind: 'reverse' })).toMatchObject({
      rows: 0,
      columns: [],
      selectionLabel: 'no rows',
      mappingComplete: false,
    });
  });
});

describe('planRun with one cell selected', () => {
  it('takes the whole table, or only the cell row when asked while that cell is selected', () => {
    const world = createWorld();
    contactsSheet(world, people(5));
    world.spreadsheet.cellRow = 4;
    const whole = server(world).planRun({ kind: 'enrich', fields: ['work_email'] });
    expect(whole).toMatchObject({ rows: 5, cell: { row: 4, wholeTable: true }, selectionLabel: 'rows 2–6' });

    const one = server(world).planRun({ kind: 'enrich', fields: ['work_email'], onlyCellRow: 4 });
    expect(one).toMatchObject({ rows: 1, cell: { row: 4, wholeTable: false }, selectionLabel: 'row 4' });
    expect(server(world).startRun(one.planId)).toMatchObject({ contacts: 1 });
    expect([...world.api.jobs.values()][0]!.items).toEqual([expect.objectContaining({ firstName: 'P3' })]);

    // Another cell now: the request's row no longer stands, the whole table is planned.
    world.spreadsheet.cellRow = 5;
    expect(server(world).planRun({ kind: 'enrich', onlyCellRow: 4 })).toMatchObject({
      rows: 5,
      cell: { row: 5, wholeTable: true },
    });
    world.spreadsheet.selection = [{ start: 2, end: 3 }];
    expect(server(world).planRun({ kind: 'enrich', onlyCellRow: 4 })).toMatchObject({ rows: 2, cell: null });
  });
});

describe('planRun when there is nothing to send', () => {
  it('counts the rows that have their results, and what looking them up again costs', () => {
    const world = createWorld();
    contactsSheet(world, people(3));
    const fields = ['work_email', 'phone'] as const;
    const plan = server(world).planRun({ kind: 'enrich', fields: [...fields] });
    server(world).startRun(plan.planId);
    poll(world);
    const done = server(world).planRun({ kind: 'enrich', fields: [...fields] });
    const price = PRICES.work_email + PRICES.phone;
    expect(done).toMatchObject({
      contactsToSend: 0,
      rows: 3,
      rowsDone: 3,
      lookUpAgain: { contacts: 3, maxCredits: 3 * price },
    });
    const again = server(world).planRun({ kind: 'enrich', fields: [...fields], overwrite: true });
    expect(again).toMatchObject({ contactsToSend: 3, maxCredits: done.lookUpAgain.maxCredits });
  });

  it('says when the selection holds no data row', () => {
    const world = createWorld();
    contactsSheet(world, people(2));
    world.spreadsheet.selection = [{ start: 1, end: 1 }];
    expect(server(world).planRun({ kind: 'enrich' })).toMatchObject({ rows: 0, selectionLabel: 'no rows' });
  });
});

describe('the fields a user chose last', () => {
  it('starts from work email and phone, then from what the user ticked, per user', () => {
    const world = createWorld();
    contactsSheet(world, people(1));
    expect(server(world).planRun({ kind: 'enrich' }).fields).toEqual(['work_email', 'phone']);
    server(world).planRun({ kind: 'enrich', fields: ['personal_email', 'phone'] });
    expect(server(world).planRun({ kind: 'enrich' }).fields).toEqual(['personal_email', 'phone']);
    // Nothing ticked is not a choice worth keeping; reverse runs have no fields to remember.
    server(world).planRun({ kind: 'enrich', fields: [] });
    server(world).planRun({ kind: 'reverse', fields: ['work_email'] });
    expect(server(world).planRun({ kind: 'enrich' }).fields).toEqual(['personal_email', 'phone']);
    expect(JSON.parse(world.userStore.get(USER_PROPERTY.enrichFields)!)).toEqual({
      v: 1,
      fields: ['personal_email', 'phone'],
    });

    const colleague = {
      ...createWorld(),
      spreadsheet: world.spreadsheet,
      documentStore: world.documentStore,
    };
    expect(server(colleague).planRun({ kind: 'enrich' }).fields).toEqual(['work_email', 'phone']);
  });

  it('falls back to the default, with a warning, when the saved choice cannot be read', () => {
    const world = createWorld();
    contactsSheet(world, people(1));
    world.userStore.set(USER_PROPERTY.enrichFields, '{"v":1,"fields":["fax"]}');
    expect(server(world).planRun({ kind: 'enrich' }).fields).toEqual(['work_email', 'phone']);
    expect(world.logs.join('\n')).toMatch(/remembered fields could not be read/);
  });
});
