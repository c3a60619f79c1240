/**
 * The one request helper every endpoint goes through: builds the HTTP request (the key only in the
 * Authorization header, only to the checked base URL), sends it with retries, and reads the answer
 * through a zod schema into a typed value or an ApiError that names the endpoint and the field.
 */
import * as z from 'zod/mini';
import type {
  BudgetPort,
  ClockPort,
  HttpMethod,
  HttpPort,
  HttpRequest,
  HttpResponse,
  LogPort,
} from '../platform/ports';
import { ApiError } from './errors';
import {
  dailyQuotaUsedUp,
  errorFromResponse,
  isRetryableStatus,
  missingKeyError,
  readAnswer,
  requestError,
  unreadableError,
} from './failures';
import { valueAt } from '../domain/objects';
import { ApiPace } from './pace';
import { DEFAULT_RETRY_POLICY, retryAfterMs, sendWithRetry, type RetryPolicy } from './retry';
import { checkBaseUrl, joinUrl } from './url';

export interface ApiClientOptions {
  http: HttpPort;
  clock: ClockPort;
  budget: BudgetPort;
  log: LogPort;
  /** https, or http to a loopback address; checked at once (ApiError config.base_url). */
  baseUrl: string;
  /** Checked at once: an empty key is ApiError config.api_key. */
  apiKey: string;
  retryPolicy?: Partial<RetryPolicy>;
  /** In [0, 1); defaults to Math.random. Tests inject a fixed one. */
  random?: () => number;
  /** What the API's window lets through (pace.ts): every request is counted in it. Default: a new one. */
  pace?: ApiPace;
}

export interface ApiSession {
  readonly http: HttpPort;
  readonly clock: ClockPort;
  readonly budget: BudgetPort;
  readonly log: LogPort;
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly policy: RetryPolicy;
  readonly random: () => number;
  readonly pace: ApiPace;
}

export function createApiSession(options: ApiClientOptions): ApiSession {
  const apiKey = options.apiKey.trim();
  if (!apiKey) throw missingKeyError();
  return {
    ...options,
    baseUrl: checkBaseUrl(options.baseUrl),
    apiKey,
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retryPolicy },
    random: options.random ?? Math.random,
    pace: options.pace ?? new ApiPace(),
  };
}

/** One endpoint call: where it goes, what it sends, and how its answer is read. */
export interface Call<T> {
  /** "GET /api/v2/contact/enrich/bulk/{enrichment_id}": used in messages, never the real URL. */
  endpoint: string;
  method: HttpMethod;
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /**
   * A request that creates something (a job start): resent only when it certainly did not reach
   * the API (429, or no connection could be made); a failure after which it may have been processed
   * is returned as an ApiError with `maybeProcessed`.
   */
  unsafe?: boolean;
  read: (response: HttpResponse, session: ApiSession) => T;
}

/**
 * The UrlFetch message when nothing was sent: the host's name did not resolve. Not "Address
 * unavailable": undocumented, it is Apps Script's word for a host that did not answer, and it comes
 * for a request cut after it left too (the local runtime says it for a connection reset; users see
 * it now and then from hosts that work): a start answered so may have made its job. A used-up
 * daily quota refuses before sending (dailyQuotaUsedUp).
 */
const NOT_SENT = /^DNS error/i;

/** True when an unsafe request certainly was not processed, so sending it again is safe. */
export function certainlyNotReceived(response: HttpResponse): boolean {
  return (
    response.status === 429 ||
    dailyQuotaUsedUp(response) ||
    (response.status === 0 && NOT_SENT.test(response.networkError ?? ''))
  );
}

