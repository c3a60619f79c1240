/** One execution as Apps Script runs it: fresh context, bare globals, harness clock, budget, kill switch, custom functions, counts. */
import vm from 'node:vm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAddon } from '../../dev/gas/harness';
import { projectCompilations } from '../../dev/gas/project-code';
import { freshContext } from '../../dev/gas/runtime';
import { loadScript } from './support/script';

const CODE = `
var runs = 0;
function countRuns() { runs += 1; return runs; }
function globalsPresent() {
  return ['setTimeout', 'setInterval', 'require', 'process', 'fetch', 'Buffer', 'TextEncoder', 'URL', 'structuredClone',
    'module', 'global']
    .filter(function (name) { return typeof globalThis[name] !== 'undefined'; });
}
function appsScriptGlobals() {
  return ['SpreadsheetApp', 'PropertiesService', 'CacheService', 'LockService', 'ScriptApp', 'HtmlService',
    'UrlFetchApp', 'Utilities', 'Session', 'Logger', 'console']
    .filter(function (name) { return typeof globalThis[name] === 'undefined'; });
}
function clock() { return [Date.now(), new Date().getTime(), new Date(0).getTime(), typeof Date()]; }
function writeRows(n) {
  var sheet = SpreadsheetApp.getActiveSheet();
  for (var i = 1; i <= n; i++) sheet.getRange(i, 1, 1, 1).setValues([['row ' + i]]);
}
function swallowTimeout() {
  try { writeRows(5); } catch (e) { return 'caught ' + e; }
  return 'finished';
}
function slowLoop() {
  for (var i = 0; i < 5; i++) { Utilities.sleep(60000); SpreadsheetApp.getActiveSheet().getRange('A1').getValue(); }
}
function CUSTOM(value) {
  var out = [SpreadsheetApp.getActiveSheet().getRange('A1').getValue(), Session.getActiveUser().getEmail()];
  try { SpreadsheetApp.getActiveSheet().getRange('B1').setValue(value); } catch (e) { out.push(String(e)); }
  try { ScriptApp.newTrigger('x'); } catch (e) { out.push(String(e)); }
  try { SpreadsheetApp.getUi(); } catch (e) { out.push(String(e)); }
  try { PropertiesService.getUserProperties().setProperty('k', 'v'); } catch (e) { out.push(String(e)); }
  out.push(PropertiesService.getDocumentProperties().setProperty('d', 'ok').getProperty('d'));
  return out;
}
function errorShape() {
  try { SpreadsheetApp.getActiveSheet().getRange('A1:B2').setValues([[1]]); }
  catch (e) { return [e instanceof Error, e.name, e.message.slice(0, 21)]; }
}
function arrayRealm() { return SpreadsheetApp.getActiveSheet().getRange('A1:B2').getValues() instanceof Array; }
function logSomething() { Logger.log('hello %s', 'world'); console.info('info', { a: 1 }); console.error(new Error('bad')); }
function giveEvent(e) { return e.source; }
`;

