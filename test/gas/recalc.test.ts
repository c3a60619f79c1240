/** recalculate(): custom-function cells evaluated as Sheets would, each as a custom-function execution. */
import type { Addon } from '../../dev/gas/harness';
import type { FakeSheet } from '../../dev/gas/spreadsheet/sheet';
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

describe('the spill of an array formula (Sheets help, ARRAYFORMULA)', () => {
  const addon = loadScript(CODE);
  const sheet = addon.addSheetFromValues('Spill', [
    ['a', '=ARRAYFORMULA(A1:A3)', '=A1:A3'],
    ['b', '', ''],
    ['c', '', ''],
  ]);
  afterAll(() => addon.close());

  it('fills the cells below with no value of their own, and a value written there blocks it (#REF!)', () => {
    addon.recalculate();
    expect(sheet.getRange('B1:C3').getValues()).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['c', 'c'],
    ]);
    expect(sheet.getRange('B2:C3').getFormulas()).toEqual([
      ['', ''],
      ['', ''],
    ]);
    // The very value the spill showed, written by a script, is a value of its own.
    sheet.getRange('B2').setValues([['b']]);
    addon.recalculate();
    expect(sheet.getRange('B1').getValue()).toBe('#REF!');
    expect(sheet.getRange('B3').getValue()).toBe('');
    expect(addon.formulaErrors('Spill')).toEqual([
      {
        row: 1,
        column: 2,
        message: 'Array result was not expanded because it would overwrite data in B2.',
      },
    ]);
    // Emptied, the cell is the spill's again.
    sheet.getRange('B2').setValue('');
    addon.recalculate();
    expect(sheet.getRange('B1:B3').getValues()).toEqual([['a'], ['b'], ['c']]);
    expect(addon.formulaErrors('Spill')).toEqual([]);
  });
});

/**
 * NOTE reads Notes!A1 through SpreadsheetApp, not through an argument: like an add-on's results
 * arriving in its cache, a change there is invisible to Sheets until the formula is refreshed.
 */
const REFRESH_CODE = `
/** @customfunction */
function NOTE(key) {
  return key + ': ' + SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Notes').getRange('A1').getValue();
}
/** @customfunction */
function NOTE_LINES(key) {
  var parts = String(SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Notes').getRange('A1').getValue()).split(',');
  return parts.map(function (part) { return key + part; });
}
/** @customfunction */
function DOUBLE(input) {
  return input.map(function (row) { return row.map(function (v) { return v * 2; }); });
}
function cell(a1) { return SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Data').getRange(a1); }
function rewriteSameText(a1) { cell(a1).setFormula(cell(a1).getFormula()); }
function rewriteWithoutFlush(a1) {
  var formula = cell(a1).getFormula();
  cell(a1).setValue('');
  cell(a1).setFormula(formula);
}
function rewriteAroundFlush(a1) {
  var formula = cell(a1).getFormula();
  cell(a1).setValue('');
  SpreadsheetApp.flush();
  cell(a1).setFormula(formula);
}
function clearCell(a1) { cell(a1).setValue(''); }
function writeFormula(a1, formula) { cell(a1).setFormula(formula); }
`;

describe('when Sheets evaluates a custom function again', () => {
  let addon: Addon;
  let data: FakeSheet;
  let notes: FakeSheet;
  beforeEach(() => {
    addon = loadScript(REFRESH_CODE);
    notes = addon.addSheetFromValues('Notes', [['first note']]);
    data = addon.addSheetFromValues('Data', [
      ['ada', 'unrelated', '=NOTE(A1)', 2, '=DOUBLE(D1:D2)'],
      ['', '', '', 3, ''],
    ]);
  });
  afterEach(() => addon.close());

  /** Runs recalculate() and returns [cells it ran, custom-function executions it caused]. */
  function recalculate(): [number, number] {
    const before = addon.counts.customFunctionRuns;
    const ran = addon.recalculate();
    return [ran, addon.counts.customFunctionRuns - before];
  }

  it('runs each new formula once, then not again while nothing changed', () => {
    expect(recalculate()).toEqual([2, 2]);
    expect(data.getRange('C1').getValue()).toBe('ada: first note');
    notes.getRange('A1').setValue('second note');
    expect(recalculate()).toEqual([0, 0]);
    expect(data.getRange('C1').getValue()).toBe('ada: first note');
  });

  it('runs again when an argument cell changes, not when an unrelated cell does', () => {
    recalculate();
    data.getRange('B1').setValue('still unrelated');
    expect(recalculate()).toEqual([0, 0]);
    data.getRange('A1').setValue('grace');
    expect(recalculate()).toEqual([1, 1]);
    expect(data.getRange('C1').getValue()).toBe('grace: first note');
  });

  it('runs again when a value inside its argument range changes, and spills the new array', () => {
    recalculate();
    expect(data.getRange('E1:E2').getValues()).toEqual([[4], [6]]);
    data.getRange('D2').setValue(5);
    expect(recalculate()).toEqual([1, 1]);
    expect(data.getRange('E1:E2').getValues()).toEqual([[4], [10]]);
  });

  it('keeps the cached result when the same text is written back with no flush between', () => {
    recalculate();
    notes.getRange('A1').setValue('second note');
    addon.call('rewriteSameText', 'C1');
    expect(recalculate()).toEqual([0, 0]);
    addon.call('rewriteWithoutFlush', 'C1');
    expect(recalculate()).toEqual([0, 0]);
    expect(data.getRange('C1').getValue()).toBe('ada: first note');
  });

  it('runs again when the formula is cleared, flushed and written back in one execution', () => {
    recalculate();
    notes.getRange('A1').setValue('second note');
    addon.call('rewriteAroundFlush', 'C1');
    expect(recalculate()).toEqual([1, 1]);
    expect(data.getRange('C1').getValue()).toBe('ada: second note');
  });

  it('runs again when the formula is cleared in one execution and written back in the next', () => {
    recalculate();
    notes.getRange('A1').setValue('second note');
    addon.call('clearCell', 'C1');
    addon.call('writeFormula', 'C1', '=NOTE(A1)');
    expect(recalculate()).toEqual([1, 1]);
    expect(data.getRange('C1').getValue()).toBe('ada: second note');
  });

  it('lays a cached array out again, and a refreshed one replaces the old spill', () => {
    notes.getRange('A1').setValue('1,2,3');
    data.getRange('C1').setFormula('=NOTE_LINES(A1)');
    expect(recalculate()).toEqual([2, 2]);
    expect(data.getRange('C1:C3').getValues()).toEqual([['ada1'], ['ada2'], ['ada3']]);
    notes.getRange('A1').setValue('x,y');
    expect(recalculate()).toEqual([0, 0]);
    expect(data.getRange('C1:C3').getValues()).toEqual([['ada1'], ['ada2'], ['ada3']]);
    addon.call('rewriteAroundFlush', 'C1');
    expect(recalculate()).toEqual([1, 1]);
    expect(data.getRange('C1:C3').getValues()).toEqual([['adax'], ['aday'], ['']]);
  });

  it('counts custom-function runs from callWith too, and resets them with the other counts', () => {
    addon.callWith({ customFunction: true }, 'NOTE', 'bob');
    expect(addon.counts.customFunctionRuns).toBe(1);
    addon.counts.reset();
    expect(addon.counts.customFunctionRuns).toBe(0);
  });
});
