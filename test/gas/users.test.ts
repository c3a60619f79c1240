/**
 * Several users on one document (addon.as): each has their own user properties, user cache, user
 * lock, Session and triggers; the spreadsheet, document properties and caches are shared; a trigger
 * runs as its owner whoever fires it; a custom function runs as the user who recalculates.
 */
import { USER_PROPERTY } from '../../src/platform/property-keys';
import type { Addon, RuntimeState } from '../../dev/gas/harness';
import { MESSAGES } from '../../dev/gas/errors';
import { loadScript } from './support/script';

const CODE = `
function remember(key, value) { PropertiesService.getUserProperties().setProperty(key, value); }
function recall(key) { return PropertiesService.getUserProperties().getProperty(key); }
function share(key, value) { PropertiesService.getDocumentProperties().setProperty(key, value); }
function shared(key) { return PropertiesService.getDocumentProperties().getProperty(key); }
function cachePut(key, value) {
  CacheService.getUserCache().put(key, value, 21600);
  CacheService.getDocumentCache().put('doc:' + key, value);
}
function cacheGet(key) {
  return [CacheService.getUserCache().get(key), CacheService.getDocumentCache().get('doc:' + key)];
}
function who() {
  return { active: Session.getActiveUser().getEmail(), effective: Session.getEffectiveUser().getEmail(),
           key: Session.getTemporaryActiveUserKey() };
}
function schedule() { ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); }
function scheduleError() { try { schedule(); return 'created'; } catch (e) { return String(e); } }
function myTriggers() { return ScriptApp.getProjectTriggers().map(function (t) { return t.getHandlerFunction(); }); }
function dropMine() { ScriptApp.getProjectTriggers().forEach(function (t) { ScriptApp.deleteTrigger(t); }); }
function tick() {
  var runs = JSON.parse(PropertiesService.getDocumentProperties().getProperty('runs') || '[]');
  runs.push({ active: Session.getActiveUser().getEmail(), effective: Session.getEffectiveUser().getEmail(),
              key: PropertiesService.getUserProperties().getProperty('${USER_PROPERTY.apiKey}'),
              cached: CacheService.getUserCache().get('note') });
  PropertiesService.getDocumentProperties().setProperty('runs', JSON.stringify(runs));
}
function LABEL() {
  return [[PropertiesService.getUserProperties().getProperty('label') || 'none',
           Session.getActiveUser().getEmail() + '|' + Session.getEffectiveUser().getEmail()]];
}
var held;
function takeUserLock() { held = LockService.getUserLock(); return held.tryLock(0); }
function takeDocumentLock() { held = LockService.getDocumentLock(); return held.tryLock(0); }
`;

const ANN = 'ann@example.com';
const BOB = 'bob@example.com';
const START = Date.UTC(2024, 0, 1, 12, 0, 0);
const HOUR = 3_600_000;

interface TriggerRun {
  active: string;
  effective: string;
  key: string | null;
  cached: string | null;
}
const runsOf = (addon: Addon): TriggerRun[] =>
  JSON.parse(addon.properties.document.getProperty('runs') ?? '[]') as TriggerRun[];