describe('executions', () => {
  const addon = loadScript(CODE, { now: Date.UTC(2024, 0, 1), userEmail: 'ada@example.com' });
  afterAll(() => addon.close());

  it('runs every call in a fresh context: module-level state does not survive', () => {
    expect(addon.call('countRuns')).toBe(1);
    expect(addon.call('countRuns')).toBe(1);
    const execution = addon.startExecution();
    expect([execution.call('countRuns'), execution.call('countRuns')]).toEqual([1, 2]);
    execution.end();
  });

  it('compiles the project once per version of its file, and runs it fresh in each execution', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gas-compile-'));
    writeFileSync(join(dir, 'Code.js'), 'var n = 0; function bump() { n += 1; return "v1:" + n; }');
    const project = loadAddon({ distDir: dir });
    try {
      const before = projectCompilations();
      expect([project.call('bump'), project.call('bump'), project.call('bump')]).toEqual([
        'v1:1',
        'v1:1',
        'v1:1',
      ]);
      expect(projectCompilations() - before).toBe(1);
      // A rebuild in the same process (a new file): the next execution runs the new code.
      rmSync(join(dir, 'Code.js'));
      writeFileSync(join(dir, 'Code.js'), 'var n = 10; function bump() { n += 1; return "v2:" + n; }');
      expect([project.call('bump'), project.call('bump')]).toEqual(['v2:11', 'v2:11']);
      expect(projectCompilations() - before).toBe(2);
    } finally {
      project.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has only Apps Script globals', () => {
    expect(addon.call('globalsPresent')).toEqual([]);
    expect(addon.call('appsScriptGlobals')).toEqual([]);
  });

  it('shows the harness clock through Date and Date.now', () => {
    const [now, fromDate, epoch, called] = addon.call<[number, number, number, string]>('clock');
    expect(now - Date.UTC(2024, 0, 1)).toBeLessThan(5_000);
    expect(fromDate).toBeGreaterThanOrEqual(now);
    expect(epoch).toBe(0);
    expect(called).toBe('string');
    addon.advanceClock(86_400_000);
    expect(addon.call<number[]>('clock')[0]! - now).toBeGreaterThanOrEqual(86_400_000);
  });

  it('throws service errors as context Errors named Exception, and returns context arrays', () => {
    expect(addon.call('errorShape')).toEqual([true, 'Exception', 'The number of rows in']);
    expect(addon.call('arrayRealm')).toBe(true);
  });

  it('kills a run at the Nth call with killAfter, even if the add-on catches the error', () => {
    expect(() => addon.callWith({ killAfter: { 'Range.setValues': 3 } }, 'swallowTimeout')).toThrow(
      'Exceeded maximum execution time',
    );
    const sheet = addon.spreadsheet.getActiveSheet();
    expect(sheet.getRange('A1:A3').getValues().flat()).toEqual(['row 1', 'row 2', '']);
  });

  it('ends a run that goes past its time budget', () => {
    expect(() => addon.callWith({ budgetMs: 150_000 }, 'slowLoop')).toThrow(
      'Exceeded maximum execution time',
    );
    expect(() => addon.call('slowLoop')).not.toThrow();
  });

  it('runs custom functions read-only, without authorization, in 30 seconds', () => {
    addon.spreadsheet.getActiveSheet().getRange('A1').setValue('in A1');
    expect(addon.callWith({ customFunction: true }, 'CUSTOM', 'x')).toEqual([
      'in A1',
      '',
      'Exception: You do not have permission to call setValue',
      'Exception: You do not have permission to call ScriptApp.newTrigger',
      'Exception: Cannot call SpreadsheetApp.getUi() from this context.',
      'Exception: You do not have permission to call setProperty',
      'ok',
    ]);
    expect(() => addon.callWith({ customFunction: true }, 'slowLoop')).toThrow(
      'Exceeded maximum execution time',
    );
  });

  it('counts service calls by Service.method, with range read and write totals', () => {
    addon.counts.reset();
    addon.call('writeRows', 3);
    addon.call('arrayRealm');
    expect(addon.counts.get('Range.setValues')).toBe(3);
    expect(addon.counts.get('Sheet.getRange')).toBe(4);
    expect(addon.counts.get('SpreadsheetApp.getActiveSheet')).toBe(2);
    expect(addon.counts.rangeWrites).toBe(3);
    expect(addon.counts.rangeReads).toBe(1);
    expect(addon.counts.snapshot()).toEqual({
      'Range.getValues': 1,
      'Range.setValues': 3,
      'Sheet.getRange': 4,
      'SpreadsheetApp.getActiveSheet': 2,
    });
  });

  it('records Logger and console lines', () => {
    addon.call('logSomething');
    const lines = addon.logLines().slice(-3);
    expect(lines.map((l) => l.level)).toEqual(['log', 'info', 'error']);
    expect(lines[0]!.text).toBe('hello world');
    expect(lines[1]!.text).toBe('info {"a":1}');
    expect(lines[2]!.text).toContain('bad');
  });

  it('passes an event object as first argument and reports unknown functions', () => {
    expect(addon.callWith({ event: { source: 'menu' } }, 'giveEvent')).toBe('menu');
    expect(() => addon.call('nope')).toThrow('Script function not found: nope');
  });
});

describe('a member the fakes do not implement', () => {
  const addon = loadScript(`
    function useMissing() { return SpreadsheetApp.getActiveSheet().getBandings(); }
    function swallowMissing() {
      try { SpreadsheetApp.getActiveSheet().getBandings(); } catch (e) { return 'swallowed'; }
      return 'went on';
    }
    function stringify() { return JSON.stringify({ sheet: SpreadsheetApp.getActiveSheet() }); }`);
  afterAll(() => addon.close());
  const LOUD = 'Sheet.getBandings is not implemented by the local Apps Script runtime (dev/gas)';

  it('fails loudly with its name instead of reading undefined', () => {
    expect(() => addon.call('useMissing')).toThrow(LOUD);
  });

  it('ends the run even when the add-on catches the error', () => {
    expect(() => addon.call('swallowMissing')).toThrow(LOUD);
  });

  it('leaves alone what the language itself probes (toJSON)', () => {
    expect(addon.call('stringify')).toBe('{"sheet":{}}');
  });
});

describe('built-ins of the project', () => {
  const addon = loadScript(`
    function ownBuiltins() {
      return [Math === globalThis.Math, JSON === globalThis.JSON, [] instanceof Array, typeof Map];
    }`);
  afterAll(() => addon.close());

  it('are the context’s own', () => {
    expect(addon.call('ownBuiltins')).toEqual([true, true, true, 'function']);
  });

  it('live on an ordinary global object, read with no interceptor (as fast as in a plain V8 realm)', () => {
    // A contextified object ({}) is a host object whose every global read goes through an
    // interceptor (hot code 4–15× slower); an ordinary global object is the context itself.
    const context = freshContext();
    expect(vm.runInContext('globalThis', context)).toBe(context);
    expect(vm.runInContext('typeof Math.sqrt', context)).toBe('function');
  });
});
