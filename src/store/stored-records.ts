/**
 * Every record the add-on persists, with its version and its schema, in one place: runs and jobs
 * (document properties), the plan awaiting confirmation (user properties), remembered mappings
 * (document properties) and ledger entries (the hidden ledger sheet and the cache).
 *
 * A record is written as JSON with `v` first; reading parses it with zod/mini. An older version is
 * migrated on read (so documents users already have keep working), a newer or damaged one is
 * reported to the caller, which keeps it and tells the user: nothing is dropped silently.
 * Version 1 is what main wrote before records carried a version (no `v` field).
 */
import * as z from 'zod/mini';
import { JOB_STATUSES } from '../domain/model';
import { ENRICH_FIELDS, type EnrichField } from '../domain/fields';
import { lazy } from '../domain/lazy';
import { INPUT_KEYS } from '../domain/inputs';

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface RecordCodec {
  /** What the record is, for messages ("job record"). */
  name: string;
  version: number;
  schema(): z.ZodMiniType<unknown>;
  /**
   * Turns a record of an older version into the current shape (before the schema check). Absent:
   * the older versions had the same fields (runs, previews, mappings), only no `v`.
   */
  migrate?(value: Record<string, unknown>, from: number): Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function decodeRecord<T>(codec: RecordCodec, text: string): Decoded<T> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: `the ${codec.name} is not JSON` };
  }
  if (!isObject(data)) return { ok: false, reason: `the ${codec.name} is not an object` };
  const { v, ...body } = data;
  const from = v === undefined ? 1 : v;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 1) {
    return { ok: false, reason: `the ${codec.name} has an unknown version (${JSON.stringify(v)})` };
  }
  if (from > codec.version) {
    return {
      ok: false,
      reason: `the ${codec.name} was written by a newer version of Sheet Enrich (v${from})`,
    };
  }
  const current = from < codec.version && codec.migrate ? codec.migrate(body, from) : body;
  const parsed = codec.schema().safeParse(current);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return {
      ok: false,
      reason: `the ${codec.name} has an unexpected shape${where}: ${issue?.message ?? ''}`.trim(),
    };
  }
  return { ok: true, value: parsed.data as T };
}

export function encodeRecord(codec: RecordCodec, value: object): string {
  return JSON.stringify({ v: codec.version, ...value });
}

// Shared pieces. Loose objects: a field added by a later version is kept, not a reason to fail.
const fields = lazy(() => z.array(z.enum(ENRICH_FIELDS as [EnrichField, ...EnrichField[]])));
const mapping = lazy(() => z.partialRecord(z.enum(INPUT_KEYS), z.number()));
const kind = lazy(() => z.enum(['enrich', 'reverse']));
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(schema);

export const RUN_CODEC: RecordCodec = {
  name: 'run record',
  version: 2,
  schema: lazy(() =>
    z.looseObject({
      id: z.string(),
      kind: kind(),
      sheetId: z.number(),
      sheetName: z.string(),
      source: optional(z.enum(['sidebar', 'schedule', 'formulas'])),
      startedBy: optional(z.string()),
      rowsInScope: optional(z.number()),
      mapping: mapping(),
      mappingHeaders: optional(z.partialRecord(z.enum(INPUT_KEYS), z.string())),
      fields: fields(),
      overwrite: z.boolean(),
      startedAt: z.number(),
      state: z.enum(['running', 'finished', 'out_of_credits', 'failed', 'canceled']),
      error: optional(z.string()),
      authFailed: optional(z.boolean()),
      canceledByUser: optional(z.boolean()),
      jobs: z.number(),
      sent: z.number(),
      done: z.number(),
      found: z.object({
        workEmail: z.number(),
        personalEmail: z.number(),
        phone: z.number(),
        profile: z.number(),
        contacts: optional(z.number()),
      }),
      credits: z.number(),
      fromLedger: z.number(),
      unmatched: z.number(),
      unprocessed: optional(z.number()),
      estimatedCredits: optional(z.number()),
      endedAt: optional(z.number()),
    }),
  ),
};

export const JOB_CODEC: RecordCodec = {
  name: 'job record',
  version: 3,
  schema: lazy(() =>
    z.looseObject({
      run: z.string(),
      seq: z.number(),
      state: z.enum(['queued', 'sending', 'pending', 'fetched', 'applied', 'ambiguous']),
      contacts: z.number(),
      // Only in records written before v3: later ones keep them in the job sheet (job-sheet.ts).
      fingerprints: optional(z.array(z.string())),
      rows: z.string(),
      id: optional(z.string()),
      startedAt: optional(z.number()),
      unansweredStatus: optional(z.string()),
      status: optional(z.enum(JOB_STATUSES)),
      credits: optional(z.number()),
      tries: optional(z.number()),
      nextPollAt: optional(z.number()),
      fields: optional(fields()),
      sendingAt: optional(z.number()),
      problem: optional(z.string()),
      itemProblems: optional(z.record(z.string(), z.string())),
      rowsMarked: optional(z.boolean()),
    }),
  ),
  // v1 called the fingerprints `fps` and the status of unanswered contacts `rest`; v1 and v2 held
  // the fingerprints inline, with no count beside them.
  migrate: ({ fps, rest, ...value }, from) => {
    const fingerprints = from === 1 ? fps : value.fingerprints;
    return {
      ...value,
      fingerprints,
      contacts: Array.isArray(fingerprints) ? fingerprints.length : undefined,
      ...(rest === undefined ? {} : { unansweredStatus: rest }),
    };
  },
};

