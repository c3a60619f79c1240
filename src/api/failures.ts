/**
 * Turning what went wrong into ApiError: HTTP error answers, network failures, bodies that are not
 * JSON or not the documented shape, and requests we refuse to send. Every message, and every answer
 * read (`readAnswer`), goes through `scrub`, so the API key cannot leak even when a server echoes it.
 */
import { ApiError } from './errors';
import { retryHintMs } from './retry';
import { holdsKey, scrub, scrubJson } from './scrub';
import { isObject } from '../domain/objects';
import { FETCH_QUOTA_USED_UP } from '../platform/google-limits';
import type { HttpResponse } from '../platform/ports';

/** The API's code for "the job is still running" (spec §7). */
export const IN_PROGRESS = 'error.enrichment.in_progress';

// The codes the client adds to the API's own (spec §7) are written where each error is made:
// network.failure, server.error, response.not_json, response.invalid, request.invalid,
// config.base_url (url.ts), config.api_key, rate.window_full (transport.ts: a 429 not sent).
const NO_KEY = 'config.api_key';

/** The user's words for an error answer, by status (a 401 adds the API's reason, see userMessageFor). */
const STATUS_MESSAGE: Record<number, string> = {
  401: 'The API key was refused. Check it in Settings.',
  404: 'The enrichment service does not know this job. It may have been started with another API key.',
  402: 'Not enough credits left in the workspace. Top up the balance, then try again.',
  // True where a user clicked (Preview, Verify: nothing tries again for them); a run waits by itself.
  429: 'The enrichment service is busy (too many requests): try again in a minute.',
};

/** Server text for a message: scrubbed first, then cut (a key across the cut would survive it). */
function snippet(text: string, apiKey: string): string {
  const flat = scrub(text, apiKey).replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/** 429, 5xx and network failures may succeed later; no other status does. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 429 || status >= 500;
}

/**
 * An answer's JSON, with every form of the key scrubbed from its strings (a server that echoes the key
 * in a job's data or a status would otherwise put it into cells and stored records); undefined when
 * the text is not JSON. One look at the whole body first: most answers hold no key at all.
 */
export function readAnswer(text: string, apiKey: string): unknown {
  const data = parseJson(text);
  return holdsKey(text, apiKey) ? scrubJson(data, apiKey) : data;
}

/** Parses JSON, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function userMessageFor(status: number, code: string, serverMessage: string): string {
  const known = STATUS_MESSAGE[status];
  // The API's own reason ("Unknown api key", "Authorization headers not set") tells the user which fix applies.
  if (status === 401) return serverMessage ? `${known} (The API said: ${serverMessage}.)` : known!;
  if (code === IN_PROGRESS) return 'The job is still running; its results will arrive shortly.';
  if (known) return known;
  if (status >= 500) return 'The enrichment service had a problem. Try again in a few minutes.';
  const why = serverMessage ? `: ${serverMessage}` : '';
  return `The enrichment service refused the request (${code})${why}.`;
}

/** The ApiError code of a call the user's daily URL fetch quota refused: nothing was sent. */
export const DAILY_FETCH_QUOTA_CODE = 'quota.urlfetch';

/** The daily URL fetch quota refused the call: nothing will get through before it resets. */
export const dailyQuotaUsedUp = (response: HttpResponse): boolean =>
  response.status === 0 && FETCH_QUOTA_USED_UP.test(response.networkError ?? '');

/** The ApiError for a non-2xx HTTP answer (or a network failure, status 0). */
export function errorFromResponse(endpoint: string, response: HttpResponse, apiKey: string): ApiError {
  const { status } = response;
  if (dailyQuotaUsedUp(response)) {
    return new ApiError(
      0,
      DAILY_FETCH_QUOTA_CODE,
      `${endpoint}: Apps Script's daily URL fetch quota is used up`,
      "Your Google account used up today's Apps Script quota of calls to other services. " +
        'Nothing was sent; the run goes on by itself once the quota resets (24 hours after the first call of the day).',
      true,
    );
  }
  if (status === 0) {
    const why = scrub(response.networkError ?? 'no answer', apiKey);
    return new ApiError(
      0,
      'network.failure',
      `${endpoint}: network failure: ${why}`,
      'Could not reach the enrichment service. Check the connection and the address in Settings.',
      true,
    );
  }
  const body = parseJson(response.body);
  const fields: { code?: unknown; message?: unknown } = isObject(body) ? body : {};
  const fallbackCode = status >= 500 ? 'server.error' : `http.${status}`;
  const code = snippet((typeof fields.code === 'string' && fields.code) || fallbackCode, apiKey);
  // Capped: the message lands in a row's Status and in a 9 KB registry value, and a validation
  // error of a 100-item job can list every item.
  const serverMessage = typeof fields.message === 'string' ? snippet(fields.message, apiKey) : '';
  const detail = body === undefined ? `non-JSON body "${snippet(response.body, apiKey)}"` : serverMessage;
  return new ApiError(
    status,
    code,
    `${endpoint}: HTTP ${status} ${code}${detail ? `: ${detail}` : ''}`,
    userMessageFor(status, code, serverMessage),
    isRetryableStatus(status),
    false,
    retryHintMs(response),
  );
}

/**
 * A 2xx we cannot read: a body that is not JSON (a proxy page, a truncated answer), or, given the
 * `problems`, a JSON answer whose field has the wrong type (they name the field and the endpoint).
 */
export function unreadableError(
  endpoint: string,
  response: HttpResponse,
  apiKey: string,
  problems?: string,
): ApiError {
  const notJson = problems === undefined;
  return new ApiError(
    response.status,
    notJson ? 'response.not_json' : 'response.invalid',
    notJson
      ? `${endpoint}: answer is not JSON: "${snippet(response.body, apiKey)}"`
      : `${endpoint}: unexpected answer: ${scrub(problems, apiKey)}`,
    'The enrichment service sent an answer Sheet Enrich does not understand. Try again later.',
  );
}

/** A request we refuse to send: nothing went over the network (status 0, never retryable). */
export function requestError(endpoint: string, problems: string, userMessage: string): ApiError {
  return new ApiError(0, 'request.invalid', `${endpoint}: invalid request: ${problems}`, userMessage);
}

export function missingKeyError(): ApiError {
  return new ApiError(0, NO_KEY, 'No API key configured', 'No API key is set. Add it in Settings.');
}

/**
 * The one test for "this run must wait for a key": no key is set, or the API refused the key. Every
 * place that stops a run for its key asks this, so a missing key and a refused one behave alike.
 */
export function isKeyProblem(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === NO_KEY);
}
