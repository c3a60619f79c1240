/** ScriptApp time-driven triggers: creation rules, firing by the harness, deletion. */
import { loadScript } from './support/script';

const CODE = `
function every(minutes) { ScriptApp.newTrigger('tick').timeBased().everyMinutes(minutes).create(); }
function hourly() { return ScriptApp.newTrigger('tick').timeBased().everyHours(1).create().getUniqueId(); }
function once(ms) { ScriptApp.newTrigger('tick').timeBased().after(ms).create(); }
function attempt(fn) { try { fn(); return 'created'; } catch (e) { return String(e); } }
function everyError(minutes) { return attempt(function () { every(minutes); }); }
function tick(event) {
  var props = PropertiesService.getScriptProperties();
  props.setProperty('ticks', String(Number(props.getProperty('ticks') || 0) + 1));
  props.setProperty('lastUid', String(event.triggerUid));
  props.setProperty('minute', String(event.minute));
}
function list() {
  return ScriptApp.getProjectTriggers().map(function (t) {
    return [t.getHandlerFunction(), t.getEventType() === ScriptApp.EventType.CLOCK, t.getTriggerSource()];
  });
}
function removeAll() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); }
function selfRemoving() {
  ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); });
}
function installSelfRemoving() { ScriptApp.newTrigger('selfRemoving').timeBased().everyMinutes(1).create(); }
function failing() { throw new Error('boom'); }
function installFailing() { ScriptApp.newTrigger('failing').timeBased().everyMinutes(1).create(); }
`;

const START = Date.UTC(2024, 0, 1, 12, 0, 0);

describe('ScriptApp triggers (bound script)', () => {
  const addon = loadScript(CODE, { now: START });
  afterEach(() => addon.call('removeAll'));
  afterAll(() => addon.close());

  it('accepts everyMinutes 1, 5, 10, 15, 30 only, with Apps Script’s message', () => {
    expect(addon.call('everyError', 5)).toBe('created');
    expect(addon.call('everyError', 2)).toBe(
      'Exception: The value you passed to everyMinutes was invalid. It must be one of 1, 5, 10, 15 or 30.',
    );
    expect(addon.triggers()).toEqual([
      {
        id: expect.any(String),
        handler: 'tick',
        everyMinutes: 5,
        periodMs: 300_000,
        nextRunAt: expect.any(Number),
      },
    ]);
    expect(addon.call('list')).toEqual([['tick', true, 'CLOCK']]);
  });

  it('fires due triggers as their own executions with a clock event, and reschedules them', () => {
    addon.properties.script.deleteAllProperties();
    addon.call('every', 5);
    expect(addon.fireTriggers()).toBe(0);
    addon.advanceClock(5 * 60_000);
    expect(addon.fireTriggers()).toBe(1);
    expect(addon.fireTriggers()).toBe(0);
    addon.advanceClock(12 * 60_000); // two periods missed: one run, not two
    expect(addon.fireTriggers()).toBe(1);
    expect(addon.properties.script.getProperty('ticks')).toBe('2');
    expect(addon.properties.script.getProperty('lastUid')).toBe(addon.triggers()[0]!.id);
    expect(addon.triggers()[0]!.nextRunAt).toBeGreaterThan(addon.now());
    expect(addon.counts.triggerRuns).toBeGreaterThanOrEqual(2);
  });

  it('runs a one-off trigger once and removes it', () => {
    addon.call('once', 1000);
    addon.advanceClock(1000);
    expect(addon.fireTriggers()).toBe(1);
    expect(addon.triggers()).toEqual([]);
  });

  it('deletes triggers, also from inside their own run', () => {
    addon.call('every', 1);
    addon.call('removeAll');
    expect(addon.triggers()).toEqual([]);
    addon.call('installSelfRemoving');
    addon.advanceClock(60_000);
    expect(addon.fireTriggers()).toBe(1);
    expect(addon.triggers()).toEqual([]);
  });

  it('records a failing trigger run and goes on', () => {
    addon.call('installFailing');
    addon.advanceClock(60_000);
    expect(addon.fireTriggers()).toBe(1);
    expect(String(addon.triggerFailures().at(-1)?.error)).toContain('boom');
    expect(addon.logs().at(-1)).toContain('Trigger failing failed');
  });
});

describe('ScriptApp triggers as an editor add-on', () => {
  const addon = loadScript(CODE, { addon: true, now: START });
  afterAll(() => addon.close());

  it('refuses recurring triggers more frequent than hourly', () => {
    expect(addon.call('everyError', 30)).toBe(
      'Exception: The recurrence interval for an Add-on trigger must be at least one hour.',
    );
    expect(addon.triggers()).toEqual([]);
  });

  it('allows an hourly trigger, and only one time-driven trigger per document', () => {
    addon.call('hourly');
    expect(() => addon.call('hourly')).toThrow(
      'This add-on has created too many time-based triggers in this document for this Google user account.',
    );
    addon.advanceClock(3_600_000);
    expect(addon.fireTriggers()).toBe(1);
  });

  it('fires every installed trigger on demand without moving the clock (playground, CLI)', () => {
    const before = addon.now();
    const runsBefore = addon.counts.triggerRuns;
    expect(addon.fireTriggers()).toBe(0);
    expect(addon.fireTriggers({ all: true })).toBe(1);
    expect(addon.counts.triggerRuns).toBe(runsBefore + 1);
    expect(addon.now() - before).toBeLessThan(1_000);
    expect(addon.triggers()).toHaveLength(1);
  });
});