describe('several users on one document', () => {
  let ann: Addon;
  let bob: Addon;
  beforeEach(() => {
    ann = loadScript(CODE, { now: START, addon: true, userEmail: ANN, apiKey: 'ann-key' });
    bob = ann.as(BOB, { apiKey: 'bob-key', apiBaseUrl: 'https://bob.example.test/' });
  });
  afterEach(() => ann.close());

  it('shares the document and keeps user properties apart', () => {
    expect(bob.userEmail).toBe(BOB);
    expect(bob.spreadsheet).toBe(ann.spreadsheet);
    bob.call('remember', 'fields', 'bob-fields');
    bob.call('share', 'job', 'j-1');
    expect(ann.call('recall', 'fields')).toBeNull();
    expect(bob.call('recall', 'fields')).toBe('bob-fields');
    expect(ann.call('shared', 'job')).toBe('j-1');
    expect(bob.properties.user.getProperties()).toEqual({
      fields: 'bob-fields',
      [USER_PROPERTY.apiKey]: 'bob-key',
      [USER_PROPERTY.apiBaseUrl]: 'https://bob.example.test/',
    });
    expect(ann.properties.user.getProperty(USER_PROPERTY.apiKey)).toBe('ann-key');
    expect(bob.properties.document).toBe(ann.properties.document);
  });

  it('hands back the same user for the same email, and the original user by its own', () => {
    bob.call('remember', 'fields', 'x');
    expect(ann.as(BOB)).toBe(bob);
    expect(ann.as(BOB).call('recall', 'fields')).toBe('x');
    expect(bob.as(ANN)).toBe(ann);
    expect(ann.as(BOB).properties.user.getProperty(USER_PROPERTY.apiKey)).toBe('bob-key');
  });

  it('keeps user caches apart and shares the document cache', () => {
    ann.call('cachePut', 'note', 'ann-note');
    expect(bob.call('cacheGet', 'note')).toEqual([null, 'ann-note']);
    expect(ann.call('cacheGet', 'note')).toEqual(['ann-note', 'ann-note']);
  });

  it('tells each execution who runs it, and gives each user an opaque key of their own', () => {
    const annSession = ann.call<{ active: string; effective: string; key: string }>('who');
    const bobSession = bob.call<{ active: string; effective: string; key: string }>('who');
    expect(annSession).toMatchObject({ active: ANN, effective: ANN });
    expect(bobSession).toMatchObject({ active: BOB, effective: BOB });
    expect(annSession.key).not.toBe(bobSession.key);
    expect(ann.call('who')).toEqual(annSession);
    for (const key of [annSession.key, bobSession.key]) {
      expect(key).not.toMatch(/example/);
      expect(Buffer.from(key, 'base64url').toString('latin1')).not.toMatch(/example/);
    }
  });

  it('gives each user their own triggers: one each under the add-on limit, invisible to the other', () => {
    ann.call('schedule');
    expect(ann.call('scheduleError')).toBe(`Exception: ${MESSAGES.addonTooManyTriggers}`);
    expect(bob.call('myTriggers')).toEqual([]);
    expect(bob.triggers()).toEqual([]);
    bob.call('dropMine'); // cannot reach Ann's
    expect(ann.triggers()).toHaveLength(1);
    expect(bob.call('scheduleError')).toBe('created');
    expect(bob.call('myTriggers')).toEqual(['tick']);
    expect(ann.allTriggers().map(({ owner, handler }) => [owner, handler])).toEqual([
      [ANN, 'tick'],
      [BOB, 'tick'],
    ]);
    expect(bob.triggers().map((trigger) => trigger.id)).not.toContain(ann.triggers()[0]!.id);
  });

  it('runs every user’s due trigger as its owner, whichever view fires them', () => {
    ann.call('cachePut', 'note', 'ann-note');
    ann.call('schedule');
    bob.call('schedule');
    ann.advanceClock(HOUR);
    expect(bob.fireTriggers()).toBe(2);
    expect(runsOf(ann)).toEqual([
      { active: ANN, effective: ANN, key: 'ann-key', cached: 'ann-note' },
      { active: BOB, effective: BOB, key: 'bob-key', cached: null },
    ]);
  });

  it('records a failing trigger with its owner', () => {
    bob.call('schedule');
    bob.properties.document.setProperty('runs', 'not json');
    ann.advanceClock(HOUR);
    expect(ann.fireTriggers()).toBe(1);
    expect(ann.triggerFailures()).toEqual([{ handler: 'tick', owner: BOB, error: expect.anything() }]);
  });

  it('hides a consumer account’s email from the script but not from its own executions', () => {
    const gus = ann.as('gus@gmail.com', { consumer: true });
    expect(gus.call('who')).toMatchObject({ active: '', effective: 'gus@gmail.com' });
    expect(ann.as('gus@gmail.com').call('who')).toMatchObject({ active: '' }); // kept once set
    gus.call('schedule');
    ann.advanceClock(HOUR);
    ann.fireTriggers();
    expect(runsOf(ann)).toEqual([{ active: '', effective: 'gus@gmail.com', key: null, cached: null }]);
  });

  it('runs custom functions as the user whose recalculation evaluates them, with no email', () => {
    ann.call('remember', 'label', 'ann-label');
    bob.call('remember', 'label', 'bob-label');
    bob.addSheetFromValues('Sheet1', [['=LABEL()']]);
    expect(bob.recalculate()).toBe(1);
    expect(ann.spreadsheet.getSheetByName('Sheet1')!.getRange('A1:B1').getValues()).toEqual([
      ['bob-label', '|'],
    ]);
  });

  it('keeps user locks per user and the document lock shared', () => {
    const annRun = ann.startExecution();
    const bobRun = bob.startExecution();
    const annAgain = ann.startExecution();
    expect(annRun.call('takeUserLock')).toBe(true);
    expect(bobRun.call('takeUserLock')).toBe(true);
    expect(annAgain.call('takeUserLock')).toBe(false);
    expect(bobRun.call('takeDocumentLock')).toBe(true);
    expect(annAgain.call('takeDocumentLock')).toBe(false);
    for (const run of [annRun, bobRun, annAgain]) run.end();
  });
});

