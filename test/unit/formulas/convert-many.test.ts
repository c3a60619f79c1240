/**
 * "Convert formulas to values" over a column of dragged formulas as long as a sheet allows: its
 * bounds were Math.min(...) and Math.max(...) of one argument per formula, and past about 125,000
 * of them (Node's stack; Apps Script's may be smaller) the spread threw "Maximum call stack size
 * exceeded" instead of converting.
 */
import { convertFormulasToValues } from '../../../src/features/formulas/convert';
import { contextFor, createWorld } from '../fakes/context';

describe('convert formulas to values', () => {
  it('converts 200,000 per-cell formulas of one column', () => {
    const world = createWorld();
    const rows = 200_000;
    const values = Array.from({ length: rows }, (_, i) => [`P${i}`, `L${i}`, 'Acme', `p${i}@acme.com`]);
    const sheet = world.spreadsheet.addSheet('Contacts', [['First', 'Last', 'Company', 'Email'], ...values]);
    for (let row = 2; row <= rows + 1; row++)
      sheet.formulas.put(row, 4, `=ENRICH_EMAIL(A${row},B${row},C${row})`);
    world.spreadsheet.selection = [{ start: 2, end: rows + 1 }];
    expect(convertFormulasToValues(contextFor(world))).toMatchObject({
      formulas: rows,
      errors: 0,
      waiting: 0,
    });
    expect(sheet.formulas.at(rows + 1, 4)).toBeUndefined();
  }, 60_000);
});
