/**
 * The document's change stamp: a short value in the document cache that changes whenever any
 * execution writes the document's properties (runs, jobs, the formula queue, the schedule, search
 * tabs). An open sidebar peeks at it every few seconds and reloads its panels only when it moved, so
 * a sidebar left open all day costs no properties read/writes while nothing changes.
 *
 * Why the cache: properties read/writes count against a daily quota of 50,000 (consumer accounts;
 * 500,000 Workspace), https://developers.google.com/apps-script/guides/services/quotas, and a peek
 * every 2 s is 43,200 a day; the cache has no such quota. It may evict the stamp before its expiry
 * (https://developers.google.com/apps-script/reference/cache/cache, put): a missing stamp is read as
 * "changed" (a new one is put), so an eviction costs one reload, never a missed change.
 */
import type { CachePort, ClockPort, KeyValueStore } from '../platform/ports';
import { LIMITS } from '../domain/limits';

const STAMP_KEY = 'sheetEnrich.changeStamp';

/**
 * Moves the stamp: whatever a sidebar showed before may be out of date now. A value no earlier stamp
 * had: the time, and a few random letters for writes in the same millisecond.
 */
function touchChangeStamp(cache: CachePort, clock: ClockPort): string {
  const stamp = `${clock.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}`;
  cache.put(STAMP_KEY, stamp, LIMITS.cacheMaxTtlSeconds);
  return stamp;
}

/** The stamp now (one cache read; a put when it was evicted or never set, which reads as a change). */
export function peekChangeStamp(cache: CachePort, clock: ClockPort): string {
  return cache.get(STAMP_KEY) ?? touchChangeStamp(cache, clock);
}

/**
 * The document's properties, moving the stamp after every write: one cache write per properties
 * write, whoever writes (a sidebar call, the trigger, a custom function queueing a request).
 */
export function stampedStore(store: KeyValueStore, cache: CachePort, clock: ClockPort): KeyValueStore {
  const touch = (): void => {
    // The stamp is a hint for open sidebars: failing to move it must never fail the write's caller.
    try {
      touchChangeStamp(cache, clock);
    } catch {
      /* a sidebar reloads on its next change, or on the next tab shown */
    }
  };
  return {
    get: (key) => store.get(key),
    getAll: () => store.getAll(),
    set(key, value) {
      store.set(key, value);
      touch();
    },
    setAll(values) {
      store.setAll(values);
      touch();
    },
    deleteMany(keys) {
      store.deleteMany(keys);
      if (keys.length) touch();
    },
  };
}
