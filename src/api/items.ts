/**
 * Reading one result item leniently: a field of the wrong type (`{"email": null}`, `{}` for a
 * phone, a number for a string) is dropped and the rest of the item is kept; an item that cannot be
 * read even then (not an object) is rejected with a plain reason. A paid job is never lost to one
 * bad value.
 */
import * as z from 'zod/mini';

/** How many rounds of dropping bad fields an item gets before it is rejected. */
const REPAIR_ROUNDS = 8;

type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const isContainer = (value: unknown): value is Record<PropertyKey, unknown> =>
  typeof value === 'object' && value !== null;

/** Removes the value at `path` (an array element or an object key) from a copy-on-write tree. */
function dropAt(root: unknown, path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return false;
  let parent: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (!isContainer(parent)) return false;
    parent = parent[key as keyof typeof parent];
  }
  const last = path[path.length - 1]!;
  if (!isContainer(parent)) return false;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
  return true;
}

export function parseItem<T>(schema: z.ZodMiniType<T>, raw: unknown): Parsed<T> {
  if (!isContainer(raw) || Array.isArray(raw))
    return { ok: false, reason: 'the result item is not an object' };
  const item = structuredCloneJson(raw);
  const dropped: string[] = [];
  for (let round = 0; round <= REPAIR_ROUNDS; round++) {
    const parsed = schema.safeParse(item);
    if (parsed.success) return { ok: true, value: parsed.data };
    if (round === REPAIR_ROUNDS) break;
    // Drop each offending field; a required field that is missing drops the object holding it.
    for (const issue of parsed.error.issues) {
      const path = issue.path as PropertyKey[];
      const missing = issue.code === 'invalid_type' && valueAt(item, path) === undefined;
      const target = missing ? path.slice(0, -1) : path;
      if (target.length && dropAt(item, target)) dropped.push(target.join('.'));
      else return { ok: false, reason: `the result item could not be read (${path.join('.') || 'item'})` };
    }
  }
  return { ok: false, reason: `the result item could not be read (${dropped.slice(-1)[0] ?? 'item'})` };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (isContainer(value) ? value[key as keyof typeof value] : undefined),
    root,
  );
}

/** A deep copy of JSON data (API bodies are JSON), so dropping fields never touches the original. */
function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The `custom` of an unreadable item, as strings, when it is an object of scalars. */
export function customOfRaw(raw: unknown): Record<string, string> {
  const custom = isContainer(raw) ? raw.custom : undefined;
  if (!isContainer(custom) || Array.isArray(custom)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(custom))
    if (['string', 'number', 'boolean'].includes(typeof value)) out[key] = String(value);
  return out;
}
