/**
 * 200 per-cell formulas recalculated at once, as Sheets runs custom functions (each its own server
 * call, many together): interleaved at service calls in seed-chosen orders, the formula queue must
 * keep every request (one per contact) and stay within its budget.
 */
import { LIMITS } from '../../src/domain/limits';
import { contactRows, engineKit, people, SHEET } from './support/engine';

const kit = engineKit();

const queued = (values: Record<string, string>) =>
  Object.entries(values).filter(([key]) => key.startsWith('sheetEnrich.fq.'));

describe('per-cell formulas run at once', () => {
  it.each([1, 2, 3])('queue every request once with interleaving seed %i', (seed) => {
    const contacts = people(200, 0);
    const addon = kit.open(contactRows(contacts));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    for (let row = 2; row <= 201; row++)
      sheet.getRange(row, 7).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
    expect(addon.recalculate({ interleave: { seed } })).toBe(200);
    const shown = (sheet.getRange('G2:G201').getDisplayValues() as string[][]).flat();
    expect(shown.filter((text) => text.startsWith('⏳ queued'))).toHaveLength(200);
    const requests = queued(addon.properties.document.getProperties());
    expect(requests).toHaveLength(200);
    const bytes = requests.reduce(
      (sum, [key, value]) => sum + Buffer.byteLength(key) + Buffer.byteLength(value),
      0,
    );
    expect(bytes).toBeLessThanOrEqual(LIMITS.formulaQueueBytes);
  });
});
