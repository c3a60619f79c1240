/**
 * Standing orders that spend on their own (the schedule, automatic formula results) are paid by one
 * user at a time: whoever switched them on. Their daily caps count against that payer: when another
 * user takes over, the count of the day follows the person, not the switch. The previous payer's
 * count is kept for the rest of the day (taking it back buys no new cap), and what a run of theirs
 * still in flight gives back at its end goes back to their count, not to the new payer's.
 */
import * as z from 'zod/mini';
import type { PlatformPorts } from '../platform/ports';
import { optional } from './stored-records';
import { userIdOf } from './user-identity';

/** The fields a standing order keeps of its payer (stored-record schema fields). */
export const payerShape = () => ({
  /** The payer's user id (user-identity.ts); absent in records of earlier versions (email only). */
  ownerId: optional(z.string()),
  /** Earlier payers of the current day: user id → what their runs committed. */
  earlierPayers: optional(z.record(z.string(), z.number())),
});

interface PayerFields {
  ownerId?: string | undefined;
  earlierPayers?: Record<string, number> | undefined;
}

type Who = Pick<PlatformPorts, 'userStore' | 'userEmail'>;

/** True when this execution's user pays (older records name the payer by email only). */
export function isPayer(ctx: Who, record: PayerFields, email: string): boolean {
  return record.ownerId ? record.ownerId === userIdOf(ctx.userStore) : !!email && email === ctx.userEmail();
}

/**
 * The record's count as the new payer `to` starts with: their own earlier count of the day, the
 * outgoing payer's count kept aside. `count` is the day's count as it stands (already reset when
 * the day changed, along with `earlierPayers`).
 */
export function handOver(
  record: PayerFields,
  count: number,
  to: string,
): { count: number; earlierPayers?: Record<string, number> } {
  const from = record.ownerId;
  if (from === to) return { count, ...(record.earlierPayers ? { earlierPayers: record.earlierPayers } : {}) };
  const { [to]: theirs = 0, ...others } = record.earlierPayers ?? {};
  // A record of an earlier version has no owner id: its count stays with the switch, as before.
  if (!from)
    return { count: count + theirs, ...(Object.keys(others).length ? { earlierPayers: others } : {}) };
  return { count: theirs, earlierPayers: { ...others, [from]: count } };
}

/**
 * Gives back `released` credits of a run paid by `ownerId`: to the current count when that user pays
 * now, else to their kept count. Returns the new count and earlier payers.
 */
export function releaseTo(
  record: PayerFields,
  count: number,
  ownerId: string | undefined,
  released: number,
): { count: number; earlierPayers?: Record<string, number> } {
  const earlier = record.earlierPayers;
  if (!ownerId || !record.ownerId || ownerId === record.ownerId || earlier?.[ownerId] === undefined)
    return { count: Math.max(0, count - released), ...(earlier ? { earlierPayers: earlier } : {}) };
  return { count, earlierPayers: { ...earlier, [ownerId]: Math.max(0, earlier[ownerId] - released) } };
}
