/**
 * CacheService: entries expire on the harness clock (default 600 s, at most 6 h), 100 KB per value,
 * 250 characters per key, and at most 1,000 entries per cache (Apps Script's documented item cap):
 * when full, expired entries go first, then the oldest tenth by creation, as measured on Apps Script.
 * Code that keeps thousands of entries in one cache must cope with misses, here as there.
 */
import { gasError, MESSAGES } from './errors';
import { GAS_TYPE, type GasObject } from './membrane';

export const CACHE_VALUE_LIMIT_BYTES = 100 * 1024;
export const CACHE_KEY_LIMIT = 250;
export const CACHE_DEFAULT_TTL_SECONDS = 600;
export const CACHE_MAX_TTL_SECONDS = 21_600;
export const CACHE_ITEM_CAP = 1000;

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * Early eviction: Apps Script gives an entry's expiration as a maximum, and caches drop entries
 * under memory pressure at times no page states. With `evictionRate`, each read of a present entry
 * finds it gone with that probability, drawn from a generator seeded by `seed`: a run that copes
 * with one seed's misses is replayed exactly.
 */
export interface CacheEviction {
  seed: number;
  /** 0..1: the share of reads that find a present entry evicted. */
  rate: number;
}

/** mulberry32: small, seedable, good enough to pick evictions. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class FakeCache implements GasObject {
  readonly [GAS_TYPE] = 'Cache';
  private readonly entries = new Map<string, Entry>();
  private readonly random?: () => number;

  constructor(
    private readonly now: () => number,
    private readonly eviction?: CacheEviction,
  ) {
    if (eviction && eviction.rate > 0) this.random = seededRandom(eviction.seed);
  }

  /** Entries evicted early so far (CacheEviction). */
  evicted = 0;

  get(key: string): string | null {
    const entry = this.entries.get(String(key));
    if (!entry) return null;
    if (this.random && this.random() < this.eviction!.rate) {
      this.entries.delete(String(key));
      this.evicted += 1;
      return null;
    }
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(String(key));
      return null;
    }
    return entry.value;
  }

  getAll(keys: string[]): Record<string, string> {
    const found: Record<string, string> = {};
    for (const key of keys) {
      const value = this.get(key);
      if (value !== null) found[key] = value;
    }
    return found;
  }

  /** A TTL above 6 hours is capped to 6 hours. */
  put(key: string, value: string, expirationInSeconds = CACHE_DEFAULT_TTL_SECONDS): void {
    const text = String(value);
    if (String(key).length > CACHE_KEY_LIMIT) throw gasError(MESSAGES.argumentTooLarge('key'));
    if (Buffer.byteLength(text, 'utf8') > CACHE_VALUE_LIMIT_BYTES)
      throw gasError(MESSAGES.argumentTooLarge('value'));
    const ttl = Math.min(Math.max(1, expirationInSeconds), CACHE_MAX_TTL_SECONDS);
    // A re-put is a new creation: delete first so the Map's order stays the creation order.
    this.entries.delete(String(key));
    this.makeRoom();
    this.entries.set(String(key), { value: text, expiresAt: this.now() + ttl * 1000 });
  }

  /** Before an insert into a full cache: drop expired entries, then the oldest tenth. */
  private makeRoom(): void {
    if (this.entries.size < CACHE_ITEM_CAP) return;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size < CACHE_ITEM_CAP) return;
    let evict = Math.ceil(CACHE_ITEM_CAP / 10);
    for (const key of this.entries.keys()) {
      if (evict-- <= 0) break;
      this.entries.delete(key);
    }
  }

  putAll(values: Record<string, string>, expirationInSeconds?: number): void {
    for (const [key, value] of Object.entries(values)) this.put(key, value, expirationInSeconds);
  }

  remove(key: string): void {
    this.entries.delete(String(key));
  }

  removeAll(keys: string[]): void {
    for (const key of keys) this.remove(key);
  }
}

/** The caches one execution sees: the document's and script's, and its user's own. */
export interface CacheStores {
  document: FakeCache;
  user: FakeCache;
  script: FakeCache;
}

export class FakeCacheService implements GasObject {
  readonly [GAS_TYPE] = 'CacheService';

  constructor(private readonly caches: CacheStores) {}

  getDocumentCache(): FakeCache {
    return this.caches.document;
  }

  getUserCache(): FakeCache {
    return this.caches.user;
  }

  getScriptCache(): FakeCache {
    return this.caches.script;
  }
}
