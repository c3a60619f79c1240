/** Adapter: CachePort over CacheService (the document's cache when there is one). */
import { LIMITS } from '../limits';
import type { CachePort } from './ports';

const ttl = (seconds: number) => Math.max(1, Math.min(seconds, LIMITS.cacheMaxTtlSeconds));

export function documentCache(): CachePort {
  const cache = CacheService.getDocumentCache() ?? CacheService.getScriptCache();
  return {
    get: (key) => cache.get(key),
    getAll: (keys) => (keys.length ? cache.getAll(keys) : {}),
    put: (key, value, seconds) => cache.put(key, value, ttl(seconds)),
    putAll: (values, seconds) => {
      if (Object.keys(values).length) cache.putAll(values, ttl(seconds));
    },
    remove: (key) => cache.remove(key),
  };
}
