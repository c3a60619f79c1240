/**
 * A poll that fails (the property store full, a quota, a fault) tells the user where they look: the
 * Jobs panel, the status of every running run and the log tab, not only the execution log that
 * nobody reads. Kept in the document cache: when the property store is what failed, a property
 * cannot hold the news. A later poll that works clears it.
 */
import { LIMITS } from '../domain/limits';
import { errorForLog, errorMessage, withoutClassName } from '../domain/user-error';
import { DOCUMENT_CACHE_KEY, DOCUMENT_PROPERTY } from '../platform/property-keys';
import type { PlatformPorts } from '../platform/ports';
import { appendPollProblemLog } from '../store/run-log';

const KEY = DOCUMENT_CACHE_KEY.pollProblem;
/** The property store's own words when it is full (dev/gas/errors.ts quotes them). */
const STORE_FULL = /property storage quota/i;
/** An execution stopped at its time limit runs no more code: there is nothing to report from it. */
const TIME_LIMIT = /maximum execution time/i;

/**
 * What the user can clear to make room: the formula queue, when it holds requests (ended runs keep
 * no jobs, and the ten kept take little: not worth naming).
 */
const clearable = (ctx: PlatformPorts): string =>
  Object.keys(ctx.documentStore.getAll()).some((key) =>
    key.startsWith(DOCUMENT_PROPERTY.formulaRequestPrefix),
  )
    ? ': clear the queued formula requests (Jobs panel)'
    : '';

/** What the user reads about a failed poll, with what to do. */
function problemText(ctx: PlatformPorts, error: unknown): string {
  const words = withoutClassName(errorMessage(error));
  const todo = STORE_FULL.test(words)
    ? `The document's storage is full${clearable(ctx)}; nothing is sent again meanwhile.`
    : 'Results are checked again at the next refresh; nothing is sent again meanwhile.';
  return `Results could not be saved: ${words} ${todo}`;
}

/** Records a failed poll where the user looks (the log tab once per new reason) and in the execution log. */
export function notePollFailure(ctx: PlatformPorts, error: unknown): void {
  if (TIME_LIMIT.test(errorMessage(error))) return;
  const text = problemText(ctx, error);
  ctx.log.warn(`Poll failed: ${errorForLog(error)}`);
  try {
    const known = ctx.cache.get(KEY) === text;
    ctx.cache.put(KEY, text, LIMITS.cacheMaxTtlSeconds);
    if (!known) appendPollProblemLog(ctx, ctx.clock.now(), text);
  } catch (noted) {
    ctx.log.warn(`The failed poll could not be reported: ${errorForLog(noted)}`);
  }
}

/** A poll worked: the problem it reported is over. */
export function clearPollFailure(ctx: PlatformPorts): void {
  if (ctx.cache.get(KEY) !== null) ctx.cache.remove(KEY);
}

/** Why the last poll failed, while no later poll has worked. */
export const pollFailure = (ctx: PlatformPorts): string | undefined => ctx.cache.get(KEY) ?? undefined;
