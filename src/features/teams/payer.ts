/**
 * Standing orders that spend on their own (the schedule, automatic formula results) are paid by one
 * user at a time: whoever switched them on. Their daily caps count against that payer's key: when
 * another user takes over, the count of the day follows the key that pays, not the switch (two
 * people sharing one key, or one whose stored identity was lost, share one count). The previous payer's
 * count is kept for the rest of the day (taking it back buys no new cap), and what a run of theirs
 * still in flight gives back at its end goes back to their count, not to the new payer's. One person
 * who pays with another key brings the count along: a key saved again is no new cap.
 */
import * as z from 'zod/mini';
import type { PlatformPorts } from '../../platform/ports';
import {
  encodeRecord,
  optional,
  optionalString,
  readRecord,
  type RecordCodec,
} from '../../store/stored-records';
import { capDay, sinceReset, zoneAndNow } from '../../store/local-time';
import { savedKeyId, userIdOf } from '../../store/user-identity';
import { UserError } from '../../domain/user-error';
import type { RunRecord } from '../../store/registry';
import type { EndedRun } from '../../engine/context';

/** The fields a standing order keeps of its payer (stored-record schema fields). */
export const payerShape = () => ({
  /** The payer's user id (user-identity.ts); absent in records of earlier versions (email only). */
  ownerId: optionalString(),
  /** The id of the payer's key (user-identity.ts keyIdOf): the count is the key's. */
  payerKey: optionalString(),
  /** Earlier payers of the current day: key id (user id when unknown) → what their runs committed. */
  earlierPayers: optional(z.record(z.string(), z.number())),
});

interface PayerFields {
  ownerId?: string | undefined;
  payerKey?: string | undefined;
  earlierPayers?: Record<string, number> | undefined;
}

/** Who pays: the user (their trigger runs the order) and their key (whose count it is). */
export interface Payer {
  ownerId: string;
  payerKey?: string;
}

/** Whose count a record or a run is: its key's, else (older records, no key) its user's. */
const countOf = (payer: { ownerId?: string | undefined; payerKey?: string | undefined }) =>
  payer.payerKey ?? payer.ownerId;

type Who = Pick<PlatformPorts, 'userStore' | 'userEmail'>;

/** The highest daily or per-run cap a standing order takes, in credits. */
const MAX_CAP = 1_000_000;

/** A cap the user typed, checked: `what` names it ("The daily cap"). */
export function checkedCap(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_CAP)
    throw new UserError(
      `${what} must be a whole number of credits from 1 to ${MAX_CAP.toLocaleString('en-US')}.`,
    );
  return value;
}

/** Who switches a standing order on, and their key; `cannot` says what it cannot do without them. */
export function payerOf(ctx: Pick<PlatformPorts, 'userStore'>, cannot: string): Payer {
  const ownerId = userIdOf(ctx.userStore);
  if (!ownerId) throw new UserError(`Sheet Enrich cannot tell who you are here, so it cannot ${cannot}.`);
  const payerKey = savedKeyId(ctx.userStore);
  return payerKey ? { ownerId, payerKey } : { ownerId };
}

/** True when this execution's user pays (older records name the payer by email only). */
export function isPayer(ctx: Who, record: PayerFields, email: string): boolean {
  return record.ownerId ? record.ownerId === userIdOf(ctx.userStore) : !!email && email === ctx.userEmail();
}

/** A standing order's record: its payer, and its day's count under the name `C` ("committed"…). */
type Standing<C extends string> = PayerFields & { day: string; resetAt?: number | undefined } & {
  [K in C]: number;
};

/**
 * The schedule's and the automatic mode's one way to keep their record: in the document property
 * `key`, its day's count (`countKey`) started again, earlier payers forgotten, when its reset
 * passed (local-time.ts capDay). `counts` tells the runs this order started (their unspent credits
 * come back to it) from the others.
 */
