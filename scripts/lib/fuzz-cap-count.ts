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
 * When each line of the vendor's books counts on a standing order's count: a job's first start on
 * its run's first day (a run counts its estimate when it starts, whenever its jobs leave); a line
 * of a job started before (a retry's resend) when the last retry of that job at or before it was
 * made, as the retry counted its price then (resent on a later day, its 429 waited out: still the
 * retry's day). Lines of no run seen are left out.
 */
function countedAt(
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
      const retry = books.retries.filter((one) => one.job === job && one.at <= at).at(-1);
      return [{ runId, at: resent && retry ? retry.at : run.startedAt, credits }];
    });
}

/**
 * Each order of each document (`docs`: the document and the name its runs are booked under, "" for
 * the shared one) whose count is certainly the current one (its reset still ahead): the credits
 * charged to the runs it counts, since the count began (countedAt), must not exceed it. When the
 * count began is not stored: it is taken as the start of the step that first showed its reset
 * moment (a step is one execution that may start an order's run, so no run of the count before is
 * in it; none once settling ran many), or the last damage of its record (a new count starts from
 * nothing).
 */
export function countBelowCharges(
  books: Books,
  docs: readonly (readonly [Addon, string])[],
  charges: readonly BookedCharge[],
): string | undefined {
  const lines = countedAt(books, charges);
  for (const [doc, elsewhere] of docs)
    for (const order of ORDERS) {
      const stored = storedCount(doc, order.key, order.count);
      const name = `${elsewhere}|${order.name}`;
      if (!stored) continue;
      let count = books.counts.get(name);
      if (count?.resetAt !== stored.resetAt) {
        const early = count && startedEarly(doc, count, books.standingReset.get(name));
        if (early) return `${elsewhere || 'shared'} ${order.name}: ${early}`;
        count = { resetAt: stored.resetAt, since: books.stepStartedAt ?? Infinity, seenAt: doc.now() };
        books.counts.set(name, count);
      }
      if (stored.resetAt <= doc.now()) continue;
      const since = Math.max(count.since, books.standingReset.get(name) ?? 0);
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
