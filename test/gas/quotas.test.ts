/**
 * Daily quotas and simultaneous executions, per user
 * (https://developers.google.com/apps-script/guides/services/quotas), with the page's texts.
 */
import { DAILY_QUOTAS } from '../../dev/gas/quotas';
import { loadScript } from './support/script';

const CODE = `
function attempt(fn) { try { return fn(); } catch (e) { return String(e); } }
function read() { return attempt(function () { return PropertiesService.getDocumentProperties().getProperty('x'); }); }
function fetchThree() {
  return attempt(function () {
    UrlFetchApp.fetchAll(['https://a.example/', 'https://b.example/', 'https://c.example/']);
    return 'sent';
  });
}
function install() { ScriptApp.newTrigger('work').timeBased().everyHours(1).create(); }
function work() { Utilities.sleep(5 * 60 * 1000); }
function hello() { return 'hello'; }
`;

const START = Date.UTC(2024, 0, 1);
const DAY = 24 * 60 * 60 * 1000;

describe('daily quotas per user', () => {
  it('refuses properties calls past 50,000 a day for a consumer account, until 24 h after the first', () => {
    const doc = loadScript(CODE, { now: START });
    const ann = doc.as('ann@gmail.com', { consumer: true });
    ann.useQuota('properties', 49_999);
    expect(ann.call('read')).toBeNull();
    expect(ann.call('read')).toBe('Exception: Service invoked too many times for one day: properties.');
    // Another user's quota is their own; a Workspace user gets 500,000.
    expect(doc.call('read')).toBeNull();
    expect(DAILY_QUOTAS.properties.workspace).toBe(500_000);
    doc.advanceClock(DAY);
    expect(ann.call('read')).toBeNull();
    doc.close();
  });

  it('counts each request of a fetchAll against URL fetch calls, refusing before sending any', () => {
    const doc = loadScript(CODE, { now: START });
    const ann = doc.as('ann@gmail.com', { consumer: true });
    ann.useQuota('urlfetch', 19_998);
    expect(ann.call('fetchThree')).toBe('Exception: Service invoked too many times for one day: urlfetch.');
    expect(doc.requests()).toHaveLength(0);
    expect(ann.quotaUsed('urlfetch')).toBe(19_998);
    doc.close();
  });

  it('stops running a user’s triggers once they used 90 minutes in a day (consumer)', () => {
    const doc = loadScript(CODE, { now: START, addon: true });
    const ann = doc.as('ann@gmail.com', { consumer: true });
    ann.call('install');
    ann.useQuota('triggerRuntimeMs', 85 * 60_000);
    for (let hour = 1; hour <= 2; hour++) {
      doc.advanceClock(60 * 60_000);
      doc.fireTriggers();
    }
    expect(ann.quotaUsed('triggerRuntimeMs')).toBeGreaterThanOrEqual(90 * 60_000);
    expect(doc.triggerFailures().map((failure) => String(failure.error))).toEqual([
      'Exception: Service using too much computer time for one day',
    ]);
    doc.close();
  });
});

describe('without daily quotas (a command line)', () => {
  it('counts them but refuses nothing', () => {
    const doc = loadScript(CODE, { now: START, dailyQuotas: false });
    const ann = doc.as('ann@gmail.com', { consumer: true });
    ann.useQuota('properties', 60_000);
    expect(ann.call('read')).toBeNull();
    doc.close();
  });
});

describe('simultaneous executions per user', () => {
  it('allows 30 at once per user, in every document together', () => {
    const first = loadScript(CODE, { now: START });
    const second = first.openDocument();
    const open = [
      ...Array.from({ length: 20 }, () => first.startExecution()),
      ...Array.from({ length: 10 }, () => second.startExecution()),
    ];
    expect(() => first.call('hello')).toThrow(
      'There are too many scripts running simultaneously for this Google user account.',
    );
    expect(first.as('bob@example.com').call('hello')).toBe('hello');
    open.pop()!.end();
    expect(first.call('hello')).toBe('hello');
    open.forEach((execution) => execution.end());
    first.close();
    second.close();
  });
});
