/** A plain object (not null, not an array): one helper for every module that checks stored or sent data. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Drops undefined members, so results compare and serialise cleanly (requests and answers alike). */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter((entry) => entry[1] !== undefined)) as T;
}

/** The value at `path` in JSON data (object keys, array indexes), or undefined where the path leaves it. */
export const valueAt = (root: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    root,
  );

/**
 * The value kept under `key`, made the first time it is asked for: grouping pushes into the kept
 * list (`kept(groups, key, () => []).push(item)`), where copying it per item would be O(n²).
 */
export function kept<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (!map.has(key)) map.set(key, make());
  return map.get(key)!;
}