/** The answer to a request the full window has no room for (sendCounted): it was not sent. */
const WINDOW_FULL = (waitMs: number): HttpResponse => ({
  status: 429,
  headers: { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
  body: '{"code":"rate.window_full","message":"not sent: the rate-limit window is full"}',
});

function toRequest(session: ApiSession, call: Call<unknown>): HttpRequest {
  const json = call.body !== undefined;
  return {
    url: joinUrl(session.baseUrl, call.path, call.query),
    method: call.method,
    headers: {
      Authorization: `Bearer ${session.apiKey}`,
      Accept: 'application/json',
      ...(json && { 'Content-Type': 'application/json' }),
    },
    ...(call.unsafe && { unsafe: true }),
    ...(json && { body: JSON.stringify(call.body) }),
  };
}

/**
 * One round of requests, counted in the API's window; a 429 with Retry-After teaches it (pace.ts).
 * The engine sends no more than the window's room; another call (a balance, a search page) that
 * finds it full waits for its end when a retry would have waited as long, else is answered here
 * as the API would answer it, a 429 until the window's end, without spending a request of the
 * user's daily UrlFetch quota on it.
 */
function sendCounted(session: ApiSession, round: HttpRequest[], batch: boolean): HttpResponse[] {
  const { pace, clock, http, policy, budget } = session;
  const full = pace.openAt(clock.now()) - clock.now();
  if (full > 0) {
    if (full > Math.min(policy.maxDelayMs, budget.remainingMs() - policy.safetyMs))
      return round.map(() => WINDOW_FULL(full));
    clock.sleep(full);
  }
  pace.sent(round.length, clock.now());
  const answers = batch ? http.fetchAll(round) : round.map((request) => http.fetch(request));
  const limited = answers.filter((answer) => answer.status === 429);
  const wait = Math.max(0, ...limited.map(retryAfterMs));
  if (wait > 0) pace.refused(limited.length, wait, clock.now());
  return answers;
}

/**
 * Sends calls with retries of the failed subset; `batch` uses one fetchAll per round (polling), else
 * fetch. Each call's answer is read, or its ApiError returned in its place (never thrown).
 */
export function performAll<T>(
  session: ApiSession,
  calls: Array<Call<T>>,
  batch: boolean,
): Array<T | ApiError> {
  if (calls.length === 0) return [];
  const requests = calls.map((call) => toRequest(session, call));
  const answers = sendWithRetry(
    requests,
    (round) => sendCounted(session, round, batch),
    session,
    (index) => calls[index]!.endpoint,
    // A used-up daily quota does not come back within this execution: retrying only spends time.
    (request, answer) =>
      !dailyQuotaUsedUp(answer) &&
      (request.unsafe ? certainlyNotReceived(answer) : isRetryableStatus(answer.status)),
  );
  return answers.map((answer, index) => {
    const call = calls[index]!;
    try {
      return call.read(answer, session);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!call.unsafe) return error;
      // Retryable only when it certainly was not received; an unknown fate is the caller's call:
      // 5xx, no answer, or a success we could not read may have been processed.
      const notReceived = certainlyNotReceived(answer);
      const { status } = answer;
      return new ApiError(
        error.status,
        error.code,
        error.message,
        error.userMessage,
        notReceived,
        !notReceived && (status === 0 || status >= 500 || isSuccess(status)),
      );
    }
  });
}

/** One call: its typed answer, or a thrown ApiError. */
export function perform<T>(session: ApiSession, call: Call<T>): T {
  const [outcome] = performAll(session, [call], false);
  if (outcome instanceof ApiError) throw outcome;
  return outcome as T;
}

// ---- reading answers ----

type Issue = z.core.$ZodIssue;

function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  const text = path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  return text.replace(/^\./, '') || '(body)';
}

function describeIssue(issue: Issue, data: unknown): string {
  switch (issue.code) {
    case 'invalid_type': {
      const found = valueAt(data, issue.path);
      return `expected ${issue.expected}, got ${found === null ? 'null' : Array.isArray(found) ? 'array' : typeof found}`;
    }
    case 'too_big':
      return `at most ${String(issue.maximum)} allowed`;
    case 'too_small':
      return `at least ${String(issue.minimum)} required`;
    case 'unrecognized_keys':
      return `unknown key(s) ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    case 'custom':
      return issue.message;
    default:
      return issue.code ?? 'invalid';
  }
}

/** "datas[3].custom.row: custom values must be strings; ..." (at most five issues). */
export function describeIssues(issues: readonly Issue[], data: unknown): string {
  const shown = issues.slice(0, 5).map((issue) => `${fieldPath(issue.path)}: ${describeIssue(issue, data)}`);
  return shown.join('; ') + (issues.length > 5 ? `; and ${issues.length - 5} more` : '');
}

/** Validates a request body before anything is sent; `explain` turns the first issue into user words. */
export function checkRequest<S extends z.ZodMiniType>(
  schema: S,
  endpoint: string,
  body: unknown,
  explain: (issue: Issue) => string,
): z.output<S> {
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  throw requestError(endpoint, describeIssues(issues, body), explain(issues[0]!));
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** Parses JSON data with a response schema; a mismatch names the endpoint and the field. */
export function parseBody<S extends z.ZodMiniType>(
  schema: S,
  endpoint: string,
  response: HttpResponse,
  data: unknown,
  session: ApiSession,
): z.output<S> {
  if (data === undefined) throw unreadableError(endpoint, response, session.apiKey);
  const parsed = z.safeParse(schema, data);
  if (parsed.success) return parsed.data;
  throw unreadableError(endpoint, response, session.apiKey, describeIssues(parsed.error.issues, data));
}

/** A reader for endpoints whose only success is a 2xx body of `schema`, from which `pick` takes a value. */
export function readJson<S extends z.ZodMiniType, T>(
  schema: S,
  endpoint: string,
  pick: (body: z.output<S>) => T,
): Call<T>['read'] {
  return (response, session) => {
    if (!isSuccess(response.status)) throw errorFromResponse(endpoint, response, session.apiKey);
    return pick(parseBody(schema, endpoint, response, readAnswer(response.body, session.apiKey), session));
  };
}
