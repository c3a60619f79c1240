/** recalculate(): custom-function cells evaluated as Sheets would, each as a custom-function execution. */
import { loadScript } from './support/script';

const CODE = `
/** @customfunction */
function DOUBLE(input) {
  if (input instanceof Array) return input.map(function (row) { return row.map(function (v) { return v * 2; }); });
  return input * 2;
}
/** @customfunction */
function GREET(name, punctuation) { return 'Hello ' + name + punctuation; }
/** @customfunction */
function WRITE() { SpreadsheetApp.getActiveSheet().getRange('Z1').setValue('nope'); return 'unreachable'; }
/** @customfunction */
function COLUMN_OF(n) { var out = []; for (var i = 1; i <= n; i++) out.push(i); return out; }
`;

describe('recalculate', () => {
  const addon = loadScript(CODE);
  const sheet = addon.addSheetFromValues('Data', [
    [2, 'Ada', '=DOUBLE(A1)', '=greet(B1, "!")'],
    [3, '', '=DOUBLE(A1:A2)', '=WRITE()'],
    ['', '', '', '=SUM(A1:A2)'],
    ['=COLUMN_OF(3)', '', '', ''],
    ['', '', '', ''],
  ]);
  afterAll(() => addon.close());

  it('runs each custom-function cell as a custom-function execution and shows the result', () => {
    addon.counts.reset();
    expect(addon.recalculate()).toBe(5);
    expect(sheet.getRange('C1:D2').getValues()).toEqual([
      [4, 'Hello Ada!'],
      [4, '#ERROR!'],
    ]);
    expect(sheet.getRange('C3').getValue()).toBe(6);
    expect(sheet.getRange('D3').getValue()).toBe('');
    expect(sheet.getRange('A4:A6').getValues()).toEqual([[1], [2], [3]]);
    expect(sheet.getRange('Z1').getValue()).toBe('');
  });

  it('shows #REF! when an array result would overwrite data, and clears old spills', () => {
    sheet.getRange('A6').setValue('blocker');
    addon.recalculate();
    expect(sheet.getRange('A4').getValue()).toBe('#REF!');
    expect(sheet.getRange('A5').getValue()).toBe('');
  });
});

describe('when Sheets evaluates a custom function again', () => {
  const addon = loadScript(`${CODE}
function rewriteAroundFlush() {
  var cell = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('When').getRange('C1');
  var formula = cell.getFormula();
  cell.setValue('');
  SpreadsheetApp.flush();
  cell.setFormula(formula);
}
function rewriteWithoutFlush() {
  var cell = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('When').getRange('C1');
  var formula = cell.getFormula();
  cell.setValue('');
  cell.setFormula(formula);
}
function rewriteSameText() {
  var cell = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('When').getRange('C1');
  cell.setFormula(cell.getFormula());
}
function clearFormula() {
  SpreadsheetApp.getActiveSpreadsheet().getSheetByName('When').getRange('C1').setValue('');
}
function restoreFormula() {
  SpreadsheetApp.getActiveSpreadsheet().getSheetByName('When').getRange('C1').setFormula('=DOUBLE(A1:A2)');
}
`);
  const sheet = addon.addSheetFromValues('When', [
    [2, 'x', '=DOUBLE(A1:A2)'],
    [3, 'y', ''],
  ]);
  afterAll(() => addon.close());

  it('runs a formula once, then again only when its arguments or (seen at a flush) its text change', () => {
    expect(addon.recalculate()).toBe(1);
    expect(addon.recalculate()).toBe(0);
    sheet.getRange('B1').setValue('unrelated');
    expect(addon.recalculate()).toBe(0);
    sheet.getRange('A2').setValue(5);
    expect(addon.recalculate()).toBe(1);
    expect(sheet.getRange('C1:C2').getValues()).toEqual([[4], [10]]);

    addon.call('rewriteSameText');
    expect(addon.recalculate()).toBe(0);
    addon.call('rewriteWithoutFlush');
    expect(addon.recalculate()).toBe(0);
    addon.call('rewriteAroundFlush');
    expect(addon.recalculate()).toBe(1);
    addon.call('clearFormula');
    addon.call('restoreFormula');
    expect(addon.recalculate()).toBe(1);
    expect(sheet.getRange('C1:C2').getValues()).toEqual([[4], [10]]);
  });
});
