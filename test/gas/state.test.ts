/** exportState / loadAddon({ state }): a runtime resumed from JSON sees the same document and settings. */
import { loadScript } from './support/script';
import { loadAddon } from '../../dev/gas/harness';

const CODE = `
function setUp() {
  var ss = SpreadsheetApp.getActiveSpreadsheet();
  var sheet = ss.insertSheet('Out');
  sheet.getRange('A1:C2').setValues([['name', 'when', 'ok'], ['Ada', '2022-03-15', true]]);
  sheet.getRange('D1').setNumberFormat('@');
  sheet.getRange('D1').setValue('007');
  sheet.getRange('E1').setFormula('=A1');
  ss.getSheetByName('Sheet1').hideSheet();
  PropertiesService.getDocumentProperties().setProperty('job', 'j-1');
  ScriptApp.newTrigger('poll').timeBased().everyMinutes(5).create();
  CacheService.getScriptCache().put('c', 'v');
}
function poll() {}
function read() {
  var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Out');
  return { values: sheet.getRange('A1:E2').getValues(), formats: sheet.getRange('D1').getNumberFormat(),
           formula: sheet.getRange('E1').getFormula(), whenIsDate: sheet.getRange('B2').getValue() instanceof Date,
           hidden: SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1').isSheetHidden(),
           active: SpreadsheetApp.getActiveSheet().getName(),
           job: PropertiesService.getDocumentProperties().getProperty('job'),
           triggers: ScriptApp.getProjectTriggers().length, cache: CacheService.getScriptCache().get('c') };
}
`;

describe('runtime state', () => {
  it('round-trips sheets, formats, formulas, properties, triggers and the clock through JSON', () => {
    const first = loadScript(CODE, { now: Date.UTC(2024, 0, 1) });
    first.call('setUp');
    const before = first.call('read');
    const state = JSON.parse(JSON.stringify(first.exportState()));
    first.close();

    const second = loadScript(CODE, { state });
    const after = second.call<Record<string, unknown>>('read');
    expect(after).toEqual({ ...(before as object), cache: null });
    expect(Math.abs(second.now() - first.now())).toBeLessThan(5_000);
    expect(second.triggers()).toEqual(first.triggers());
    second.close();
  });

  it('starts from the given clock even with a state', () => {
    const first = loadAddon({ distDir: '/nonexistent', now: Date.UTC(2030, 0, 1) });
    const resumed = loadAddon({
      distDir: '/nonexistent',
      state: first.exportState(),
      now: Date.UTC(2031, 0, 1),
    });
    expect(new Date(resumed.now()).getUTCFullYear()).toBe(2031);
    expect(() => resumed.call('anything')).toThrow(
      '/nonexistent/Code.js is missing: run `npm run build` first.',
    );
  });
});
