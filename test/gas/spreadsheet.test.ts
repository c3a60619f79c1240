/** SpreadsheetApp: sheets, ranges, shapes and the errors Apps Script throws for wrong ones. */
import { FakeSpreadsheet } from '../../dev/gas/spreadsheet/spreadsheet';
import { loadScript } from './support/script';

const CODE = `
function sheet() { return SpreadsheetApp.getActiveSpreadsheet().getActiveSheet(); }
function describeRange(a1) {
  var r = SpreadsheetApp.getActiveSpreadsheet().getRange(a1);
  return [r.getSheet().getName(), r.getRow(), r.getColumn(), r.getNumRows(), r.getNumColumns(), r.getA1Notation()];
}
function describeCells(row, column, numRows, numColumns) {
  return sheet().getRange(row, column, numRows, numColumns).getA1Notation();
}
function setValues(a1, values) { sheet().getRange(a1).setValues(values); }
function attempt(fn) { try { fn(); return 'no error'; } catch (e) { return String(e); } }
function setValuesError(a1, values) { return attempt(function () { sheet().getRange(a1).setValues(values); }); }
function rangeError(row, column, numRows, numColumns) {
  return attempt(function () { sheet().getRange(row, column, numRows, numColumns); });
}
function lastRowAndColumn() { return [sheet().getLastRow(), sheet().getLastColumn(), sheet().getDataRange().getA1Notation()]; }
function selection() {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  return {
    sheet: ss.getActiveSheet().getName(),
    active: ss.getActiveRange().getA1Notation(),
    list: ss.getActiveRangeList().getRanges().map(function (r) { return r.getA1Notation(); }),
    viaSelection: SpreadsheetApp.getSelection().getActiveRangeList().getRanges().length,
    isArray: ss.getActiveRangeList().getRanges() instanceof Array
  };
}
function manageSheets() {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var results = ss.insertSheet('Results');
  results.setName('Out');
  results.hideSheet();
  var clash = attempt(function () { ss.insertSheet('Out'); });
  var names = ss.getSheets().map(function (s) { return s.getName() + (s.isSheetHidden() ? ' (hidden)' : ''); });
  ss.deleteSheet(ss.getSheetByName('Out'));
  return { names: names, clash: clash, afterDelete: ss.getSheets().length, missing: ss.getSheetByName('Out'),
           ids: [ss.getSheets()[0].getSheetId(), results.getSheetId()] };
}
function insertHiddenSheetThenReturn(name) {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var mine = ss.getActiveSheet();
  ss.insertSheet(name).hideSheet();
  var whileAway = ss.getActiveSheet().getName();
  mine.activate();
  return whileAway;
}
function toastAndMenu() {
  SpreadsheetApp.getActiveSpreadsheet().toast('Done', 'Sheet Enrich', 3);
  SpreadsheetApp.getUi().createMenu('Tools').addItem('Run', 'run').addSeparator().addToUi();
  return SpreadsheetApp.getUi().alert('Sure?', 'Really?', SpreadsheetApp.getUi().ButtonSet.YES_NO);
}
`;

