import type { EnrichField } from '../../../src/domain/fields';
import { headerOf, LEGACY_BLOCKS, outputKeysFor } from '../../../src/sheet/output-columns';
import { locateOutputColumns, ownedColumns } from '../../../src/sheet/output-layout';
import { detectTableMapping, readSheetTable } from '../../../src/sheet/table';
import { writeRowOutputs } from '../../../src/sheet/writer';
import type { ColumnMapping } from '../../../src/domain/inputs';
import { MemorySheet } from '../fakes/memory-spreadsheet';

const LEGACY_ENRICH = LEGACY_BLOCKS.enrich.map(headerOf);
const LEGACY_REVERSE = LEGACY_BLOCKS.reverse.map(headerOf);

/** A header row, then rows with a value in each of the first `filled` columns ("P1", "v12"...). */
function contacts(
  header = ['First name', 'Last name', 'Company'],
  filled = header.length,
  rows = 3,
): MemorySheet {
  const values = [header];
  for (let i = 1; i <= rows; i++)
    values.push(header.map((_, c) => (c >= filled ? '' : c === 0 ? `P${i}` : `v${i}${c}`)));
  return new MemorySheet(1, 'Sheet1', values);
}

/** One enrichment write of `status` (and a work email) on `row`, as a run asking `fields` makes it. */
function enrich(sheet: MemorySheet, fields: EnrichField[], mapping: ColumnMapping = {}, row = 2) {
  const table = readSheetTable(sheet);
  const output = {
    status: 'found',
    workEmail: 'a@acme.com',
    personalEmail: 'a@home.com',
    company: 'Acme',
    title: 'CEO',
  };
  writeRowOutputs(table, 'enrich', new Map([[row, output]]), false, outputKeysFor('enrich', fields, mapping));
  return readSheetTable(sheet);
}

const header = (sheet: MemorySheet) => sheet.cells[0]!;

describe('output columns of this version', () => {
  it('are what the run asked for: no personal email column without personal emails, no profile without a URL', () => {
    const sheet = contacts();
    const table = enrich(sheet, ['work_email', 'phone']);
    expect(header(sheet)).toEqual([
      'First name',
      'Last name',
      'Company',
      'Status',
      'Work email',
      'Work email status',
      'Phone',
      'Phone region',
      'Enriched at',
    ]);
    expect(table.outputs).toEqual({
      enrich: { status: 4, workEmail: 5, workEmailStatus: 6, phone: 7, phoneRegion: 8, enrichedAt: 9 },
    });
    expect(sheet.cell(2, 'Work email')).toBe('a@acme.com');
  });

  it('add no profile column for a fact the user\'s own columns hold ("Company", "Profile URL")', () => {
    const sheet = contacts(['First name', 'Last name', 'Company', 'Profile URL']);
    const table = enrich(sheet, ['work_email'], { networkUrl: 4 });
    expect(header(sheet).filter((text) => /^(Company|Profile URL)( \(found\))?$/.test(text))).toEqual([
      'Company',
      'Profile URL',
    ]);
    expect(table.outputs.enrich!.company).toBeUndefined();
    expect(table.outputs.enrich!.networkUrl).toBeUndefined();
    expect(ownedColumns(table.outputs).has(3)).toBe(false);
    expect(detectTableMapping(table).companyName).toBe(3);
    expect(sheet.cell(2, 'Company')).toBe('v12');
    // What the row does not hold yet is added: the title the profile gives.
    expect(table.outputs.enrich!.title).toBe(header(sheet).indexOf('Title') + 1);
  });

  it('never take the user\'s "Status" column for the run\'s', () => {
    const sheet = contacts(['First name', 'Last name', 'Company', 'Status']);
    sheet.set(2, 4, 'Customer');
    enrich(sheet, ['work_email']);
    expect(header(sheet).slice(4, 5)).toEqual(['Status (found)']);
    expect(sheet.cell(2, 'Status')).toBe('Customer');
    expect(sheet.cell(2, 'Status (found)')).toBe('found');
    expect(readSheetTable(sheet).outputs.enrich!.status).toBe(5);
  });

  it('are found again after a user moved them around inside the block', () => {
    const sheet = contacts();
    enrich(sheet, ['work_email', 'phone']);
    // Phone and Work email swapped, cells and all.
    for (const row of sheet.cells) [row[4], row[6]] = [row[6]!, row[4]!];
    const table = readSheetTable(sheet);
    expect(table.outputs.enrich).toMatchObject({ workEmail: 7, phone: 5 });
  });

  it('a user column inserted inside the block: it is never taken for ours, a new block is made', () => {
    const sheet = contacts();
    enrich(sheet, ['work_email']);
    for (const row of sheet.cells) {
      while (row.length < 7) row.push('');
      row.splice(5, 0, row === sheet.cells[0] ? 'Notes' : 'mine');
    }
    expect(readSheetTable(sheet).outputs).toEqual({});
    enrich(sheet, ['work_email'], {}, 3);
    expect(sheet.column('Notes')).toEqual(['mine', 'mine', 'mine']);
    expect(sheet.cell(3, 'Work email (found)')).toBe('a@acme.com');
  });

  it("a user's column just before the block is not taken for a column the block lacks", () => {
    // The user has work emails of their own and asks for phones: their column must stay theirs.
    const sheet = contacts(['First name', 'Last name', 'Company', 'Work email']);
    enrich(sheet, ['phone']);
    expect(readSheetTable(sheet).outputs.enrich!.workEmail).toBeUndefined();
    sheet.set(3, 4, '');
    enrich(sheet, ['work_email', 'phone'], {}, 3);
    expect(sheet.cell(3, 'Work email')).toBe('');
    expect(sheet.cell(3, 'Work email (found)')).toBe('a@acme.com');
  });
});

