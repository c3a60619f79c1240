/**
 * Reading one result item leniently: a field of the wrong type (`{"email": null}`, `{}` for a
 * phone, a number for a string) is dropped and the rest of the item is kept; an item that cannot be
 * read even then (not an object) is rejected with a plain reason. A paid job is never lost to one
 * bad value.
 */
import * as z from 'zod/mini';
import { isObject, valueAt } from '../domain/objects';

/** How many rounds of dropping bad fields an item gets before it is rejected. */
const REPAIR_ROUNDS = 8;

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const isContainer = (value: unknown): value is Record<PropertyKey, unknown> =>
  typeof value === 'object' && value !== null;

/** Removes the value at a non-empty `path` (an array element or an object key); false if it cannot. */
function dropAt(root: unknown, path: readonly PropertyKey[]): boolean {
  const parent = valueAt(root, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (!isContainer(parent)) return false;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
  return true;
}

const unreadable = (where: string): Parsed<never> => ({
  ok: false,
  reason: `the result item could not be read (${where})`,
});

export function parseItem<T>(schema: z.ZodMiniType<T>, raw: unknown): Parsed<T> {
  if (!isObject(raw)) return { ok: false, reason: 'the result item is not an object' };
  // A deep copy of JSON data (API bodies are JSON), so dropping fields never touches the original.
  const item: unknown = JSON.parse(JSON.stringify(raw));
  let dropped = 'item';
  for (let round = 0; ; round++) {
    const parsed = schema.safeParse(item);
    if (parsed.success) return { ok: true, value: parsed.data };
    if (round === REPAIR_ROUNDS) return unreadable(dropped);
    // Drop each offending field; a required field that is missing drops the object holding it.
    for (const issue of parsed.error.issues) {
      const path = issue.path as PropertyKey[];
      const missing = issue.code === 'invalid_type' && valueAt(item, path) === undefined;
      const target = missing ? path.slice(0, -1) : path;
      if (target.length && dropAt(item, target)) dropped = target.join('.');
      else return unreadable(path.join('.') || 'item');
    }
  }
}

/** The `custom` of an unreadable item, as strings, when it is an object of scalars. */
export function customOfRaw(raw: unknown): Record<string, string> {
  const custom = isObject(raw) ? raw.custom : undefined;
  const out: Record<string, string> = {};
  if (isObject(custom))
    for (const [key, value] of Object.entries(custom))
      if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = String(value);
  return out;
}