export const PLAN_CODEC: RecordCodec = {
  name: 'stored plan',
  version: 2,
  schema: lazy(() =>
    z.looseObject({
      id: z.string(),
      kind: kind(),
      fields: fields(),
      mapping: mapping(),
      overwrite: z.boolean(),
      sheetId: z.number(),
      spans: z.array(z.object({ start: z.number(), end: z.number() })),
      maxCredits: z.number(),
      createdAt: z.number(),
      started: optional(z.boolean()),
      source: optional(z.literal('formulas')),
      firstRowHeaders: optional(z.boolean()),
    }),
  ),
};

// firstRowHeaders came later as an optional field: records without it read as before (no new version).
export const MAPPING_CODEC: RecordCodec = {
  name: 'remembered mapping',
  version: 2,
  schema: lazy(() =>
    z.looseObject({
      mapping: mapping(),
      headers: z.partialRecord(z.enum(INPUT_KEYS), z.string()),
      firstRowHeaders: optional(z.boolean()),
    }),
  ),
};

/** The fields to find a user ticked last (user properties). */
export const FIELD_CHOICE_CODEC: RecordCodec = {
  name: 'choice of fields',
  version: 1,
  schema: lazy(() => z.looseObject({ fields: fields() })),
};

const pair = <A extends string, B extends string>(a: A, b: B) =>
  z.object({ [a]: z.string(), [b]: z.string() } as Record<A | B, z.ZodMiniString>);

export const LEDGER_ENTRY_CODEC: RecordCodec = {
  name: 'saved result',
  version: 2,
  schema: lazy(() =>
    z.looseObject({
      fields: fields(),
      workEmail: optional(pair('email', 'status')),
      personalEmail: optional(pair('email', 'status')),
      phone: optional(pair('number', 'region')),
      profile: optional(z.record(z.string(), z.string())),
      at: z.number(),
    }),
  ),
  // v1: f = fields, w / p = [email, status], ph = [number, region], pr = profile.
  migrate: ({ f, w, p, ph, pr, ...value }) => {
    const both = (pairValue: unknown, a: string, b: string) =>
      Array.isArray(pairValue) ? { [a]: pairValue[0], [b]: pairValue[1] } : undefined;
    const entry: Record<string, unknown> = { ...value, fields: f };
    if (w !== undefined) entry.workEmail = both(w, 'email', 'status');
    if (p !== undefined) entry.personalEmail = both(p, 'email', 'status');
    if (ph !== undefined) entry.phone = both(ph, 'number', 'region');
    if (pr !== undefined) entry.profile = pr;
    return entry;
  },
};

export const FORMULA_REQUEST_CODEC: RecordCodec = {
  name: 'formula request',
  version: 1,
  schema: lazy(() =>
    z.looseObject({
      kind: kind(),
      input: z.partialRecord(
        z.enum(['firstName', 'lastName', 'companyName', 'companyDomain', 'networkUrl', 'email']),
        z.string(),
      ),
      at: z.number(),
    }),
  ),
};

export const FORMULA_AUTO_CODEC: RecordCodec = {
  name: 'automatic formula setting',
  version: 1,
  schema: lazy(() =>
    z.looseObject({ email: z.string(), dailyCap: z.number(), day: z.string(), committed: z.number() }),
  ),
};

export const SCHEDULE_CODEC: RecordCodec = {
  name: 'schedule',
  version: 1,
  schema: lazy(() =>
    z.looseObject({
      sheetId: z.number(),
      sheetName: z.string(),
      kind: kind(),
      fields: fields(),
      every: z.enum(['hour', '6 hours', 'day']),
      maxCreditsPerRun: z.number(),
      maxCreditsPerDay: z.number(),
      owner: z.string(),
      savedAt: z.number(),
      lastRunAt: optional(z.number()),
      day: z.string(),
      committedToday: z.number(),
      failures: z.number(),
      pausedReason: optional(z.string()),
      lastOutcome: optional(z.string()),
    }),
  ),
};

export const QUOTA_USAGE_CODEC: RecordCodec = {
  name: 'quota usage',
  version: 1,
  schema: lazy(() => z.looseObject({ day: z.string(), urlFetches: z.number(), triggerMs: z.number() })),
};

/**
 * A search tab's query and progress (document property per tab). Filters are kept loosely here and
 * checked against the filter table when read (src/search/search-store.ts).
 */
export const SEARCH_TAB_CODEC: RecordCodec = {
  name: 'search tab record',
  version: 1,
  schema: lazy(() =>
    z.looseObject({
      kind: z.enum(['companies', 'people']),
      filters: z.record(z.string(), z.array(z.looseObject({}))),
      max: z.number(),
      offset: z.number(),
      refreshUntil: optional(z.number()),
      total: optional(z.number()),
      rows: z.number(),
      state: z.enum(['loading', 'done', 'stopped']),
      reason: optional(z.string()),
      createdBy: z.string(),
      createdAt: z.number(),
      updatedAt: z.number(),
    }),
  ),
};
