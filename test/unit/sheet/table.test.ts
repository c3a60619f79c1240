import { outputKeysFor } from '../../../src/sheet/output-columns';
import { dataRowsIn, detectTableMapping, readSheetTable } from '../../../src/sheet/table';
import { addHeaderRow, writeRowOutputs } from '../../../src/sheet/writer';
import { MemorySheet } from '../fakes/memory-spreadsheet';

const HEADERLESS = [
  ['Ada', 'Lovelace', 'https://www.linkedin.com/in/ada', 'ada@acme.com'],
  ['Alan', 'Turing', 'https://www.linkedin.com/in/alan', 'alan@globex.io'],
  ['', '', '', ''],
  ['Grace', 'Hopper', 'https://www.linkedin.com/in/grace', 'grace@navy.mil'],
];

describe('a sheet without a header row', () => {
  it('is read from row 1, with a blank header per column and the mapping from content', () => {
    const table = readSheetTable(new MemorySheet(1, 'Raw', HEADERLESS));
    expect(table.headerRow).toBe(0);
    expect(table.headers).toEqual(['', '', '', '']);
    expect(table.outputs).toEqual({});
    expect(dataRowsIn(table, [])).toEqual([1, 2, 4]);
    expect(dataRowsIn(table, [{ start: 1, end: 2 }])).toEqual([1, 2]);
    // Names are not guessed from values: the user maps them.
    expect(detectTableMapping(table)).toEqual({ networkUrl: 3, email: 4 });
  });

  it('gets a header row above its data, naming the mapped columns; the first write adds the output headers', () => {
    const sheet = new MemorySheet(1, 'Raw', HEADERLESS);
    sheet.formulas.set('2:1', '=UPPER("x")');
    const table = readSheetTable(sheet);
    addHeaderRow(table, { firstName: 1, email: 4 });
    expect(sheet.cells[0]).toEqual(['First name', '', '', 'Email']);
    expect(sheet.cells[1]!.slice(0, 4)).toEqual(HEADERLESS[0]);
    // What the sheet holds moved down with its rows.
    expect(sheet.formulas.get('3:1')).toBe('=UPPER("x")');
    expect(table.headerRow).toBe(1);
    expect(table.values[1]!.slice(0, 4)).toEqual(HEADERLESS[0]);
    expect(dataRowsIn(table, [])).toEqual([2, 3, 5]);

    const keys = outputKeysFor('reverse', [], { firstName: 1, email: 4 });
    writeRowOutputs(table, 'reverse', new Map([[2, { status: 'pending', enrichedAt: '' }]]), false, keys);
    expect(sheet.cells[0]!.slice(4, 6)).toEqual(['Status', 'Full name']);
    expect(sheet.column('Status')).toEqual(['pending', '', '', '']);

    // The next read finds the header row and every column by its header.
    const again = readSheetTable(sheet);
    expect(again.headerRow).toBe(1);
    expect(again.outputs.reverse?.status).toBe(5);
    expect(detectTableMapping(again)).toEqual({ firstName: 1, networkUrl: 3, email: 4 });
  });

  it('leaves a sheet that has a header row as it is', () => {
    const sheet = new MemorySheet(1, 'People', [['Email'], ['ada@acme.com']]);
    const table = readSheetTable(sheet);
    addHeaderRow(table, { email: 1 });
    expect(sheet.cells).toEqual([['Email'], ['ada@acme.com']]);
    expect(table.headerRow).toBe(1);
  });
});
