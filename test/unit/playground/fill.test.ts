/** The playground's fill handle and copy/paste write formulas as Sheets does (dev/playground/web/fill.ts). */
import { fillFrom, fillTarget, fromTsv, shiftFormula } from '../../../dev/playground/web/fill';

describe('shiftFormula', () => {
  it.each([
    ['=ENRICH_EMAIL(A2,B2,C2)', 1, 0, '=ENRICH_EMAIL(A3,B3,C3)'],
    ['=ENRICH_EMAIL($A$2,B2,C$2)', 3, 0, '=ENRICH_EMAIL($A$2,B5,C$2)'],
    ['=ENRICH_EMAIL($A2,B2,C2)', 0, 2, '=ENRICH_EMAIL($A2,D2,E2)'],
    ['=ENRICH_EMAIL(A2:A6,B2:B6,D2:D6)', 2, 0, '=ENRICH_EMAIL(A4:A8,B4:B8,D4:D8)'],
    [
      '=ENRICH_EMAIL(\'My contacts\'!A2,Contacts!B2,"A2")',
      1,
      0,
      '=ENRICH_EMAIL(\'My contacts\'!A3,Contacts!B3,"A2")',
    ],
    ['=LOG10(A2)', 1, 0, '=LOG10(A3)'],
    ['=ENRICH_EMAIL(A2,B2,C2)', -2, 0, '=ENRICH_EMAIL(#REF!,#REF!,#REF!)'],
    ['Ada', 5, 5, 'Ada'],
  ])('%s moved (%i, %i) is %s', (formula, rows, columns, moved) => {
    expect(shiftFormula(formula, rows, columns)).toBe(moved);
  });
});

describe('the fill handle', () => {
  it('extends the source the way the pointer went furthest, and fills it with moved formulas', () => {
    const source = { row: 2, column: 6, numRows: 1, numColumns: 1 };
    const target = fillTarget(source, { row: 4, column: 7 });
    expect(target).toEqual({ row: 2, column: 6, numRows: 3, numColumns: 1 });
    expect(fillTarget(source, { row: 2, column: 6 })).toBeNull();
    expect(fillFrom({ rect: source, cells: [['=ENRICH_EMAIL(A2,B2,$C$2)']] }, target!)).toEqual([
      { row: 2, column: 6, value: '=ENRICH_EMAIL(A2,B2,$C$2)' },
      { row: 3, column: 6, value: '=ENRICH_EMAIL(A3,B3,$C$2)' },
      { row: 4, column: 6, value: '=ENRICH_EMAIL(A4,B4,$C$2)' },
    ]);
  });

  it('repeats a block of two, also upwards, aligned on the source', () => {
    const source = { row: 4, column: 1, numRows: 2, numColumns: 1 };
    const target = fillTarget(source, { row: 2, column: 1 })!;
    expect(target).toEqual({ row: 2, column: 1, numRows: 4, numColumns: 1 });
    expect(fillFrom({ rect: source, cells: [['x'], ['=B5']] }, target).map((edit) => edit.value)).toEqual([
      'x',
      '=B3',
      'x',
      '=B5',
    ]);
  });

  it('reads a table pasted from elsewhere', () => {
    expect(fromTsv('a\tb\r\nc\td\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
