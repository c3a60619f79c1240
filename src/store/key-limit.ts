/**
 * "At most N credits a day with my key, in all my spreadsheets": kept in the user's properties,
 * which follow the user into every document where they use the add-on, with what today's spending
 * may have cost. Every path that spends reserves its most first (reserveKeyCredits: a run when it is
 * registered, a retry at its price, a search call for what it may load) and is refused, in words
 * that name the limit and its reset, when that would pass the limit; a run gives back at its end
 * what it did not spend (an ambiguous job counts at its most until it is settled), a search call
 * what it was not charged. The per-schedule and automatic-formula caps count on their own, as before.
 */
import * as z from 'zod/mini';
import { UserError } from '../domain/user-error';
import { plural } from '../domain/words';
import type { PlatformPorts } from '../platform/ports';
import { USER_PROPERTY } from '../platform/property-keys';
import { capDay, minuteIn, sinceReset, zoneAndNow } from './local-time';
import type { RunRecord } from './registry';
import { encodeRecord, optionalNumber, readRecord, recordCodec, type RecordOf } from './stored-records';

const KEY_LIMIT_CODEC = recordCodec('key limit', 1, () => ({
  /** At most this many credits a day; the record stays with `limit` 0 when the user clears it. */
  limit: z.number(),
  /** The day `used` counts for, and when it starts again (local-time.ts capDay). */
  day: z.string(),
  resetAt: optionalNumber(),
  /** What today's spending may have cost, across the user's spreadsheets. */
  used: z.number(),
  /** Since when runs reserve on the count (the limit was set): one started before gives nothing back. */
  since: optionalNumber(),
}));

type KeyLimit = RecordOf<typeof KEY_LIMIT_CODEC>;
type Ports = Pick<PlatformPorts, 'userStore' | 'userLock' | 'clock' | 'spreadsheet'>;

/** How long a change of the count waits for the user's other executions (each holds it for ms). */
const USER_LOCK_WAIT_MS = 10_000;

/**
 * The count is the user's across their spreadsheets, whose executions run side by side (a schedule
 * in one, a run in another): each change reads and writes it under the user's own lock, which the
 * document lock is not, so two reservations never both see the same room.
 */
function underUserLock<T>(ctx: Ports, work: () => T): T {
  if (!ctx.userLock.tryLock(USER_LOCK_WAIT_MS))
    throw new UserError(
      "Your key's daily limit is being counted by another of your runs: try again in a minute.",
    );
  try {
    return work();
  } finally {
    ctx.userLock.release();
  }
}

/** The record as it counts now (its count started again when its reset passed); null when never set. */
export function readKeyLimit(ctx: Ports): KeyLimit | null {
  const stored = readRecord(KEY_LIMIT_CODEC, ctx.userStore.get(USER_PROPERTY.keyLimit));
  if (!stored) return null;
  const { current, day, resetAt } = capDay(stored, ...zoneAndNow(ctx));
  return { ...stored, day, resetAt, used: current ? stored.used : 0 };
}

const write = (ctx: Ports, record: KeyLimit): void =>
  ctx.userStore.set(USER_PROPERTY.keyLimit, encodeRecord(KEY_LIMIT_CODEC, record));

/** Sets the limit (0: none); today's count is kept, so clearing and setting it again buys nothing. */
export function setKeyLimit(ctx: Ports, limit: number): void {
  // A new record counts from now: its day and reset are set at its first reservation (readKeyLimit).
  underUserLock(ctx, () => {
    const record = readKeyLimit(ctx);
    // Set where there was none: runs already under way reserved nothing (fuzz seed 64017: one
    // started before gave its unspent estimate back at its end, and the count forgot 6 charged).
    const since = record?.limit ? record.since : ctx.clock.now();
    write(ctx, { day: '', used: 0, ...record, limit, since });
  });
}

/**
 * The one check every spending path asks first: reserves `credits` (the most it may cost) on the
 * key's count of the day, or refuses, saying which limit and when it resets. What the limit leaves
 * after it (Infinity without one): a source that sends on its own asks with 0 and fits in that.
 */
export function reserveKeyCredits(ctx: Ports, credits = 0): number {
  if (credits > 0 && readKeyLimit(ctx)?.limit) return underUserLock(ctx, () => reserve(ctx, credits));
  return reserve(ctx, 0);
}

function reserve(ctx: Ports, credits: number): number {
  const record = readKeyLimit(ctx);
  if (!record?.limit) return Infinity;
  const room = record.limit - record.used;
  if (credits > room)
    throw new UserError(
      `Your key's daily limit (${plural(record.limit, 'credit')}) is reached until ${minuteIn(ctx.spreadsheet.timeZone(), record.resetAt!)}.`,
    );
  if (credits > 0) write(ctx, { ...record, used: record.used + credits });
  return room - credits;
}

/**
 * Gives back to today's count what spending reserved since its reset did not cost: `credits` each,
 * reserved when `run` started; only this user's runs (another's may end in this execution), and
 * this user's spending without a run (a search call, or a run of an earlier version), started since
 * the limit was set (one started before reserved nothing). A retry reserved its price on its own.
 * Counts never go below zero.
 */
export function returnKeyCredits(
  ctx: Ports,
  unspent: readonly {
    unspent: number;
    at?: number | undefined;
    run: Pick<RunRecord, 'ownerId' | 'startedAt'>;
  }[],
): void {
  if (!readKeyLimit(ctx)?.limit) return;
  underUserLock(ctx, () => {
    const me = ctx.userStore.get(USER_PROPERTY.userId);
    const record = readKeyLimit(ctx);
    if (!record?.limit) return;
    let credits = 0;
    for (const { unspent: back, run } of unspent)
      if (
        (run.ownerId ?? me) === me &&
        back > 0 &&
        sinceReset(run.startedAt, record.resetAt) &&
        run.startedAt >= (record.since ?? 0)
      )
        credits += back;
    if (credits > 0) write(ctx, { ...record, used: Math.max(0, record.used - credits) });
  });
}
