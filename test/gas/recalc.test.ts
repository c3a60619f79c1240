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