describe('columns a later run adds', () => {
  it('sit after the block with their own names, and are found again', () => {
    const sheet = contacts();
    enrich(sheet, ['work_email']);
    const table = enrich(sheet, ['work_email', 'personal_email'], {}, 3);
    expect(header(sheet).slice(3)).toEqual([
      'Status',
      'Work email',
      'Work email status',
      'Enriched at',
      'Personal email',
      'Personal email status',
    ]);
    expect(locateOutputColumns(header(sheet))).toEqual(table.outputs);
    expect(table.outputs.enrich).toMatchObject({ personalEmail: 8, personalEmailStatus: 9 });
    expect(sheet.cell(3, 'Personal email')).toBe('a@home.com');
  });

  it('are marked "(found)" when the user has columns after the block, which the run neither reads nor writes', () => {
    const sheet = contacts();
    enrich(sheet, ['work_email']);
    sheet.set(1, 8, 'Owner');
    sheet.set(3, 8, 'ann');
    sheet.formats.set('3:8', '0.00');
    sheet.reads = 0;
    const table = enrich(sheet, ['work_email', 'personal_email'], {}, 3);
    expect(header(sheet).slice(7)).toEqual([
      'Owner',
      'Personal email (found)',
      'Personal email status (found)',
    ]);
    expect(table.outputs.enrich).toMatchObject({ personalEmail: 9, personalEmailStatus: 10, enrichedAt: 7 });
    expect(ownedColumns(table.outputs).has(8)).toBe(false);
    expect(sheet.cell(3, 'Personal email (found)')).toBe('a@home.com');
    expect(sheet.get(3, 8)).toBe('ann');
    expect(sheet.formats.get('3:8')).toBe('0.00');
  });
});

describe('blocks written by earlier versions', () => {
  it('are found by their full run of headers, the reverse block told from the tail of the enrichment one', () => {
    const layout = locateOutputColumns(['Email', ...LEGACY_ENRICH, ...LEGACY_REVERSE]);
    expect(layout.enrich).toMatchObject({
      workEmail: 2,
      personalEmail: 4,
      company: 9,
      status: 13,
      enrichedAt: 14,
    });
    expect(layout.reverse).toMatchObject({ fullName: 15, status: 21, enrichedAt: 22 });
    expect(layout.enrich!.personalEmailStatus).toBeUndefined();
  });

  it('are reused by a later run, which adds only what they lack', () => {
    const sheet = contacts(['First name', 'Last name', 'Company', ...LEGACY_ENRICH], 3);
    sheet.set(2, 4, 'old@acme.com');
    sheet.set(2, 5, 'DELIVERABLE');
    const table = enrich(sheet, ['work_email', 'personal_email'], {}, 3);
    expect(header(sheet)).toEqual([
      'First name',
      'Last name',
      'Company',
      ...LEGACY_ENRICH,
      'Personal email status',
    ]);
    expect(table.outputs.enrich).toMatchObject({ workEmail: 4, status: 15, personalEmailStatus: 17 });
    expect(sheet.cell(2, 'Work email status')).toBe('DELIVERABLE');
    expect(sheet.cell(3, 'Work email')).toBe('a@acme.com');
  });

  it('keep their "Network URL" header (now "Profile URL"): a later run finds it and adds no column', () => {
    const old = LEGACY_REVERSE.map((text) => (text === 'Profile URL' ? 'Network URL' : text));
    expect(old).toContain('Network URL');
    const sheet = contacts(['Email', ...old], 1);
    const layout = locateOutputColumns(header(sheet));
    expect(layout.reverse!.networkUrl).toBe(old.indexOf('Network URL') + 2);
    const table = readSheetTable(sheet);
    writeRowOutputs(
      table,
      'reverse',
      new Map([[2, { status: 'found', networkUrl: 'https://www.linkedin.com/in/ada' }]]),
      false,
      outputKeysFor('reverse', [], {}),
    );
    expect(header(sheet)).toEqual(['Email', ...old]);
    expect(sheet.cell(2, 'Network URL')).toBe('https://www.linkedin.com/in/ada');
  });
});

describe('both kinds on one sheet', () => {
  it('each block keeps its own columns; the second one\'s repeated headers say "(found)"', () => {
    const sheet = contacts(['First name', 'Last name', 'Company', 'Email']);
    enrich(sheet, ['work_email']);
    const table = readSheetTable(sheet);
    writeRowOutputs(
      table,
      'reverse',
      new Map([[2, { status: 'found', fullName: 'Pat' }]]),
      false,
      outputKeysFor('reverse', [], {}),
    );
    const layout = locateOutputColumns(header(sheet));
    expect(header(sheet).slice(4)).toEqual([
      'Status',
      'Work email',
      'Work email status',
      'Enriched at',
      'Status (found)',
      'Full name',
      'Title',
      'Company (found)',
      'Company domain',
      'Location',
      'Profile URL',
      'Enriched at (found)',
    ]);
    expect(layout.enrich).toEqual({ status: 5, workEmail: 6, workEmailStatus: 7, enrichedAt: 8 });
    expect(layout.reverse).toMatchObject({ status: 9, fullName: 10, company: 12, enrichedAt: 16 });
  });
});
