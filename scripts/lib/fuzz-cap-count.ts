/**
 * The caps' own books against the provider's (issue 38): a standing order (the schedule, automatic
 * formula results) keeps, in its document property, what its runs of the day count on its cap. That
 * count is money state: it may overstate what was charged (an estimate not spent yet, a lost start
 * counted at its most), never understate it. A count below what the emulator charged the order's
 * runs of the same count means the cap was handed back credits that were spent (given back twice,
 * given back by a run of another day or with a damaged or lost job, or started again early): the
 * next run may pass the cap by that much. Seen the moment it happens, without waiting for a later
 * run to overspend. A retry counts its price on the day it is made (run-end.ts countRetry), so its
 * resend's charges count on that day's count, not on the day its run started: a retry the next day
 * that counted less than its resend may cost went unseen while every charge of a run counted on its
 * first day (mutant retry-price-skips-early-twice).
 */
import type { BookedCharge } from '../../dev/emulator/books';
import type { Addon } from '../../dev/gas/harness';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { nextMidnight } from '../../src/store/local-time';
import type { Books, SeenRun } from './fuzz-books';

/** The standing orders: where each keeps its count, and which runs count on it. */
const ORDERS = [
  {
    name: 'schedule',
    key: DOCUMENT_PROPERTY.schedule,
    count: 'committedToday',
    counts: (run: SeenRun) => run.source === 'schedule',
  },
  {
    name: 'auto',
    key: DOCUMENT_PROPERTY.formulaAuto,
    count: 'committed',
    counts: (run: SeenRun) => !!run.automatic,
  },
] as const;

/** An order's stored count: its payer's and the earlier payers' of the day, and when it resets. */
function storedCount(
  addon: Addon,
  key: string,
  countKey: string,
): { count: number; resetAt: number } | undefined {
  try {
    const record = JSON.parse(addon.properties.document.getProperty(key) ?? '') as Record<string, unknown>;
    const own = record[countKey];
    if (typeof own !== 'number' || typeof record.resetAt !== 'number') return undefined;
    const earlier = Object.values((record.earlierPayers ?? {}) as Record<string, number>);
    return { count: earlier.reduce((sum, credits) => sum + credits, own), resetAt: record.resetAt };
  } catch {
    return undefined;
  }
}

/**
 * A new count seen before the last one's day ended: the reset it stored, or, when the document's
 * zone changed since, the first midnight of the zone it reads now at or after it (local-time.ts
 * promises a zone change never starts a day early). A record damaged since was started anew.
 */
function startedEarly(
  doc: Addon,
  last: { resetAt: number; seenAt: number },
  damagedAt = 0,
): string | undefined {
  if (damagedAt >= last.seenAt) return undefined;
  const zone = doc.spreadsheet.getSpreadsheetTimeZone();
  const ends = Math.max(last.resetAt, nextMidnight(zone, last.resetAt - 1));
  return doc.now() < ends
    ? `a new day's count started at ${new Date(doc.now()).toISOString()}, before the last one's day ended (${new Date(ends).toISOString()}, ${zone})`
    : undefined;
}

/**
 * Reads each order's stored count in each document (after every step, and every poll while
 * settling: one execution, so at most one tick of an order). A count seen anew began since the
 * books last read them: that is when it began at the latest, and a run counts on the last count
 * begun by its start. A count begun before the last one's day ended is booked (`earlyCount`).
 */
export function noteCounts(books: Books, docs: readonly (readonly [Addon, string])[], now: number): void {
  for (const [doc, elsewhere] of docs)
    for (const order of ORDERS) {
      const stored = storedCount(doc, order.key, order.count);
      const name = `${elsewhere}|${order.name}`;
      const count = books.counts.get(name);
      if (!stored || count?.resetAt === stored.resetAt) continue;
      const early = count && startedEarly(doc, count, books.standingReset.get(name));
      if (early) books.earlyCount ??= `${elsewhere || 'shared'} ${order.name}: ${early}`;
      // After that reading (a run of the same moment, its tick's, is the last count's).
      const since = (books.notedAt ?? -Infinity) + 1;
      books.counts.set(name, { resetAt: stored.resetAt, since, seenAt: now });
      beginCount(books, name, since);
    }
  books.notedAt = now;
}

/** A count of an order begins (seen anew, or its record damaged: a new one starts from nothing). */
export function beginCount(books: Books, name: string, at: number): void {
  const starts = books.countStarts.get(name) ?? [];
  books.countStarts.set(name, [...starts.filter((since) => since < at), at]);
}

/** Which count of the order named `name` a run started at `at` counts on (0: before any was seen). */
export const countAt = (books: Books, name: string, at: number): number =>
  (books.countStarts.get(name) ?? []).filter((since) => since <= at).length;

/**
 * The Retry a line of `job` counts on, as the Retry counted its price then: for a line of a job
 * started before (`resent`: its own name again) or of a Retry's resend (a job of its own), the last
 * Retry of the job it resent at or before the line (resent on a later day, its 429 waited out:
 * still the Retry's day). Fuzz seed 64025 case 813: a resend charged after midnight was counted on
 * its run's first day, and a limit of 1 read as passed.
 */
export function retryOf(books: Books, job: string, at: number, resent: boolean) {
  const source = books.resentFrom.get(job);
  if (!resent && !source) return undefined;
  return books.retries.filter((one) => one.job === (source ?? job) && one.at <= at).at(-1);
}

/**
 * When each line of the vendor's books counts on a standing order's count: a job's first start on
 * its run's first day (a run counts its estimate when it starts, whenever its jobs leave); a
 * Retry's line on the Retry's day (retryOf). Lines of no run seen are left out.
 */
export function countedAt(
  books: Books,
  charges: readonly BookedCharge[],
): { runId: string; at: number; credits: number }[] {
  const seen = new Set<string>();
  return [...charges]
    .sort((a, b) => a.at - b.at)
    .flatMap(({ name, at, credits }) => {
      const [, job, runId = ''] = / · (run (\S+) job \d+)$/.exec(name) ?? [];
      const run = books.runs.get(runId);
      const resent = seen.has(name);
      seen.add(name);
      if (!run || !job || credits === 0) return [];
      return [{ runId, at: retryOf(books, job, at, resent)?.at ?? run.startedAt, credits }];
    });
}

/**
 * Each order of each document (`docs`: the document and the name its runs are booked under, "" for
 * the shared one) whose count is certainly the current one (its reset still ahead): the credits
 * charged to the runs it counts, since the count began (countedAt: a retry's resend on the retry's
 * day), must not exceed it.
 */
export function countBelowCharges(
  books: Books,
  docs: readonly (readonly [Addon, string])[],
  charges: readonly BookedCharge[],
): string | undefined {
  if (books.earlyCount) return books.earlyCount;
  const lines = countedAt(books, charges);
  for (const [doc, elsewhere] of docs)
    for (const order of ORDERS) {
      const stored = storedCount(doc, order.key, order.count);
      const name = `${elsewhere}|${order.name}`;
      const count = books.counts.get(name);
      if (!stored || !count || stored.resetAt !== count.resetAt || stored.resetAt <= doc.now()) continue;
      const since = Math.max(count.since, books.standingReset.get(name) ?? -Infinity);
      let credits = 0;
      for (const line of lines) {
        const run = books.runs.get(line.runId)!;
        if ((run.elsewhere ?? '') === elsewhere && order.counts(run) && line.at >= since)
          credits += line.credits;
      }
      if (credits > stored.count)
        return `${elsewhere || 'shared'} ${order.name}: its day's count holds ${stored.count}, its runs were charged ${credits}`;
    }
  return undefined;
}
