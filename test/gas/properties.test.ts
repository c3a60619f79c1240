/** PropertiesService: the three stores, their API and their limits. */
import { FakeProperties } from '../../dev/gas/properties';
import { loadScript } from './support/script';

const CODE = `
function roundTrip() {
  var user = PropertiesService.getUserProperties();
  user.setProperty('a', '1').setProperties({ b: 2, c: 'three' });
  user.deleteProperty('c');
  var keys = user.getKeys().sort();
  var all = user.getProperties();
  PropertiesService.getDocumentProperties().setProperty('doc', 'yes');
  return { a: user.getProperty('a'), b: all.b, keys: keys, missing: user.getProperty('c'),
           documentHasA: PropertiesService.getDocumentProperties().getProperty('a') };
}
function replaceAll() { PropertiesService.getScriptProperties().setProperties({ only: 'this' }, true);
  return PropertiesService.getScriptProperties().getKeys(); }
function tooLarge(bytes) {
  try { PropertiesService.getUserProperties().setProperty('big', new Array(bytes + 1).join('x')); return 'stored'; }
  catch (e) { return String(e); }
}
`;

describe('PropertiesService', () => {
  const addon = loadScript(CODE, { apiKey: 'secret', apiBaseUrl: 'http://api.local/' });
  afterAll(() => addon.close());

  it('seeds the API key and base URL in user properties', () => {
    expect(addon.properties.user.getProperties()).toEqual({
      'sheetEnrich.apiKey': 'secret',
      'sheetEnrich.apiBaseUrl': 'http://api.local/',
    });
  });

  it('sets, reads, lists and deletes properties, strings only, stores kept apart', () => {
    expect(addon.call('roundTrip')).toEqual({
      a: '1',
      b: '2',
      keys: ['a', 'b', 'sheetEnrich.apiBaseUrl', 'sheetEnrich.apiKey'],
      missing: null,
      documentHasA: null,
    });
    expect(addon.properties.document.getProperty('doc')).toBe('yes');
  });

  it('setProperties(…, true) deletes all the others', () => {
    addon.properties.script.setProperty('old', 'x');
    expect(addon.call('replaceAll')).toEqual(['only']);
  });

  it('refuses a value over 9 KB, keeps one at exactly 9 KB', () => {
    expect(addon.call('tooLarge', 9 * 1024)).toBe('stored');
    expect(addon.call('tooLarge', 9 * 1024 + 1)).toBe('Exception: Argument too large: value');
  });
});

describe('FakeProperties store quota', () => {
  it('throws the quota error past 500 KB in all and leaves the store as it was', () => {
    const store = new FakeProperties('document');
    const value = 'v'.repeat(9000);
    let stored = 0;
    expect(() => {
      for (;;) store.setProperty(`k${stored++}`, value);
    }).toThrow('You have exceeded the property storage quota. Please remove some properties and try again.');
    expect(store.getKeys()).toHaveLength(stored - 1);
    expect(store.usedBytes()).toBeLessThanOrEqual(500 * 1024);
    store.setProperty('k0', 'small');
    expect(store.getProperty('k0')).toBe('small');
  });

  it('counts UTF-8 bytes, not characters', () => {
    const store = new FakeProperties('user');
    expect(() => store.setProperty('k', 'é'.repeat(5000))).toThrow('Argument too large: value');
  });
});
