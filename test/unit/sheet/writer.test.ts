import { outputKeysFor } from '../../../src/sheet/output-columns';
import { readSheetTable, type SheetTable } from '../../../src/sheet/table';
import { writeRowOutputs as write, type RowOutput } from '../../../src/sheet/writer';
import { MemorySheet } from '../fakes/memory-spreadsheet';

/** The columns of an enrichment asking every field with a profile URL mapped: every column there is. */
const ALL = outputKeysFor('enrich', ['work_email', 'personal_email', 'phone'], { networkUrl: 9 });

function writeRowOutputs(
  table: SheetTable,
  kind: 'enrich',
  outputs: ReadonlyMap<number, RowOutput>,
  overwrite: boolean,
) {
  return write(table, kind, outputs, overwrite, ALL);
}

function sheetWithContacts(rows = 3): MemorySheet {
  const values = [['First name', 'Last name', 'Company']];
  for (let i = 1; i <= rows; i++) values.push([`P${i}`, `L${i}`, 'Acme']);
  return new MemorySheet(1, 'Sheet1', values);
}

describe('batched writer', () => {
  it('appends the output block with headers once and finds it again by header', () => {
    const sheet = sheetWithContacts();
    writeRowOutputs(
      readSheetTable(sheet),
      'enrich',
      new Map([[2, { status: 'found', workEmail: 'a@acme.com' }]]),
      false,
    );
    expect(sheet.cells[0]!.slice(3, 7)).toEqual([
      'Status',
      'Work email',
      'Work email status',
      'Personal email',
    ]);
    const table = readSheetTable(sheet);
    // Every column there is, but the profile's Company: the user's Company holds it.
    expect(table.outputs.enrich).toMatchObject({ status: 4, workEmail: 5, enrichedAt: 16 });
    expect(table.outputs.enrich!.company).toBeUndefined();
    writeRowOutputs(table, 'enrich', new Map([[3, { status: 'found', workEmail: 'b@acme.com' }]]), false);
    expect(sheet.cells[0]!.length).toBe(3 + 13);
    expect(sheet.column('Work email')).toEqual(['a@acme.com', 'b@acme.com', '']);
  });

  it('writes API data as text, exactly', () => {
    const sheet = sheetWithContacts();
    const values = {
      status: 'found',
      phone: '+33 6 12 34 56 78',
      title: '=HYPERLINK("x")',
      companyDomain: '0042',
      location: '-1',
    };
    writeRowOutputs(readSheetTable(sheet), 'enrich', new Map([[2, values]]), false);
    expect(sheet.cell(2, 'Phone')).toBe('+33 6 12 34 56 78');
    expect(sheet.cell(2, 'Title')).toBe('=HYPERLINK("x")');
    expect(sheet.cell(2, 'Company domain')).toBe('0042');
    expect(sheet.cell(2, 'Location')).toBe('-1');
    const phoneColumn = sheet.cells[0]!.indexOf('Phone') + 1;
    expect(sheet.formats.get(`2:${phoneColumn}`)).toBe('@');
  });

  it('keeps a cell the user edited and rows that already have their answer, unless overwrite', () => {
    const sheet = sheetWithContacts();
    writeRowOutputs(
      readSheetTable(sheet),
      'enrich',
      new Map([
        [2, { status: 'pending' }],
        [3, { status: 'found', workEmail: 'old@x.com' }],
      ]),
      false,
    );
    const emailColumn = sheet.cells[0]!.indexOf('Work email') + 1;
    sheet.set(2, emailColumn, 'typed by hand');
    const outputs = new Map([
      [2, { status: 'found', workEmail: 'api@acme.com' }],
      [3, { status: 'found', workEmail: 'new@x.com' }],
    ]);
    const summary = writeRowOutputs(readSheetTable(sheet), 'enrich', outputs, false);
    expect(summary).toEqual({ rowsWritten: 1, rowsKept: 1 });
    expect(sheet.cell(2, 'Work email')).toBe('typed by hand');
    expect(sheet.cell(2, 'Status')).toBe('found');
    expect(sheet.cell(3, 'Work email')).toBe('old@x.com');
    writeRowOutputs(readSheetTable(sheet), 'enrich', outputs, true);
    expect(sheet.column('Work email').slice(0, 2)).toEqual(['api@acme.com', 'new@x.com']);
  });

  it("vouches for no value the user typed: a kept email's status and a kept phone's region stay empty", () => {
    const sheet = sheetWithContacts();
    writeRowOutputs(readSheetTable(sheet), 'enrich', new Map([[2, { status: 'pending' }]]), false);
    // A guess typed while the run worked; a phone typed as the answer's own text.
    sheet.set(2, sheet.cells[0]!.indexOf('Work email') + 1, 'guess@acme.com');
    sheet.set(2, sheet.cells[0]!.indexOf('Phone') + 1, '+33 6 12 34 56 78');
    const answer = {
      status: 'found',
      workEmail: 'p1@acme.com',
      workEmailStatus: 'Deliverable',
      phone: '+33 6 12 34 56 78',
      phoneRegion: 'FR',
    };
    writeRowOutputs(readSheetTable(sheet), 'enrich', new Map([[2, answer]]), false);
    expect(sheet.cell(2, 'Work email')).toBe('guess@acme.com');
    expect(sheet.cell(2, 'Work email status')).toBe('');
    // The same phone: its region is this answer's, written.
    expect(sheet.cell(2, 'Phone region')).toBe('FR');
    // Look up again writes the answer whole.
    writeRowOutputs(readSheetTable(sheet), 'enrich', new Map([[2, answer]]), true);
    expect([sheet.cell(2, 'Work email'), sheet.cell(2, 'Work email status')]).toEqual([
      'p1@acme.com',
      'Deliverable',
    ]);
  });

  it('uses four reads and three writes whatever the number of rows', () => {
    const sheet = sheetWithContacts(1000);
    const outputs = new Map(
      Array.from({ length: 1000 }, (_, i) => [i + 2, { status: 'found', workEmail: `${i}@x.com` }]),
    );
    writeRowOutputs(readSheetTable(sheet), 'enrich', outputs, false);
    // Reads: the table, then the block's values, formulas and formats. Writes: the header, the
    // text format on the owned cells (one RangeList), the block (one setValues).
    expect({ reads: sheet.reads, writes: sheet.writes }).toEqual({ reads: 4, writes: 3 });
  });
});

