/**
 * PropertiesService with Apps Script's limits: 9 KB per value, 500 KB per store (keys and values,
 * UTF-8). A write that would break a limit throws and changes nothing.
 */
import { gasError, MESSAGES } from './errors';
import { GAS_TYPE, type GasObject } from './membrane';

export const PROPERTY_VALUE_LIMIT_BYTES = 9 * 1024;
export const PROPERTY_STORE_LIMIT_BYTES = 500 * 1024;

export type PropertyScope = 'document' | 'user' | 'script';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

export class FakeProperties implements GasObject {
  readonly [GAS_TYPE] = 'Properties';
  private readonly values = new Map<string, string>();

  constructor(
    readonly scope: PropertyScope,
    /** Told after each write that changed the store (LoadOptions.afterDocumentWrite). */
    private readonly afterWrite?: () => void,
  ) {}

  getProperty(key: string): string | null {
    return this.values.get(String(key)) ?? null;
  }

  getProperties(): Record<string, string> {
    return Object.fromEntries(this.values);
  }

  getKeys(): string[] {
    return [...this.values.keys()];
  }

  setProperty(key: string, value: string): FakeProperties {
    return this.setProperties({ [String(key)]: value });
  }

  setProperties(properties: Record<string, unknown>, deleteAllOthers = false): FakeProperties {
    const next = new Map(deleteAllOthers ? [] : this.values);
    for (const [key, value] of Object.entries(properties)) {
      const text = String(value);
      if (bytes(text) > PROPERTY_VALUE_LIMIT_BYTES) throw gasError(MESSAGES.argumentTooLarge('value'));
      next.set(key, text);
    }
    if (usedBytes(next) > PROPERTY_STORE_LIMIT_BYTES) throw gasError(MESSAGES.propertyQuota);
    this.values.clear();
    for (const [key, value] of next) this.values.set(key, value);
    this.afterWrite?.();
    return this;
  }

  deleteProperty(key: string): FakeProperties {
    this.values.delete(String(key));
    this.afterWrite?.();
    return this;
  }

  deleteAllProperties(): FakeProperties {
    this.values.clear();
    this.afterWrite?.();
    return this;
  }

  /** Bytes held, as the 500 KB quota counts them. */
  usedBytes(): number {
    return usedBytes(this.values);
  }
}

function usedBytes(values: Map<string, string>): number {
  let total = 0;
  for (const [key, value] of values) total += bytes(key) + bytes(value);
  return total;
}

/** The stores one execution sees: the document's and script's, and its user's own. */
export interface PropertyStores {
  document: FakeProperties;
  user: FakeProperties;
  script: FakeProperties;
}

export class FakePropertiesService implements GasObject {
  readonly [GAS_TYPE] = 'PropertiesService';

  constructor(private readonly stores: PropertyStores) {}

  getDocumentProperties(): FakeProperties {
    return this.stores.document;
  }

  getUserProperties(): FakeProperties {
    return this.stores.user;
  }

  getScriptProperties(): FakeProperties {
    return this.stores.script;
  }
}
