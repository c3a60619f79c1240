/**
 * The part of zod/mini's API that src/ calls at run time, for dist/Code.js only: the bundle's options
 * (scripts/lib/code-options.ts) alias `zod/mini` to this file. zod's runtime took ≈ 22.5 KB of Code.js,
 * which every Apps Script execution parses (≈ 2.7 ms more load, issue 31); this takes ≈ 3 KB. src/
 * still declares its shapes with zod/mini and derives its types from it; type-checking, unit tests and
 * tooling run real zod. What src/ calls and this file lacks is a failing test, not a rule to avoid it:
 * add it here.
 *
 * It follows zod 4's parse rules for the schemas src/ declares: plain objects strip unknown keys,
 * loose ones keep them, strict ones report them (and still run their refinements); an absent
 * optional key stays absent; an array over its maxLength reports only that; a failed type skips the
 * refinements but not the length checks. Issues carry what src/ reads (code, path, message,
 * expected, minimum, maximum, keys, values); messages are zod/mini's ("Invalid input" unless the
 * schema or refinement names one). test/unit/build/zod-subset.test.ts parses the same inputs
 * through every schema src/ declares, built on both, and expects the same result.
 *
 * Not covered (src/ has none): symbol keys, exhaustive records (z.record over an enum), defaults,
 * transforms, unions, async refinements.
 */
import { isObject } from './objects';

export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  minimum?: number;
  maximum?: number;
  keys?: string[];
  values?: readonly unknown[];
  format?: string;
  pattern?: string;
  /** zod's flag: the issue does not stop later refinements (removed before safeParse answers). */
  continue?: boolean;
}

type Parse = (value: unknown, issues: Issue[]) => unknown;
type Found = Partial<Issue> & { code: string };

interface Check {
  /** The issue a value fails with, if any. */
  f: (value: never) => Found | undefined | false;
  /** Length checks run even after a failed type (zod's `when`), and maxLength caps an array. */
  l?: boolean;
  x?: number;
  m?: string;
}

export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

const INVALID = 'Invalid input';

/** zod's isPlainObject, which records require. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const ctor = value.constructor;
  if (typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return isObject(proto) && Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

/** An issue at this schema's own path (callers move it under their key, runAt). */
const issue = (found: Found, message = INVALID): Issue => ({ path: [], message, ...found });

const invalidType = (issues: Issue[], expected: string, value: unknown, message?: string): unknown => {
  issues.push(issue({ code: 'invalid_type', expected }, message));
  return value;
};

/** Unknown keys are one issue that does not stop the refinements. */
function unrecognized(issues: Issue[], keys: string[]): void {
  if (keys.length) issues.push(issue({ code: 'unrecognized_keys', keys, continue: true }));
}

/** Runs `schema` on `value` in a fresh list and moves its issues under `key`. */
function runAt(schema: Schema, value: unknown, key: PropertyKey, issues: Issue[]): unknown {
  const own: Issue[] = [];
  const out = schema.run(value, own);
  for (const issue of own) issue.path.unshift(key);
  issues.push(...own);
  return out;
}

/** Strings count code points, as zod does. */
const lengthOf = (value: { length: number }): number =>
  typeof value === 'string' ? [...value].length : value.length;

export class Schema<T = unknown> {
  /** Phantom: the output type, for callers typed against this module. */
  declare readonly _output: T;

  constructor(
    readonly p: Parse,
    /** The message of this schema's own issues (z.string('…')). */
    readonly m?: string,
    readonly c: readonly Check[] = [],
    /** Optional: an absent key is neither an issue nor an output key. */
    readonly o?: boolean,
    /** An array: a maxLength among the leading length checks is tested before the items. */
    readonly a?: boolean,
  ) {}

  check(...checks: Check[]): Schema<T> {
    return new Schema(this.p, this.m, [...this.c, ...checks], this.o, this.a);
  }

  run(value: unknown, issues: Issue[]): unknown {
    if (this.a && Array.isArray(value))
      for (const check of this.c) {
        if (!check.l) break;
        if (value.length > (check.x ?? Infinity)) {
          issues.push(issue({ code: 'too_big', maximum: check.x }, check.m));
          return value;
        }
      }
    const out = this.p(value, issues);
    let aborted = issues.some((issue) => !issue.continue);
    for (const check of this.c) {
      if (check.l) {
        const length = (out as { length?: unknown } | null | undefined)?.length;
        if (length === undefined || issues.some((issue) => issue.continue === false)) continue;
      } else if (aborted) continue;
      const found = check.f(out as never);
      if (!found) continue;
      issues.push(issue({ continue: true, ...found }, check.m ?? this.m));
      aborted ||= !issues[issues.length - 1]!.continue;
    }
    return out;
  }

  safeParse(value: unknown): SafeParseResult<T> {
    const issues: Issue[] = [];
    const data = this.run(value, issues) as T;
    for (const issue of issues) delete issue.continue;
    return issues.length ? { success: false, error: { issues } } : { success: true, data };
  }
}

export type ZodMiniType<T = unknown> = Schema<T>;

export const safeParse = <T>(schema: Schema<T>, value: unknown): SafeParseResult<T> =>
  schema.safeParse(value);

/** A schema of values whose `typeof` is `expected`, unless a stricter `test` is given. */
const typed = (
  expected: string,
  message?: string,
  test = (value: unknown): boolean => typeof value === expected,
): Schema =>
  new Schema(
    (value, issues) => (test(value) ? value : invalidType(issues, expected, value, message)),
    message,
  );

export const string = (message?: string): Schema<string> => typed('string', message) as Schema<string>;
export const number = (): Schema<number> =>
  typed(
    'number',
    undefined,
    (value) => typeof value === 'number' && Number.isFinite(value),
  ) as Schema<number>;
