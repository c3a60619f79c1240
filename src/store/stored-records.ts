/**
 * How the add-on persists a record: each record's codec (its name, version, schema and migration)
 * lives with the code that reads and writes it (registry.ts for runs and jobs, ledger.ts for ledger
 * entries, …); this file holds what they share.
 *
 * A record is written as JSON with `v` first; reading parses it with zod/mini. An older version is
 * migrated on read (so documents users already have keep working), a newer or damaged one is
 * reported to the caller, which keeps it and tells the user: nothing is dropped silently.
 * Version 1 is what main wrote before records carried a version (no `v` field).
 */
import * as z from 'zod/mini';
import { ENRICH_FIELDS } from '../domain/fields';
import { JOB_KINDS } from '../domain/runs';
import { lazy } from '../domain/lazy';
import { INPUT_KEYS } from '../domain/inputs';
import { isObject } from '../domain/objects';

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * A record's schema is its only declaration: its TypeScript type is inferred from it (see
 * recordCodec), so what is read and what the code expects cannot drift apart.
 */
export interface RecordCodec<T> {
  /** What the record is, for messages ("job record"). */
  name: string;
  version: number;
  schema(): z.ZodMiniType<T>;
  /**
   * Turns a record of an older version into the current shape (before the schema check). Absent:
   * the older versions had the same fields (runs, previews, mappings), only no `v`.
   */
  migrate?(value: Record<string, unknown>, from: number): Record<string, unknown>;
}

export function decodeRecord<T>(codec: RecordCodec<T>, text: string): Decoded<T> {
  const fail = (why: string): Decoded<T> => ({ ok: false, reason: `the ${codec.name} ${why}` });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail('is not JSON');
  }
  if (!isObject(data)) return fail('is not an object');
  const { v, ...body } = data;
  // A number only once Number.isInteger said so (it is false for anything else).
  const from = (v === undefined ? 1 : v) as number;
  if (!Number.isInteger(from) || from < 1) return fail(`has an unknown version (${JSON.stringify(v)})`);
  if (from > codec.version) return fail(`was written by a newer version of Sheet Enrich (v${from})`);
  const current = from < codec.version && codec.migrate ? codec.migrate(body, from) : body;
  const parsed = codec.schema().safeParse(current);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return fail(`has an unexpected shape${where}: ${issue?.message ?? ''}`.trim());
  }
  return { ok: true, value: parsed.data };
}

/** The record in `text`, or undefined when there is none or it cannot be read (callers that need not say why). */
export function readRecord<T>(codec: RecordCodec<T>, text: string | null | undefined): T | undefined {
  const decoded = text ? decodeRecord(codec, text) : undefined;
  return decoded?.ok ? decoded.value : undefined;
}

export function encodeRecord<T extends object>(codec: RecordCodec<T>, value: T): string {
  return JSON.stringify({ v: codec.version, ...value });
}

/**
 * A record's codec from its shape: a loose object (a field added by a later version is kept, not a
 * reason to fail), built on first use, whose type is the strict object's: the fields the code
 * knows, without the index signature a loose object's inferred type carries (Omit and spreads of
 * such a type lose every known field). One call per record keeps Code.js small.
 */
export const recordCodec = <S extends z.core.$ZodLooseShape>(
  name: string,
  version: number,
  shape: () => S,
  migrate?: RecordCodec<unknown>['migrate'],
): RecordCodec<z.output<z.ZodMiniObject<S>>> => ({
  name,
  version,
  schema: lazy(() => z.looseObject(shape())),
  migrate,
});

/** The type of a record, as its codec's schema describes it. */
export type RecordOf<Codec extends RecordCodec<unknown>> = z.infer<ReturnType<Codec['schema']>>;

/**
 * Compiles only when A and B are the same type. For a vocabulary the domain declares as a type
 * (RunState…) and a schema spells out again: domain/ imports no zod, so the two lists are checked
 * against each other here, at no cost in Code.js.
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Check<T extends true> = T;

// Pieces several records share.
export const fieldsSchema = /* @__PURE__ */ lazy(() => z.array(z.enum(ENRICH_FIELDS)));
export const mappingSchema = /* @__PURE__ */ lazy(() => z.partialRecord(z.enum(INPUT_KEYS), z.number()));
export const headersSchema = /* @__PURE__ */ lazy(() => z.partialRecord(z.enum(INPUT_KEYS), z.string()));
export const kindSchema = /* @__PURE__ */ lazy(() => z.enum(JOB_KINDS));
export const optional = z.optional;
// The optional fields most records are made of.
export const optionalString = () => optional(z.string());
export const optionalNumber = () => optional(z.number());
export const optionalBoolean = () => optional(z.boolean());