describe('SpreadsheetApp', () => {
  const addon = loadScript(CODE);
  afterAll(() => addon.close());

  it.each([
    ['A1', ['Sheet1', 1, 1, 1, 1, 'A1']],
    ['A1:C10', ['Sheet1', 1, 1, 10, 3, 'A1:C10']],
    ['B:B', ['Sheet1', 1, 2, 1000, 1, 'B1:B1000']],
    ['2:5', ['Sheet1', 2, 1, 4, 26, 'A2:Z5']],
    ['$B$2:C', ['Sheet1', 2, 2, 999, 2, 'B2:C1000']],
    ["'Sheet1'!B2:C3", ['Sheet1', 2, 2, 2, 2, 'B2:C3']],
  ])('resolves %s', (a1, expected) => {
    expect(addon.call('describeRange', a1)).toEqual(expected);
  });

  it('addresses ranges by row and column', () => {
    expect(addon.call('describeCells', 2, 3, 4, 2)).toBe('C2:D5');
    expect(addon.call('rangeError', 0, 1, 1, 1)).toBe(
      'Exception: The starting row of the range is too small.',
    );
    expect(addon.call('rangeError', 1, 27, 1, 1)).toBe(
      'Exception: The coordinates of the range are outside the dimensions of the sheet.',
    );
    expect(addon.call('rangeError', 1000, 1, 2, 1)).toBe(
      'Exception: The coordinates of the range are outside the dimensions of the sheet.',
    );
  });

  it('throws the setValues shape errors of Apps Script', () => {
    expect(
      addon.call('setValuesError', 'A1:B2', [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ]),
    ).toBe(
      'Exception: The number of rows in the data does not match the number of rows in the range. The data has 3 but the range has 2.',
    );
    expect(addon.call('setValuesError', 'A1:B2', [['a', 'b'], ['c']])).toBe(
      'Exception: The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.',
    );
    expect(addon.call('setValuesError', 'A1', 'x')).toBe(
      "Exception: The parameters (String) don't match the method signature for SpreadsheetApp.Range.setValues.",
    );
  });

  it('tracks the last row and column with content and the data range', () => {
    addon.call('setValues', 'B2:C3', [
      ['x', ''],
      ['', 'y'],
    ]);
    expect(addon.call('lastRowAndColumn')).toEqual([3, 3, 'A1:C3']);
  });

  it('gives the user selection: active sheet, last range, the whole range list', () => {
    addon.addSheetFromValues('Contacts', [['a'], ['b']]);
    addon.setSelection(['A2:C4', 'E2:E9'], 'Contacts');
    expect(addon.call('selection')).toEqual({
      sheet: 'Contacts',
      active: 'E2:E9',
      list: ['A2:C4', 'E2:E9'],
      viaSelection: 2,
      isArray: true,
    });
  });

  it('inserts, renames, hides and deletes sheets, refusing duplicate names', () => {
    const result = addon.call<{
      names: string[];
      clash: string;
      afterDelete: number;
      missing: null;
      ids: number[];
    }>('manageSheets');
    expect(result.names).toEqual(['Sheet1', 'Contacts', 'Out (hidden)']);
    expect(result.clash).toBe(
      'Exception: A sheet with the name "Out" already exists. Please enter another name.',
    );
    expect(result.afterDelete).toBe(2);
    expect(result.missing).toBeNull();
    expect(result.ids[0]).toBe(0);
    expect(result.ids[1]).toBeGreaterThan(0);
  });

  it("remembers each tab's selection: going back to a tab after insertSheet restores it", () => {
    addon.addSheetFromValues('People', [['a'], ['b'], ['c']]);
    addon.setSelection(['A2:B3'], 'People');
    expect(addon.call('insertHiddenSheetThenReturn', 'Ledger')).toBe('Ledger');
    expect(addon.call('selection')).toMatchObject({ sheet: 'People', active: 'A2:B3', list: ['A2:B3'] });
  });

  it('records toasts, menus and alerts', () => {
    addon.ui.alertAnswers.push('NO');
    expect(addon.call('toastAndMenu')).toBe('NO');
    expect(addon.ui.toasts.at(-1)).toEqual({ message: 'Done', title: 'Sheet Enrich', timeoutSeconds: 3 });
    expect(addon.ui.menus.at(-1)).toEqual({
      title: 'Tools',
      addon: false,
      items: [{ label: 'Run', handler: 'run' }, { separator: true }],
    });
    expect(addon.ui.alerts.at(-1)).toEqual({ title: 'Sure?', prompt: 'Really?', buttons: 'YES_NO' });
  });
});

