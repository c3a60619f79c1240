/** When to stop, when to retry: the time rules every long step follows. */
import { LIMITS } from '../domain/limits';
import { UserError } from '../domain/user-error';
import type { AppContext } from './context';

/** True while there is time for one more step and for saving what it did. */
export function hasTime(ctx: AppContext): boolean {
  return ctx.budget.remainingMs() > LIMITS.executionSafetyMs;
}

/** Wait before retrying after a rate limit or a server error: 15 s, 30 s, 1 min... at most 5 min. */
export function backoffMs(tries: number): number {
  return Math.min(15000 * 2 ** Math.max(0, tries - 1), 5 * 60 * 1000);
}

/** The least wait after a failure whose answer said when to come back (Retry-After). */
export const RETRY_AFTER_FLOOR_MS = 1000;

/**
 * Wait before the next attempt after a failed start or poll (`tries` failures in a row): what the
 * server asked for in its Retry-After (never earlier, and no later than needed), else the backoff.
 * A guessed 15 s after a 429 that asked for 40 s only earns another 429; one that asked for 2 s
 * leaves 13 s of the API's pace unused.
 */
export function retryWaitMs(tries: number, error: { retryAfterMs?: number }): number {
  const asked = error.retryAfterMs ?? 0;
  return asked > 0 ? Math.max(asked, RETRY_AFTER_FLOOR_MS) : backoffMs(tries);
}

/** A job with no answer for this long is given up on (the API keeps results for far less). */
export const JOB_GIVE_UP_MS = 24 * 60 * 60 * 1000;

/** How long a poller waits for another one to finish before leaving the work to it. */
export const POLL_LOCK_WAIT_MS = 1000;
/** Starting a run waits longer: the user is waiting for it, a poll ends within its budget. */
const START_LOCK_WAIT_MS = 20000;

/**
 * A user's action under the document lock (a start, a cancel, an import, a search page): waits as
 * long as a start does, and says so in plain words when another execution keeps the lock.
 */
export function withDocumentLock<T>(ctx: AppContext, work: () => T): T {
  if (!ctx.lock.tryLock(START_LOCK_WAIT_MS)) {
    throw new UserError('Results are being written right now: try again in a minute.');
  }
  try {
    return work();
  } finally {
    ctx.lock.release();
  }
}

/** Jobs asked for in one fetchAll round trip. */
export const POLL_BATCH_SIZE = 25;
/** Job starts sent in one go, one request after another (well within the API's 60 requests a minute). */
export const START_BATCH_SIZE = 20;