export const boolean = (): Schema<boolean> => typed('boolean') as Schema<boolean>;
export const unknown = (): Schema => new Schema((value) => value);

/** zod's safeint format: a whole number (else an aborting type issue) within the safe range. */
export const int = (): Schema<number> =>
  number().check({
    f: (value: number) =>
      !Number.isInteger(value)
        ? { code: 'invalid_type', expected: 'int', continue: false }
        : value > Number.MAX_SAFE_INTEGER
          ? { code: 'too_big', maximum: Number.MAX_SAFE_INTEGER }
          : value < Number.MIN_SAFE_INTEGER && { code: 'too_small', minimum: Number.MIN_SAFE_INTEGER },
  });

function enumOf<const V extends readonly string[]>(values: V): Schema<V[number]> {
  return new Schema((value, issues) => {
    if (!values.includes(value as string)) issues.push(issue({ code: 'invalid_value', values }));
    return value;
  });
}
export { enumOf as enum };

/** A schema whose key may be absent, passing the values `skip` accepts as they are. */
const optionalWhen = <T>(skip: (value: unknown) => boolean, inner: Schema<T>): Schema<T> =>
  new Schema((value, issues) => (skip(value) ? value : inner.run(value, issues)), undefined, [], true);

export const optional = <T>(inner: Schema<T>): Schema<T | undefined> =>
  optionalWhen((value) => value === undefined, inner);
/** optional(nullable(inner)) in one: null or absent is fine. */
export const nullish = <T>(inner: Schema<T>): Schema<T | null | undefined> =>
  optionalWhen((value) => value == null, inner);

export const array = <T>(element: Schema<T>): Schema<T[]> =>
  new Schema(
    (value, issues) =>
      Array.isArray(value)
        ? Array.from(value, (item: unknown, index) => runAt(element, item, index, issues))
        : invalidType(issues, 'array', value),
    undefined,
    [],
    false,
    true,
  );

type Shape = Record<string, Schema>;
type Unknown = 'strip' | 'keep' | 'refuse';

/** An object schema keeps its shape and its rule for unknown keys, for z.extend. */
type ObjectSchema = Schema<Record<string, unknown>> & { shape: Shape; u: Unknown };

const objectOf = (shape: Shape, unknownKeys: Unknown): ObjectSchema =>
  Object.assign(
    new Schema<Record<string, unknown>>((value, issues) => {
      if (!isObject(value)) return invalidType(issues, 'object', value);
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(shape)) {
        const present = key in value;
        if (key === '__proto__' || (!present && shape[key]!.o)) continue;
        const count = issues.length;
        const result = runAt(shape[key]!, value[key], key, issues);
        if (present) out[key] = result;
        else if (issues.length === count)
          issues.push(issue({ code: 'invalid_type', expected: 'nonoptional', path: [key] }));
      }
      if (unknownKeys === 'strip') return out;
      const keys: string[] = [];
      for (const key in value) {
        if (Object.prototype.hasOwnProperty.call(shape, key)) continue;
        if (unknownKeys === 'refuse') keys.push(key);
        else if (key !== '__proto__') out[key] = value[key];
      }
      unrecognized(issues, keys);
      return out;
    }),
    { shape, u: unknownKeys },
  );

export const object = (shape: Shape) => objectOf(shape, 'strip');
export const looseObject = (shape: Shape) => objectOf(shape, 'keep');
export const strictObject = (shape: Shape) => objectOf(shape, 'refuse');

/** The base object's keys and `shape`'s (which win), with the base's rule for unknown keys. */
export function extend(base: Schema, shape: Shape): ObjectSchema {
  // zod refuses to extend a refined object too; a checked schema here has lost its shape.
  if (!('shape' in base)) throw new Error('z.extend takes an object schema without checks');
  const object = base as ObjectSchema;
  return objectOf({ ...object.shape, ...shape }, object.u);
}

/** A record over string keys, or over an enum's keys when partial (a key outside it is reported). */
const recordOf = <V>(keys: Schema, values: Schema<V>): Schema<Record<string, V>> =>
  new Schema((value, issues) => {
    if (!isPlainObject(value)) return invalidType(issues, 'record', value);
    const out: Record<string, unknown> = {};
    const unknownKeys: string[] = [];
    for (const key of Object.keys(value)) {
      if (key === '__proto__') continue;
      if (!keys.safeParse(key).success) unknownKeys.push(key);
      else out[key] = runAt(values, value[key], key, issues);
    }
    unrecognized(issues, unknownKeys);
    return out;
  });
export { recordOf as record, recordOf as partialRecord };

// ---- checks (.check(...)) ----

export const minLength = (minimum: number): Check => ({
  l: true,
  f: (value: { length: number }) => !(lengthOf(value) >= minimum) && { code: 'too_small', minimum },
});
export const maxLength = (maximum: number): Check => ({
  l: true,
  x: maximum,
  f: (value: { length: number }) => !(lengthOf(value) <= maximum) && { code: 'too_big', maximum },
});
export const minimum = (minimum: number): Check => ({
  f: (value: number) => !(value >= minimum) && { code: 'too_small', minimum },
});
export const maximum = (maximum: number): Check => ({
  f: (value: number) => !(value <= maximum) && { code: 'too_big', maximum },
});
/** A string matching `pattern` (its lastIndex reset first, as zod does for a global one). */
export const regex = (pattern: RegExp, message?: string): Check => ({
  f: (value: string) => {
    pattern.lastIndex = 0;
    return !pattern.test(value) && { code: 'invalid_format', format: 'regex', pattern: pattern.toString() };
  },
  m: message,
});
export const refine = <T>(test: (value: T) => unknown, message?: string): Check => ({
  f: (value: T) => !test(value) && { code: 'custom' },
  m: message,
});
