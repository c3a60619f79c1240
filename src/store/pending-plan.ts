/**
 * The plan a user previewed, kept in their user properties until they confirm it (engine/start.ts
 * rebuilds it from the same rows at start and refuses it if it would cost more).
 */
import * as z from 'zod/mini';
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

export function writePendingPlan(userStore: KeyValueStore, plan: StoredPlan): void {
  userStore.set(USER_PROPERTY.pendingPlan, encodeRecord(PLAN_CODEC, plan));
}
