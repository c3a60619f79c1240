/**
 * The plan a user previewed, kept in their user properties until they confirm it (engine/start.ts
 * rebuilds it from the same rows at start and refuses it if it would cost more).
 */
import * as z from 'zod/mini';
import { LIMITS } from '../domain/limits';
import { UserError } from '../domain/user-error';
import { utf8Bytes } from './registry';
import type { KeyValueStore } from '../platform/ports';
import { USER_PROPERTY } from '../platform/property-keys';
import {
  decodeRecord,
  encodeRecord,
  fieldsSchema,
  kindSchema,
  mappingSchema,
  optional,
  optionalBoolean,
  recordCodec,
  type Decoded,
  type RecordOf,
} from './stored-records';

export const PLAN_CODEC = recordCodec('stored plan', 2, () => ({
  id: z.string(),
  kind: kindSchema(),
  fields: fieldsSchema(),
  mapping: mappingSchema(),
  overwrite: z.boolean(),
  /** A refresh: answers saved before this time (ms) are looked up again (plan.ts). */
  refreshBefore: optional(z.number()),
  sheetId: z.number(),
  spans: z.array(z.object({ start: z.number(), end: z.number() })),
  maxCredits: z.number(),
  createdAt: z.number(),
  /** Set when it is started: a second start of the same preview (a double click) is refused. */
  started: optionalBoolean(),
  /** A plan of formula requests (no sheet, no rows). */
  source: optional(z.enum(['formulas'])),
  /** The answer the preview took for a sheet where no row reads as headers: start reads the sheet alike. */
  firstRowHeaders: optionalBoolean(),
}));

export type StoredPlan = RecordOf<typeof PLAN_CODEC>;

/** The user's latest preview (only the latest can be started); undefined when there is none. */
export function readPendingPlan(userStore: KeyValueStore): Decoded<StoredPlan> | undefined {
  const text = userStore.get(USER_PROPERTY.pendingPlan);
  return text ? decodeRecord(PLAN_CODEC, text) : undefined;
}

/**
 * Keeps the preview in one user property (9 KB, LIMITS.propertyValueBytes). Its only part that grows
 * is the selection's ranges: a selection of hundreds of separate ranges (rows Ctrl-clicked one by
 * one) gets a refusal that says what to do, never Apps Script's "Argument too large".
 */
export function writePendingPlan(userStore: KeyValueStore, plan: StoredPlan): void {
  const text = encodeRecord(PLAN_CODEC, plan);
  if (utf8Bytes(text) > LIMITS.propertyValueBytes)
    throw new UserError(
      `The selection is made of ${plan.spans.length} separate ranges, more than a preview can keep: select the rows in fewer ranges (sort or filter them together, then select them as one block).`,
    );
  userStore.set(USER_PROPERTY.pendingPlan, text);
}