describe('several users in a saved state', () => {
  it('keeps every user’s properties, consumer flag and triggers through exportState', () => {
    const ann = loadScript(CODE, { now: START, addon: true, userEmail: ANN, apiKey: 'ann-key' });
    const bob = ann.as(BOB, { apiKey: 'bob-key' });
    const gus = ann.as('gus@gmail.com', { consumer: true });
    ann.call('schedule');
    bob.call('schedule');
    gus.call('remember', 'label', 'gus-label');
    const state = JSON.parse(JSON.stringify(ann.exportState())) as RuntimeState;
    ann.close();
    expect(state.properties.user[USER_PROPERTY.apiKey]).toBe('ann-key');
    expect(Object.keys(state.users ?? {}).sort()).toEqual([BOB, 'gus@gmail.com']);

    const resumed = loadScript(CODE, { addon: true, userEmail: ANN, state });
    expect(resumed.allTriggers().map((trigger) => trigger.owner)).toEqual([ANN, BOB]);
    expect(resumed.as(BOB).call('recall', USER_PROPERTY.apiKey)).toBe('bob-key');
    expect(resumed.as(BOB).call('myTriggers')).toEqual(['tick']);
    expect(resumed.as('gus@gmail.com').call('who')).toMatchObject({ active: '' });
    expect(resumed.as('gus@gmail.com').call('recall', 'label')).toBe('gus-label');
    resumed.advanceClock(HOUR);
    expect(resumed.fireTriggers()).toBe(2);
    expect(runsOf(resumed).map((run) => [run.effective, run.key])).toEqual([
      [ANN, 'ann-key'],
      [BOB, 'bob-key'],
    ]);
    resumed.close();
  });

  it('gives a state without users, and its triggers, to whoever loads it, as before', () => {
    const first = loadScript(CODE, { now: START, addon: true, userEmail: ANN, apiKey: 'ann-key' });
    first.call('schedule');
    const state = first.exportState();
    first.close();
    expect(state.users).toBeUndefined();
    expect(state.triggers[0]).not.toHaveProperty('owner');

    const other = loadScript(CODE, { addon: true, userEmail: BOB, state });
    expect(other.call('recall', USER_PROPERTY.apiKey)).toBe('ann-key');
    expect(other.call('myTriggers')).toEqual(['tick']);
    expect(other.allTriggers()[0]!.owner).toBe(BOB);
    other.close();
  });
});
