/**
 * The formula queue has a budget (LIMITS.formulaQueueBytes) in the document's 500 KB property store:
 * any editor can queue requests without a key, so three range formulas over 1,000 rows (docs/features.md's
 * own shape) must not crowd out runs, and the user can empty it.
 */
import type { FormulaQueueView, PlanView, StartView } from '../../src/app/sidebar-contract';
import { LIMITS } from '../../src/domain/limits';
import { contactRows, engineKit, people, SHEET } from './support/engine';

const kit = engineKit();

const queueBytes = (values: Record<string, string>) =>
  Object.entries(values)
    .filter(([key]) => key.startsWith('sheetEnrich.fq.'))
    .reduce((sum, [key, value]) => sum + Buffer.byteLength(key) + Buffer.byteLength(value), 0);

describe('the formula queue', () => {
  it('stays within its budget, says plainly when full, never refuses a run, and can be cleared', () => {
    const contacts = people(1000, 0.1);
    const addon = kit.open(contactRows(contacts));
    const sheet = addon.spreadsheet.getSheetByName(SHEET)!;
    sheet.getRange('G2').setFormula('=ENRICH_EMAIL(A2:A1001,B2:B1001,D2:D1001)');
    sheet.getRange('H2').setFormula('=ENRICH_PHONE(A2:A1001,B2:B1001,D2:D1001)');
    sheet.getRange('I2').setFormula('=ENRICH_PERSONAL_EMAIL(A2:A1001,B2:B1001,D2:D1001)');
    addon.recalculate();
    const document = addon.properties.document.getProperties();
    expect(queueBytes(document)).toBeLessThanOrEqual(LIMITS.formulaQueueBytes);
    const shown = (sheet.getRange('G2:I1001').getDisplayValues() as string[][]).flat();
    const full = shown.filter((text) => text.startsWith('⚠ the formula queue is full')).length;
    expect(full).toBeGreaterThan(0);
    expect(shown.filter((text) => text.startsWith('⏳ queued')).length + full).toBe(3000);
    const view = addon.call<FormulaQueueView>('getFormulaQueue');
    expect(view.full?.requests).toBe(3000 - full);

    // A 20-row sidebar run is not refused for the queue's sake.
    addon.setSelection('A2:D21', SHEET);
    const plan = addon.call<PlanView>('planRun', { kind: 'enrich', fields: ['work_email'] });
    expect(addon.call<StartView>('startRun', plan.planId).contacts).toBe(20);

    // Cleared: no request left, and the box says nothing is full any more.
    const cleared = addon.call<FormulaQueueView>('clearFormulaQueue');
    expect(cleared.full).toBeUndefined();
    expect(cleared.queues).toEqual([]);
    expect(queueBytes(addon.properties.document.getProperties())).toBe(0);
  });
});
