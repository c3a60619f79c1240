/**
 * One saved answer of the ledger (ledger.ts): its stored form (versioned, older versions migrated
 * when read), how an API answer becomes one, and what an answer covers or adds to an earlier one.
 * Pure: the sheet that keeps them is ledger.ts's.
 */
import * as z from 'zod/mini';
import type { ContactResult } from '../domain/model';
import type { JobKind } from '../domain/runs';
import { FIELD_TABLE, type EnrichField } from '../domain/fields';
import { toCellText } from '../sheet/writer';
import { DAY_MS } from './local-time';
import { fieldsSchema, optional, recordCodec, type RecordOf } from './stored-records';

const pair = <A extends string, B extends string>(a: A, b: B) =>
  z.object({ [a]: z.string(), [b]: z.string() } as Record<A | B, z.ZodMiniString>);

/** One saved answer (the second column of a ledger row, and a cache value). */
export const LEDGER_ENTRY_CODEC = recordCodec(
  'saved result',
  2,
  () => ({
    /** The fields this answer covers (empty for a reverse lookup). */
    fields: fieldsSchema(),
    workEmail: optional(pair('email', 'status')),
    personalEmail: optional(pair('email', 'status')),
    phone: optional(pair('number', 'region')),
    /** Profile field → value, as the API gave it (see ProfileSummary). */
    profile: optional(z.record(z.string(), z.string())),
    /** When the answer arrived (ms since the epoch). */
    at: z.number(),
  }),
  // v1: f = fields, w / p = [email, status], ph = [number, region], pr = profile. A pair absent
  // (or not a pair) reads as no answer, as it did; no key is set to undefined, as a merge into an
  // entry already stored (Ledger.store) would wipe that entry's answer.
  ({ f, w, p, ph, pr, ...value }) => {
    const entry: Record<string, unknown> = { ...value, fields: f };
    const both = (slot: string, pairValue: unknown, a: string, b: string) => {
      if (Array.isArray(pairValue)) entry[slot] = { [a]: pairValue[0], [b]: pairValue[1] };
    };
    both('workEmail', w, 'email', 'status');
    both('personalEmail', p, 'email', 'status');
    both('phone', ph, 'number', 'region');
    if (pr !== undefined) entry.profile = pr;
    return entry;
  },
);

export type LedgerEntry = RecordOf<typeof LEDGER_ENTRY_CODEC>;

/**
 * Longest text kept per value: an entry's JSON must fit one ledger cell (50,000 characters) and one
 * cache value, whatever the API sends (14 values at most, quotes escaped to two characters).
 */
const VALUE_MAX_CHARS = 1000;
const bounded = (value: string | undefined): string => toCellText(value).slice(0, VALUE_MAX_CHARS);

/** The ledger's form of one API answer. */
export function entryFromResult(
  item: ContactResult,
  fields: readonly EnrichField[],
  at: number,
): LedgerEntry {
  const entry: LedgerEntry = { fields: [...fields], at };
  const workEmail = item.workEmail ?? item.workEmails[0];
  const personalEmail = item.personalEmail ?? item.personalEmails[0];
  const phone = item.phone ?? item.phones[0];
  if (workEmail?.email)
    entry.workEmail = { email: bounded(workEmail.email), status: bounded(workEmail.status) };
  if (personalEmail?.email)
    entry.personalEmail = { email: bounded(personalEmail.email), status: bounded(personalEmail.status) };
  if (phone?.number) entry.phone = { number: bounded(phone.number), region: bounded(phone.region) };
  const profile = Object.fromEntries(
    Object.entries(item.profile ?? {})
      .filter(([, value]) => value)
      .map(([key, value]) => [key, bounded(value)]),
  );
  if (Object.keys(profile).length) entry.profile = profile;
  return entry;
}

/** An entry answering for every field asked (reverse entries answer any reverse question). */
export function entryCovers(
  entry: LedgerEntry | undefined,
  fields: readonly EnrichField[],
): entry is LedgerEntry {
  return !!entry && fieldsLacking(entry, fields).length === 0;
}

/** The asked fields a saved answer does not cover: all of them when there is no answer. */
export function fieldsLacking(entry: LedgerEntry | undefined, fields: readonly EnrichField[]): EnrichField[] {
  return fields.filter((field) => !entry?.fields.includes(field));
}

/**
 * True when the entry covers fields besides the asked ones: it merged an earlier answer, so the
 * row may already show that answer and a final Status, and still needs the asked fields written.
 */
export function entryKnewMore(entry: LedgerEntry, asked: readonly EnrichField[]): boolean {
  return entry.fields.some((field) => !asked.includes(field));
}

/** True when the entry found something the run asked for. */
export function entryFoundSomething(
  entry: LedgerEntry,
  kind: JobKind,
  fields: readonly EnrichField[],
): boolean {
  // A profile answers a reverse lookup, and counts as found for an enrichment too.
  return !!entry.profile || (kind !== 'reverse' && fields.some((field) => !!entry[FIELD_TABLE[field].slot]));
}

/**
 * `entry` stored over `previous`: the newest answer speaks for what it asked, so a field it did not
 * find is gone (a person who changed jobs), not kept from an older answer; the fields it did not ask
 * keep their answers; a reverse answer (no fields) replaces it all.
 */
export function mergedEntry(previous: LedgerEntry | undefined, entry: LedgerEntry): LedgerEntry {
  const merged: LedgerEntry =
    previous && entry.fields.length
      ? { ...previous, ...entry, fields: [...new Set([...previous.fields, ...entry.fields])] }
      : entry;
  for (const { slot } of entry.fields.map((field) => FIELD_TABLE[field]))
    if (!entry[slot]) delete merged[slot];
  return merged;
}

/**
 * The same answer, found within a day: storing it again adds nothing (a job stored twice after a
 * kill). A day or more later (a refresh) the date moves, else "older than N days" would buy it again.
 */
export function sameAnswer(a: LedgerEntry, b: LedgerEntry): boolean {
  return (
    JSON.stringify({ ...a, at: 0 }) === JSON.stringify({ ...b, at: 0 }) && Math.abs(a.at - b.at) < DAY_MS
  );
}
