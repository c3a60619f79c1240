/** Adapter: KeyValueStore over PropertiesService (document or user properties). */
import type { KeyValueStore } from './ports';

export function propertiesStore(properties: GoogleAppsScript.Properties.Properties): KeyValueStore {
  return {
    get: (key) => properties.getProperty(key),
    set: (key, value) => void properties.setProperty(key, value),
    setAll: (values) => void properties.setProperties(values, false),
    delete: (key) => void properties.deleteProperty(key),
    getAll: () => properties.getProperties(),
  };
}

export const documentProperties = (): KeyValueStore =>
  propertiesStore(PropertiesService.getDocumentProperties());
export const userProperties = (): KeyValueStore => propertiesStore(PropertiesService.getUserProperties());
