/** Sheets parses strings written by setValues/setValue like typed input. */
import { parseTypedInput } from '../../dev/gas/spreadsheet/parsing';
import { isValidFormula } from '../../dev/gas/spreadsheet/formula';
import { loadScript } from './support/script';

const WRITE = `
function write(a1, values) { SpreadsheetApp.getActiveSheet().getRange(a1).setValues(values); }
function writeOne(a1, value) { SpreadsheetApp.getActiveSheet().getRange(a1).setValue(value); }
function read(a1) {
  var range = SpreadsheetApp.getActiveSheet().getRange(a1);
  return { values: range.getValues(), display: range.getDisplayValues(), formulas: range.getFormulas() };
}
function isDate(a1) { return SpreadsheetApp.getActiveSheet().getRange(a1).getValue() instanceof Date; }
function textFormat(a1) { SpreadsheetApp.getActiveSheet().getRange(a1).setNumberFormat('@'); }
`;

describe('typed-input parsing of written strings', () => {
  const addon = loadScript(WRITE, { now: Date.UTC(2024, 5, 1) });
  afterAll(() => addon.close());

  it('turns numbers, phone numbers, dates and booleans into what Sheets makes of them', () => {
    addon.call('write', 'A1:H1', [
      ['0612345678', '+1 555-123-4567', '2022-03-15', 'TRUE', 'false', '-5', '=SUM(1,2)', 'plain'],
    ]);
    const { values, display, formulas } = addon.call<{
      values: unknown[][];
      display: string[][];
      formulas: string[][];
    }>('read', 'A1:H1');
    expect(values[0]).toEqual([
      612345678,
      '#ERROR!',
      new Date(Date.UTC(2022, 2, 15)),
      true,
      false,
      -5,
      '',
      'plain',
    ]);
    expect(display[0]).toEqual(['612345678', '#ERROR!', '2022-03-15', 'TRUE', 'FALSE', '-5', '', 'plain']);
    expect(formulas[0]).toEqual(['', '=+1 555-123-4567', '', '', '', '', '=SUM(1,2)', '']);
  });

  it('gives date cells the context realm Date, so instanceof Date holds in the bundle', () => {
    addon.call('writeOne', 'B5', '2022-03-15');
    expect(addon.call('isDate', 'B5')).toBe(true);
  });

  it('keeps the text as written in a plain-text (@) cell', () => {
    addon.call('textFormat', 'C2:D2');
    addon.call('write', 'C2:D2', [['0612345678', '+1 555-123-4567']]);
    const { values, formulas } = addon.call<{ values: unknown[][]; formulas: string[][] }>('read', 'C2:D2');
    expect(values[0]).toEqual(['0612345678', '+1 555-123-4567']);
    expect(formulas[0]).toEqual(['', '']);
  });

  it('strips a leading apostrophe and keeps the rest as text', () => {
    addon.call('writeOne', 'E3', "'0612345678");
    const { values, display } = addon.call<{ values: unknown[][]; display: string[][] }>('read', 'E3');
    expect(values).toEqual([['0612345678']]);
    expect(display).toEqual([['0612345678']]);
  });

  it('stores numbers, booleans and Dates written as such unchanged', () => {
    addon.call('write', 'A7:C7', [[42.5, true, new Date(Date.UTC(2023, 0, 2, 10, 30))]]);
    const { values, display } = addon.call<{ values: unknown[][]; display: string[][] }>('read', 'A7:C7');
    expect(values[0]).toEqual([42.5, true, new Date(Date.UTC(2023, 0, 2, 10, 30))]);
    expect(display[0]).toEqual(['42.5', 'TRUE', '1/2/2023 10:30:00']);
  });
});

describe('parseTypedInput', () => {
  const now = new Date(Date.UTC(2024, 0, 1));

  it.each([
    ['-', '-'],
    ['12.5%', 0.125],
    ['1,234', 1234],
    ['+15551234567', 15551234567],
    ['2022-13-45', '2022-13-45'],
    ['john@example.com', 'john@example.com'],
    ['  ', '  '],
  ])('%j becomes %j', (input, expected) => {
    expect(parseTypedInput(input, undefined, now).value).toEqual(expected);
  });

  it('reads US dates, with the current year when none is typed', () => {
    expect(parseTypedInput('3/4', undefined, now).value).toEqual(new Date(Date.UTC(2024, 2, 4)));
    expect(parseTypedInput('12/31/2021', undefined, now)).toEqual({
      value: new Date(Date.UTC(2021, 11, 31)),
      format: 'M/d/yyyy',
    });
  });

  it('treats a leading minus followed by words as a formula, as Sheets does', () => {
    expect(parseTypedInput('- first item', undefined, now)).toEqual({
      value: '#ERROR!',
      formula: '=- first item',
    });
  });
});

describe('formula syntax', () => {
  it.each([
    '=SUM(A1:B2)',
    '=ENRICH_EMAIL(A2, B2, C2)',
    '=\'My sheet\'!A1 & "x"',
    '=IF(A1,,1)',
    '={1,2;3,4}',
    '=-A1%',
    '=B:B',
  ])('accepts %s', (formula) => expect(isValidFormula(formula)).toBe(true));

  it.each(['=+1 555-123-4567', '=SUM(1,', '=1 2', '=(1', '=', '="unterminated'])('rejects %s', (formula) =>
    expect(isValidFormula(formula)).toBe(false),
  );
});
