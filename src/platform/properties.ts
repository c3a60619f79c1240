/** Adapter: KeyValueStore over PropertiesService (document or user properties). */
import type { KeyValueStore } from './ports';

export function propertiesStore(properties: GoogleAppsScript.Properties.Properties): KeyValueStore {
  return {
    get: (key) => properties.getProperty(key),
    set: (key, value) => void properties.setProperty(key, value),
    setAll: (values) => void properties.setProperties(values, false),
    // There is no "delete these keys" call: more than one key is deleted by writing the store back
    // without them (deleteAllOthers), read a moment before, so a 1,000-job prune is two calls, not
    // 1,000. What another execution wrote in between the two calls would be lost: callers hold the lock.
    deleteMany(keys) {
      if (keys.length <= 1) return keys.forEach((key) => properties.deleteProperty(key));
      const kept = properties.getProperties();
      for (const key of keys) delete kept[key];
      properties.setProperties(kept, true);
    },
    getAll: () => properties.getProperties(),
  };
}

export const documentProperties = (): KeyValueStore =>
  propertiesStore(PropertiesService.getDocumentProperties());
export const userProperties = (): KeyValueStore => propertiesStore(PropertiesService.getUserProperties());
