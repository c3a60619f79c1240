/** Adapter: CachePort over CacheService (the document's cache when there is one). */
import { LIMITS } from '../domain/limits';
import type { CachePort } from './ports';

const ttl = (seconds: number) => Math.max(1, Math.min(seconds, LIMITS.cacheMaxTtlSeconds));

export function documentCache(): CachePort {
  return cachePort(CacheService.getDocumentCache() ?? CacheService.getScriptCache());
}

/** A CachePort over one cache (the local runtime's fakes in tests). */
export function cachePort(cache: GoogleAppsScript.Cache.Cache): CachePort {
  return {
    get: (key) => cache.get(key),
    getAll: (keys) => (keys.length ? cache.getAll(keys) : {}),
    put: (key, value, seconds) => cache.put(key, value, ttl(seconds)),
    putAll: (values) => {
      if (Object.keys(values).length) cache.putAll(values, LIMITS.cacheMaxTtlSeconds);
    },
    remove: (key) => cache.remove(key),
    removeAll: (keys) => {
      if (keys.length) cache.removeAll(keys);
    },
  };
}
