/**
 * The runtime's `unproven` switches: behaviours Google documents nowhere (or only in words), played
 * the other way so the add-on's fallbacks can be tested (docs/deploy.md, "First deploy").
 */
import { loadScript } from './support/script';

const CODE = `
/** @customfunction */
function RUNS() { var c = CacheService.getDocumentCache(); var n = Number(c.get('runs') || 0) + 1; c.put('runs', String(n)); return n; }
function rewrite() {
  var cell = SpreadsheetApp.getActiveSheet().getRange('A1');
  var formula = cell.getFormula();
  cell.setValue('');
  SpreadsheetApp.flush();
  cell.setFormula(formula);
}
function trigger() {
  try { ScriptApp.newTrigger('rewrite').timeBased().everyHours(1).create(); return 'created'; } catch (e) { return String(e); }
}
`;

describe('a formula cleared, flushed and written back', () => {
  it('runs again by default (what the add-on relies on), not with noRecalcOnRewrite', () => {
    for (const [options, runs] of [
      [{}, 2],
      [{ unproven: { noRecalcOnRewrite: true } }, 1],
    ] as const) {
      const addon = loadScript(CODE, options);
      const sheet = addon.addSheetFromValues('Data', [['=RUNS()']]);
      addon.recalculate();
      addon.call('rewrite');
      addon.recalculate();
      expect(sheet.getRange('A1').getValue()).toBe(runs);
      // New text is always run again.
      sheet.getRange('A1').setFormula('=RUNS( )');
      addon.recalculate();
      expect(sheet.getRange('A1').getValue()).toBe(runs + 1);
      addon.close();
    }
  });
});

describe('a test deployment', () => {
  it('refuses to create a trigger (the testing guide: no installable triggers)', () => {
    const addon = loadScript(CODE, { addon: true, unproven: { testDeployment: true } });
    expect(addon.call('trigger')).toBe(
      'Exception: Installable triggers are not supported in a test deployment. (simulated)',
    );
    expect(addon.triggers()).toEqual([]);
    addon.close();
    const published = loadScript(CODE, { addon: true });
    expect(published.call('trigger')).toBe('created');
    published.close();
  });
});
