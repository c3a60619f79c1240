/**
 * Whether the formula refresh works here. No Google document says that clearing a formula,
 * flushing and writing the same text back makes Sheets run the custom function again (the custom
 * functions guide only says Sheets caches a result until the formula or an argument changes), so
 * the add-on checks it in each document the first time it matters:
 *
 * - a refresh leaves a probe in the document cache (its time);
 * - the first custom function that runs afterwards finds the probe in the cache call it makes
 *   anyway, and records "holds" in the cache; the next refresh stores it for the document;
 * - an open sidebar (the document is open, so Sheets recalculates) that still sees the probe
 *   PROBE_WAIT_MS after it first saw it records "fails".
 *
 * With "fails" the Jobs panel says, in one line, how the user makes them show their answers:
 * re-entering a formula is what Sheets documents as running it again. The refresh still rewrites
 * them and leaves its probe: a verdict read wrongly (a sidebar that peeked twice while Sheets had
 * not run them yet, an execution killed after its rewrite) must never keep answers from showing,
 * and rewriting costs Range calls only; a formula that answers a later probe turns it back to
 * "holds".
 */
import { DOCUMENT_PROPERTY } from '../../platform/property-keys';
import type { CachePort } from '../../platform/ports';
import type { AppContext } from '../../engine/context';

type RefreshVerdict = 'holds' | 'fails';

/** The probe a refresh leaves: the time it rewrote formulas. */
export const REFRESH_PROBE_KEY = 'formulaRefreshProbe';
/** When an open sidebar first saw the probe still there. */
const PROBE_WATCHED_KEY = 'formulaRefreshWatched';
/** The verdict, mirrored from the document property so the panel's peeks read only the cache. */
const VERDICT_KEY = 'formulaRefreshVerdict';
/** How long an open document may take to run one rewritten formula (Sheets runs them within seconds). */
export const PROBE_WAIT_MS = 2 * 60 * 1000;
const PROBE_TTL_SECONDS = 6 * 60 * 60;

/** The Jobs panel's line once the refresh is known not to work here. */
export const REFRESH_FAILS_NOTE =
  'Sheets did not recalculate the formulas here when their answers arrived: re-enter them to show the answers (select the cells, Edit › Find and replace "=" with "=", tick "Also search within formulas", Replace all).';

/**
 * The verdict for this document, if any (read by a refresh: one property read, and one cache read
 * until it is known). A "holds" the custom functions left in the cache is stored here, by an
 * execution that may write properties without a wave of formulas doing it at once.
 */
export function refreshVerdict(ctx: Pick<AppContext, 'documentStore' | 'cache'>): RefreshVerdict | undefined {
  const verdict = ctx.documentStore.get(DOCUMENT_PROPERTY.formulaRefreshVerdict);
  if (verdict === 'holds') return verdict;
  if (ctx.cache.get(VERDICT_KEY) !== 'holds') return verdict === 'fails' ? verdict : undefined;
  ctx.documentStore.set(DOCUMENT_PROPERTY.formulaRefreshVerdict, 'holds');
  return 'holds';
}

function record(cache: CachePort, verdict: RefreshVerdict): void {
  cache.put(VERDICT_KEY, verdict, PROBE_TTL_SECONDS);
  cache.removeAll([REFRESH_PROBE_KEY, PROBE_WATCHED_KEY]);
}

/** After a refresh that rewrote formulas, while nothing is known yet: leave the probe. */
export function leaveRefreshProbe(ctx: AppContext): void {
  ctx.cache.put(REFRESH_PROBE_KEY, String(ctx.clock.now()), PROBE_TTL_SECONDS);
  ctx.cache.remove(PROBE_WATCHED_KEY);
}

/**
 * A custom function's part: `cached` is the answer of the cache call it makes anyway (asked for
 * REFRESH_PROBE_KEY too). A probe there means Sheets ran a formula after a refresh: it holds. Only
 * the cache is written: after a refresh thousands of formulas may run at once, and each would
 * otherwise spend a write of the daily properties quota.
 */
export function answerRefreshProbe(cache: CachePort, cached: Readonly<Record<string, string>>): void {
  if (cached[REFRESH_PROBE_KEY] !== undefined) record(cache, 'holds');
}

/**
 * The open sidebar's part (from the Jobs panel's peek: one cache call while nothing is pending):
 * the line to show, if the refresh is known not to work here.
 */
export function watchRefreshProbe(ctx: AppContext): string | undefined {
  const cached = ctx.cache.getAll([REFRESH_PROBE_KEY, PROBE_WATCHED_KEY, VERDICT_KEY]);
  if (cached[VERDICT_KEY] === 'fails') return REFRESH_FAILS_NOTE;
  if (cached[REFRESH_PROBE_KEY] === undefined) return undefined;
  const watched = Number(cached[PROBE_WATCHED_KEY]);
  const now = ctx.clock.now();
  if (!watched) {
    ctx.cache.put(PROBE_WATCHED_KEY, String(now), PROBE_TTL_SECONDS);
    return undefined;
  }
  if (now - watched < PROBE_WAIT_MS) return undefined;
  ctx.documentStore.set(DOCUMENT_PROPERTY.formulaRefreshVerdict, 'fails');
  record(ctx.cache, 'fails');
  ctx.log.warn('No formula ran after a refresh rewrote them: the refresh does not work in this document.');
  return REFRESH_FAILS_NOTE;
}