describe('FakeSheet rows, columns, formats and sort', () => {
  const sheetWith = (rows: unknown[][]) => {
    const spreadsheet = new FakeSpreadsheet('id', 'Test');
    const sheet = spreadsheet.getActiveSheet();
    sheet.getRange(1, 1, rows.length, rows[0]!.length).setValues(rows);
    return sheet;
  };

  it('inserts and deletes rows, shifting the cells below and resizing the grid', () => {
    const sheet = sheetWith([['a'], ['b'], ['c']]);
    sheet.insertRowsAfter(1, 2);
    expect(sheet.getRange('A1:A5').getValues().flat()).toEqual(['a', '', '', 'b', 'c']);
    expect(sheet.getMaxRows()).toBe(1002);
    sheet.deleteRows(2, 2);
    sheet.deleteRow(1);
    expect(sheet.getRange('A1:A2').getValues().flat()).toEqual(['b', 'c']);
    expect(() => sheet.deleteRows(1, sheet.getMaxRows())).toThrow(
      'Sorry, it is not possible to delete all non-frozen rows.',
    );
  });

  it('inserts columns and lets a grown grid take a 27th column', () => {
    const sheet = sheetWith([['a', 'b']]);
    expect(() => sheet.getRange(1, 27)).toThrow('outside the dimensions');
    sheet.insertColumnAfter(1);
    expect(sheet.getRange('A1:C1').getValues()).toEqual([['a', '', 'b']]);
    expect(sheet.getRange(1, 27).getA1Notation()).toBe('AA1');
  });

  it('sorts by a column: numbers, then text, then booleans, blanks last; descending too', () => {
    const sheet = sheetWith([
      ['b', 2],
      ['', 1],
      ['a', 3],
      [true, 0],
      [10, 4],
    ]);
    sheet.getRange('A1:B5').sort(1);
    expect(sheet.getRange('A1:A5').getValues().flat()).toEqual([10, 'a', 'b', true, '']);
    sheet.getRange('A1:B5').sort({ column: 2, ascending: false });
    expect(sheet.getRange('B1:B5').getValues().flat()).toEqual([4, 3, 2, 1, 0]);
  });

  it('applies number formats to display values and keeps formats through clearContent', () => {
    const sheet = sheetWith([[1234.5, 0.125, 45000]]);
    sheet.getRange('A1:C1').setNumberFormats([['#,##0.00', '0.0%', 'yyyy-mm-dd']]);
    expect(sheet.getRange('A1:C1').getDisplayValues()).toEqual([['1,234.50', '12.5%', '2023-03-15']]);
    sheet.getRange('A1').clearContent();
    expect(sheet.getRange('A1').getNumberFormat()).toBe('#,##0.00');
    sheet.getRange('A1').clear();
    expect(sheet.getRange('A1').getNumberFormat()).toBe('General');
  });

  it('keeps formulas and reports them with getFormulas', () => {
    const sheet = sheetWith([['x']]);
    sheet.getRange('B1:C1').setFormulas([['=A1&"!"', '=1 2']]);
    expect(sheet.getRange('B1:C1').getFormulas()).toEqual([['=A1&"!"', '=1 2']]);
    expect(sheet.getRange('B1:C1').getValues()).toEqual([['', '#ERROR!']]);
  });

  it('appends rows after the last one', () => {
    const sheet = sheetWith([['h1', 'h2']]);
    sheet.appendRow(['a', '007']);
    expect(sheet.getDataRange().getValues()).toEqual([
      ['h1', 'h2'],
      ['a', 7],
    ]);
  });
});

describe('the selection after rows or columns are deleted', () => {
  function sheetWithSelection(rows: number, selection: { row: number; numRows: number }) {
    const spreadsheet = new FakeSpreadsheet('id', 'Test');
    const sheet = spreadsheet.getActiveSheet();
    sheet.deleteRows(rows + 1, sheet.getMaxRows() - rows);
    spreadsheet.select(sheet, [{ column: 1, numColumns: 2, ...selection }]);
    return { spreadsheet, sheet };
  }

  it('keeps the rows that are left, shifted up, and stays inside the grid', () => {
    const { spreadsheet, sheet } = sheetWithSelection(20, { row: 5, numRows: 10 });
    sheet.deleteRows(3, 4);
    expect(spreadsheet.getSheetSelectionRects()).toEqual([{ row: 3, column: 1, numRows: 8, numColumns: 2 }]);
    sheet.deleteRows(10, 6);
    expect(spreadsheet.getSheetSelectionRects()).toEqual([{ row: 3, column: 1, numRows: 7, numColumns: 2 }]);
  });

  it('moves a selection whose rows were all deleted, so activate() still works', () => {
    const { spreadsheet, sheet } = sheetWithSelection(20, { row: 15, numRows: 6 });
    sheet.deleteRows(12, 9);
    expect(spreadsheet.getSheetSelectionRects()).toEqual([{ row: 11, column: 1, numRows: 1, numColumns: 2 }]);
    expect(() => sheet.activate()).not.toThrow();
    expect(spreadsheet.getActiveRange().getA1Notation()).toBe('A11:B11');
  });
});
