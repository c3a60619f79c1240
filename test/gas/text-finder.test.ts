/** Range.createTextFinder: what it matches, what custom functions may do with it, what it costs. */
import { loadScript } from './support/script';

const CODE = `
function finder(a1, text, entire, matchCase) {
  return SpreadsheetApp.getActiveSheet().getRange(a1).createTextFinder(text)
    .matchEntireCell(entire).matchCase(matchCase);
}
function find(a1, text, entire, matchCase) {
  return finder(a1, text, entire, matchCase).findAll().map(function (r) { return r.getA1Notation(); });
}
function replace(a1, text) {
  try { return finder(a1, text, true, true).replaceAllWith('x'); } catch (e) { return 'caught'; }
}
`;

describe('TextFinder', () => {
  const addon = loadScript(CODE);
  afterAll(() => addon.close());
  beforeAll(() => {
    const sheet = addon.spreadsheet.getActiveSheet();
    sheet.getRange('A1:B4').setValues([
      ['e123', 'Ada'],
      ['E123', 'e1234'],
      ['x', 'e123'],
      [123, ''],
    ]);
  });

  it('finds whole cells or parts, with or without case, row by row', () => {
    expect(addon.call('find', 'A1:B4', 'e123', true, true)).toEqual(['A1', 'B3']);
    expect(addon.call('find', 'A1:B4', 'e123', true, false)).toEqual(['A1', 'A2', 'B3']);
    expect(addon.call('find', 'A1:B4', 'e123', false, true)).toEqual(['A1', 'B2', 'B3']);
    expect(addon.call('find', 'A2:A4', 'e123', true, true)).toEqual([]);
    expect(addon.call('find', 'A1:A4', '123', true, true)).toEqual(['A4']);
  });

  it('may be used by a custom function, and counts the cells it scans, not as cells read', () => {
    addon.counts.reset();
    expect(addon.callWith({ customFunction: true }, 'find', 'A1:B4', 'e123', true, true)).toEqual([
      'A1',
      'B3',
    ]);
    expect(addon.counts.get('TextFinder.findAll')).toBe(1);
    expect(addon.counts.rangeReads).toBe(1);
    expect(addon.counts.cellsSearched).toBe(8);
    expect(addon.counts.cellsRead).toBe(0);
  });

  it('ends the run on a method the fake leaves out, even when the script catches the error', () => {
    expect(() => addon.call('replace', 'A1:B4', 'e123')).toThrow(
      'TextFinder.replaceAllWith is not implemented',
    );
  });
});
