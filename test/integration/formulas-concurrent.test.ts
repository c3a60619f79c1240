/**
 * 200 per-cell formulas recalculated at once, as Sheets runs custom functions (each its own server
 * call, many together): interleaved at service calls in seed-chosen orders, the formula queue must
 * keep every request (one per contact) and stay within its budget: each one reads the queue, checks
 * the room left and writes, while others do the same between those calls.
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

  it.each([4, 5])(
    'stay within the budget of a nearly full queue with seed %i, losing no request shown as queued',
    (seed) => {
      const contacts = people(1000, 0);
      const addon = kit.open(contactRows(contacts));
      const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
      sheet.getRange('H2').setFormula('=ENRICH_PHONE(A2:A1001,B2:B1001,D2:D1001)');
      sheet.getRange('I2').setFormula('=ENRICH_PERSONAL_EMAIL(A2:A1001,B2:B1001,D2:D1001)');
      addon.recalculate();
      const before = queued(addon.properties.document.getProperties()).length;
      for (let row = 2; row <= 201; row++)
        sheet.getRange(row, 7).setFormula(`=ENRICH_EMAIL(A${row},B${row},D${row})`);
      expect(addon.recalculate({ interleave: { seed } })).toBe(200);
      const shown = (sheet.getRange('G2:G201').getDisplayValues() as string[][]).flat();
      const waiting = shown.filter((text) => text.startsWith('⏳ queued')).length;
      const full = shown.filter((text) => text.startsWith('⚠ the formula queue is full')).length;
      expect(waiting + full).toBe(200);
      expect(full).toBeGreaterThan(0);
      const requests = queued(addon.properties.document.getProperties());
      expect(requests.length - before).toBe(waiting);
      const bytes = requests.reduce(
        (sum, [key, value]) => sum + Buffer.byteLength(key) + Buffer.byteLength(value),
        0,
      );
      expect(bytes).toBeLessThanOrEqual(LIMITS.formulaQueueBytes);
    },
  );
});