export function standingRecord<C extends string, T extends Standing<C>>(
  key: string,
  codec: RecordCodec<T>,
  countKey: C,
  counts: (run: RunRecord) => boolean | undefined,
) {
  /** What a day's count is: its day, its reset, the count and the earlier payers' counts. */
  type Tally = Pick<T, 'day' | 'resetAt' | 'earlierPayers' | C>;
  const write = (ctx: Pick<PlatformPorts, 'documentStore'>, record: T): void =>
    ctx.documentStore.set(key, encodeRecord(codec, record));
  /** The stored record, cleared (off) or not. */
  const read = (ctx: Pick<PlatformPorts, 'documentStore' | 'clock' | 'spreadsheet'>): T | null => {
    const stored = readRecord(codec, ctx.documentStore.get(key));
    if (!stored) return null;
    const { current, day, resetAt } = capDay(stored, ...zoneAndNow(ctx));
    if (current) return { ...stored, day, resetAt };
    const { earlierPayers: _, ...rest } = stored;
    return { ...rest, day, resetAt, [countKey]: 0 } as unknown as T;
  };
  /**
   * The record's day as the payer `to` starts it: its day and reset kept, its count theirs: their
   * own earlier count of the day, the outgoing payer's count kept aside. `record` is as read (its
   * count and earlier payers already reset when the day changed).
   */
  const tally = (record: T, payer: Payer): Tally => {
    const from = countOf(record);
    const to = countOf(payer)!;
    let count: number = record[countKey];
    // Undefined fields are left out of the stored JSON: no need to leave them out here.
    let earlierPayers = record.earlierPayers;
    if (from !== to) {
      const { [to]: theirs = 0, ...others } = earlierPayers ?? {};
      // A record of an earlier version has no owner id: its count stays with the switch, as before.
      earlierPayers = from ? { ...others, [from]: count } : Object.keys(others).length ? others : undefined;
      // The same person paying with another key (saved again, mistyped, a workspace's spare) brings
      // the day's count along, else each key opened a fresh cap (stop 62, seeds 64058 and 64059); at
      // least that key's own count of the day, for a key someone else paid with too.
      count = !from ? count + theirs : record.ownerId === payer.ownerId ? Math.max(count, theirs) : theirs;
    }
    return { day: record.day, resetAt: record.resetAt, [countKey]: count, earlierPayers } as Tally;
  };
  return {
    read,
    write,
    tally,
    /**
     * The record as the key its payer has saved now pays it, for what the payer's own execution
     * spends: a key saved since the order was switched on counts on its own count of the day, the
     * count it replaces kept aside (stop 62: a schedule saved while a mistyped key was saved, then
     * run with the right key saved again, counted that key's charges on the mistyped key's fresh
     * count and passed its daily cap).
     */
    payingNow(ctx: Pick<PlatformPorts, 'userStore'>, record: T): T {
      const payerKey = savedKeyId(ctx.userStore);
      if (!payerKey || payerKey === record.payerKey || !record.ownerId) return record;
      return { ...record, ...tally(record, { ownerId: record.ownerId, payerKey }), payerKey };
    },
    /**
     * Gives back to the record's count what its ended runs (those it `counts`) did not spend (only
     * runs of the current count, or credits that moved during it: see sinceReset): to the current
     * count for runs of the current payer, else to the count kept for the user who paid them. Only
     * once: the runs are saved as ended in the same step. No ended run of its own: the record is not
     * even read; nothing given back: not written.
     */
    release(
      ctx: Pick<PlatformPorts, 'documentStore' | 'clock' | 'spreadsheet'>,
      endedRuns: readonly EndedRun[],
    ): void {
      const ended = endedRuns.filter(({ run }) => counts(run));
      const record = ended.length ? read(ctx) : null;
      if (!record) return;
      let changed = false;
      let count: number = record[countKey];
      let earlier = record.earlierPayers;
      for (const { run, unspent, at } of ended) {
        if (unspent === 0 || !sinceReset(at ?? run.startedAt, record.resetAt)) continue;
        changed = true;
        const payer = countOf(run);
        const current = countOf(record);
        if (!payer || !current || payer === current || earlier?.[payer] === undefined)
          count = Math.max(0, count - unspent);
        else earlier = { ...earlier, [payer]: Math.max(0, earlier[payer] - unspent) };
      }
      if (changed) write(ctx, { ...record, [countKey]: count, earlierPayers: earlier });
    },
  };
}