describe('a sheet of 150,000 rows', () => {
  const ROWS = 150_000;

  it('is written in one block by the writer', () => {
    const sheet = new MemorySheet(1, 'Big', [
      ['First name', 'Last name', 'Company'],
      ...Array.from({ length: ROWS }, () => ['P', 'L', 'Acme']),
    ]);
    const outputs = new Map(Array.from({ length: ROWS }, (_, i) => [i + 2, { status: 'pending' }]));
    expect(writeRowOutputs(readSheetTable(sheet), 'enrich', outputs, false).rowsWritten).toBe(ROWS);
    expect(sheet.cell(ROWS + 1, 'Status')).toBe('pending');
  });
});

describe('cells the run does not own', () => {
  it('keep their formula, value and format; the run writes only its own rows and columns', () => {
    const sheet = sheetWithContacts(4);
    const table = readSheetTable(sheet);
    writeRowOutputs(table, 'enrich', new Map([[2, { status: 'pending' }]]), false);
    const phone = sheet.cells[0]!.indexOf('Phone') + 1;
    const title = sheet.cells[0]!.indexOf('Title') + 1;
    // The user's own cells inside the block: a formula on a row the run does not touch, a number
    // formatted by the user, text that Sheets would parse, and a formula that shows nothing.
    sheet.formulas.set(`3:${phone}`, '=LEN(A3)');
    sheet.set(3, title, '42');
    sheet.formats.set(`3:${title}`, '0.00');
    sheet.set(4, title, '0612');
    sheet.formulas.set(`2:${phone}`, '=IF(A2="","","x")');
    const outputs = new Map([
      [2, { status: 'found', workEmail: 'p1@acme.com', phone: '+1 555' }],
      [5, { status: 'found', workEmail: 'p4@acme.com', title: '=HYPERLINK("evil")' }],
    ]);
    writeRowOutputs(readSheetTable(sheet), 'enrich', outputs, false);
    expect(sheet.formulas.get(`3:${phone}`)).toBe('=LEN(A3)');
    expect(sheet.formulas.get(`2:${phone}`)).toBe('=IF(A2="","","x")');
    expect(sheet.get(3, title)).toBe('42');
    expect(sheet.formats.get(`3:${title}`)).toBe('0.00');
    expect(sheet.get(4, title)).toBe('0612');
    expect(sheet.formats.get(`4:${title}`)).toBeUndefined();
    expect(sheet.cell(2, 'Work email')).toBe('p1@acme.com');
    expect(sheet.cell(5, 'Title')).toBe('=HYPERLINK("evil")');
    expect(sheet.formulas.has(`5:${title}`)).toBe(false);
    expect(sheet.formats.get(`5:${title}`)).toBe('@');
  });
});

describe('a cell another formula’s array result fills', () => {
  it('is never written, not even back: the block is written around it', () => {
    const sheet = sheetWithContacts(5);
    writeRowOutputs(readSheetTable(sheet), 'enrich', new Map([[2, { status: 'pending' }]]), false);
    const email = sheet.cells[0]!.indexOf('Work email') + 1;
    // The user's FILTER in Work email, row 3, fills rows 3-5 (its first range's height).
    sheet.formulas.set(`3:${email}`, '=FILTER(A3:A5,B3:B5<>"")');
    sheet.set(4, email, 'P3');
    sheet.set(5, email, '');
    const rectangles: string[] = [];
    const writeCells = sheet.writeCells.bind(sheet);
    sheet.writeCells = (row, column, values, textCells) => {
      rectangles.push(`${row}:${column} ${values.length}x${values[0]!.length}`);
      writeCells(row, column, values, textCells);
    };
    const outputs = new Map(
      [2, 3, 4, 5, 6].map((row) => [
        row,
        { status: 'found', workEmail: `p${row}@acme.com`, enrichedAt: 'now' },
      ]),
    );
    writeRowOutputs(readSheetTable(sheet), 'enrich', outputs, false);
    // Column by column around the spill: Status, Work email above and below it, Enriched at (the
    // columns between hold nothing of this run's: not written).
    const enrichedAt = sheet.cells[0]!.indexOf('Enriched at') + 1;
    expect(rectangles).toEqual([`2:4 5x1`, `2:${email} 2x1`, `6:${email} 1x1`, `2:${enrichedAt} 5x1`]);
    expect([4, 5].map((row) => sheet.get(row, email))).toEqual(['P3', '']);
    expect(sheet.column('Status')).toEqual([
      'found',
      'found',
      'found',
      `found · ${String.fromCharCode(64 + email)}5 left to the formula in ${String.fromCharCode(64 + email)}3`,
      'found',
    ]);
  });
});
