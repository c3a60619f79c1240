/**
 * The caps' own books against the provider's (issue 38): a standing order (the schedule, automatic
 * formula results) keeps, in its document property, what its runs of the day count on its cap. That
 * count is money state: it may overstate what was charged (an estimate not spent yet, a lost start
 * counted at its most), never understate it. A count below what the emulator charged the order's
 * runs of the same count means the cap was handed back credits that were spent (given back twice,
 * given back by a run of another day or with a damaged or lost job, or started again early): the
 * next run may pass the cap by that much. Seen the moment it happens, without waiting for a later
 * run to overspend.
 */
import type { AdminJob } from '../../dev/emulator/admin-client';
import type { Addon } from '../../dev/gas/harness';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import type { Books, SeenRun } from './fuzz-books';

const HOUR = 3_600_000;

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
 * Each order of each document (`docs`: the document and the name its runs are booked under, "" for
 * the shared one) whose count is certainly the current one (its reset still ahead): the credits
 * charged to the runs it counts, started since the count began, must not exceed it. When the count
 * began is not stored: not before its reset less a day (23 hours: a day may be that short), nor
 * before the last time its record was damaged (a new count starts from nothing) or the document's
 * zone changed (the count before may have run past that midnight, by design: local-time.ts).
 */
export function countBelowCharges(
  books: Books,
  docs: readonly (readonly [Addon, string])[],
  jobs: readonly AdminJob[],
): string | undefined {
  const charged = new Map<string, number>();
  for (const job of jobs) {
    const runId = / · run (\S+) job \d+$/.exec(job.name)?.[1] ?? '';
    if (job.credits > 0) charged.set(runId, (charged.get(runId) ?? 0) + job.credits);
  }
  for (const [doc, elsewhere] of docs)
    for (const order of ORDERS) {
      const stored = storedCount(doc, order.key, order.count);
      if (!stored || stored.resetAt <= doc.now()) continue;
      const since = Math.max(
        stored.resetAt - 23 * HOUR,
        books.standingReset.get(`${elsewhere}|${order.name}`) ?? 0,
        books.zoneChangedAt ?? 0,
      );
      let credits = 0;
      for (const [runId, run] of books.runs)
        if ((run.elsewhere ?? '') === elsewhere && order.counts(run) && run.startedAt >= since)
          credits += charged.get(runId) ?? 0;
      if (credits > stored.count)
        return `${elsewhere || 'shared'} ${order.name}: its day's count holds ${stored.count}, its runs were charged ${credits}`;
    }
  return undefined;
}
