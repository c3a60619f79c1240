/** CacheService: TTLs on the harness clock and size limits. */
import { FakeCache } from '../../dev/gas/cache';
import { HarnessClock } from '../../dev/gas/clock';
import { loadScript } from './support/script';

describe('FakeCache', () => {
  const clock = new HarnessClock();
  const cache = new FakeCache(() => clock.now());

  it('keeps a value for 600 s by default', () => {
    cache.put('k', 'v');
    clock.advance(599_000);
    expect(cache.get('k')).toBe('v');
    clock.advance(1_000);
    expect(cache.get('k')).toBeNull();
  });

  it('caps the TTL at 6 hours', () => {
    cache.put('long', 'v', 100_000);
    clock.advance(21_600_000);
    expect(cache.get('long')).toBeNull();
  });

  it('puts, gets and removes several keys at once; getAll only returns found keys', () => {
    cache.putAll({ a: '1', b: '2', c: '3' }, 60);
    cache.removeAll(['c']);
    expect(cache.getAll(['a', 'b', 'c', 'z'])).toEqual({ a: '1', b: '2' });
    cache.remove('a');
    expect(cache.get('a')).toBeNull();
  });

  it('refuses values over 100 KB and keys over 250 characters', () => {
    expect(() => cache.put('big', 'x'.repeat(100 * 1024 + 1))).toThrow('Argument too large: value');
    expect(() => cache.put('k'.repeat(251), 'v')).toThrow('Argument too large: key');
    expect(() => cache.put('ok', 'x'.repeat(100 * 1024))).not.toThrow();
  });
});

describe('FakeCache item cap', () => {
  // developers.google.com/apps-script/reference/cache/cache: "a cache item cap of 1,000 entries";
  // measured behaviour: the oldest entries (by creation) go first, about a tenth at a time. Code that
  // treats the cache as a store of thousands of entries must see misses here, as it would in Apps Script.
  it('holds at most 1,000 entries and evicts the oldest first', () => {
    const clock = new HarnessClock();
    const cache = new FakeCache(() => clock.now());
    const values: Record<string, string> = {};
    for (let i = 0; i < 1000; i++) values[`k${i}`] = String(i);
    cache.putAll(values, 3600);
    expect(cache.get('k0')).toBe('0');
    cache.put('k1000', '1000', 3600);
    expect(cache.get('k0')).toBeNull();
    expect(cache.get('k1000')).toBe('1000');
    expect(cache.get('k999')).toBe('999');
  });

  it('counts a re-put key as new, and expired entries make room before live ones are evicted', () => {
    const clock = new HarnessClock();
    const cache = new FakeCache(() => clock.now());
    cache.put('short', 'x', 1);
    for (let i = 0; i < 999; i++) cache.put(`k${i}`, String(i), 3600);
    cache.put('k0', 'again', 3600);
    clock.advance(2_000);
    cache.put('new', 'n', 3600);
    expect(cache.get('k1')).toBe('1');
    expect(cache.get('k0')).toBe('again');
    expect(cache.get('new')).toBe('n');
  });
});

describe('CacheService in executions', () => {
  const addon = loadScript(`
    function put(key, value, ttl) { CacheService.getScriptCache().put(key, value, ttl); }
    function get(key) { return CacheService.getScriptCache().get(key); }
    function userGet(key) { return CacheService.getUserCache().get(key); }
  `);
  afterAll(() => addon.close());

  it('survives across executions and expires with advanceClock', () => {
    addon.call('put', 'token', 'abc', 60);
    expect(addon.call('get', 'token')).toBe('abc');
    expect(addon.call('userGet', 'token')).toBeNull();
    addon.advanceClock(61_000);
    expect(addon.call('get', 'token')).toBeNull();
  });
});
