/**
 * A store that reads all its properties once: for a pass that asks the same store in several places
 * (the formula queue's view reads the registry, both queues and their budget). Writes go through
 * and drop what was read, so a later read sees them.
 */
import type { KeyValueStore } from '../platform/ports';

export function readOnce(store: KeyValueStore): KeyValueStore {
  let read: Record<string, string> | undefined;
  const all = () => (read ??= store.getAll());
  const written = (): void => void (read = undefined);
  return {
    get: (key) => (Object.prototype.hasOwnProperty.call(all(), key) ? all()[key]! : null),
    getAll: () => ({ ...all() }),
    set: (key, value) => (written(), store.set(key, value)),
    setAll: (values) => (written(), store.setAll(values)),
    deleteMany: (keys) => (written(), store.deleteMany(keys)),
  };
}
