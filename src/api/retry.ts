/**
 * Retries with exponential backoff and jitter, bounded by the caller's remaining execution time.
 * Works on batches so that a poll of many jobs resends only the requests that failed.
 */
import { LIMITS } from '../domain/limits';
import type { BudgetPort, ClockPort, HttpRequest, HttpResponse, LogPort } from '../platform/ports';

export interface RetryPolicy {
  /** Rounds in all, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  /** Longest single wait; a longer Retry-After from the server ends the retries at once. */
  maxDelayMs: number;
  /** Time kept in reserve: no wait may eat into it, so the caller can still save its state. */
  safetyMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 1000,
  maxDelayMs: 20_000,
  safetyMs: LIMITS.executionSafetyMs,
};

export interface RetryDeps {
  clock: ClockPort;
  budget: BudgetPort;
  log: LogPort;
  policy: RetryPolicy;
  /** In [0, 1); injected so tests get the same waits every run. */
  random: () => number;
}

/**
 * The wait a response's Retry-After header asks for (delay-seconds), in ms; 0 when it asks none.
 * The retries within one call follow it (backoffDelay).
 */
export function retryAfterMs(response: HttpResponse): number {
  const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'retry-after');
  const seconds = header ? Number(header[1]) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** "Try again in 1m" (spec §7 error table, §8 "Retry hint on rate limit"), in any unit we can read. */
const RETRY_HINT = /try again in (\d+(?:\.\d+)?)\s*(ms|s|sec|seconds?|m|min|minutes?|h|hours?)\b/i;
const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The wait a refused request asks for before the engine's next attempt at a job (kept on the
 * ApiError, failures.ts; engine/timing.ts retryWaitMs): the Retry-After header when sent, else the
 * spec's own hint in a 429's body ("Try again in 1m": the spec documents no header). The retries
 * within one call (a second or two apart, at most three) keep to the header: the body's hint is
 * fixed text, and waiting a minute inside a sidebar call would only end it with the same 429.
 */
export function retryHintMs(response: HttpResponse): number {
  const header = retryAfterMs(response);
  if (header > 0 || response.status !== 429) return header;
  const hint = RETRY_HINT.exec(response.body.slice(0, 500));
  if (!hint) return 0;
  const unit = hint[2]!.toLowerCase();
  return Number(hint[1]) * UNIT_MS[unit === 'ms' ? 'ms' : unit[0]!]!;
}

/**
 * The wait before retry number `attempt` (1-based): "equal jitter", half fixed and half random, so
 * many executions that failed together do not come back together. Undefined when we must stop.
 */
export function backoffDelay(attempt: number, failed: HttpResponse[], deps: RetryDeps): number | undefined {
  const { policy } = deps;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(ceiling / 2 + deps.random() * (ceiling / 2));
  const serverWait = Math.max(0, ...failed.map(retryAfterMs));
  if (serverWait > policy.maxDelayMs) return undefined;
  const delay = Math.max(jittered, serverWait);
  return delay <= deps.budget.remainingMs() - policy.safetyMs ? delay : undefined;
}

/**
 * Sends the batch, then resends only the requests `mayResend` allows (those that may succeed later),
 * while attempts and time remain. Answers come back in request order; the last failure stays in place.
 */
export function sendWithRetry(
  requests: HttpRequest[],
  send: (batch: HttpRequest[]) => HttpResponse[],
  deps: RetryDeps,
  /** Names the request at this index in the log. */
  describe: (index: number) => string,
  mayResend: (request: HttpRequest, answer: HttpResponse) => boolean,
): HttpResponse[] {
  const answers = send(requests);
  for (let attempt = 1; attempt < deps.policy.maxAttempts; attempt++) {
    const pending = answers.flatMap((answer, index) =>
      mayResend(requests[index] as HttpRequest, answer) ? [index] : [],
    );
    if (pending.length === 0) break;
    const failed = pending.map((index) => answers[index] as HttpResponse);
    const delay = backoffDelay(attempt, failed, deps);
    const what = pending.map(describe).join(', ');
    const statuses = failed.map((answer) => answer.status).join(',');
    if (delay === undefined) {
      deps.log.warn(`API: giving up on ${what} (status ${statuses}): no time left for another try`);
      break;
    }
    deps.log.info(`API: ${what} answered ${statuses}; retry ${attempt} in ${delay} ms`);
    deps.clock.sleep(delay);
    const again = send(pending.map((index) => requests[index] as HttpRequest));
    pending.forEach((index, k) => {
      answers[index] = again[k] as HttpResponse;
    });
  }
  return answers;
}
