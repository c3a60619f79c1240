/**
 * Turning what went wrong into ApiError: HTTP error answers, network failures, bodies that are not
 * JSON or not the documented shape, and requests we refuse to send. Every message goes through
 * `scrub`, so the API key cannot leak even when a server echoes it back.
 */
import { ApiError } from './errors';
import type { HttpResponse } from '../platform/ports';

/** Error codes the client adds to the API's own (spec §7). */
export const CLIENT_ERROR = {
  network: 'network.failure',
  notJson: 'response.not_json',
  invalid: 'response.invalid',
  request: 'request.invalid',
  server: 'server.error',
  baseUrl: 'config.base_url',
  noKey: 'config.api_key',
} as const;

export const API_ERROR = {
  inProgress: 'error.enrichment.in_progress',
  notFound: 'error.enrichment.not_found',
  rateLimit: 'error.rate.limit',
} as const;

const USER_MESSAGE = {
  auth: 'The API key was refused. Check it in Settings.',
  inProgress: 'The job is still running; its results will arrive shortly.',
  notFound: 'The enrichment service does not know this job. It may have been started with another API key.',
  credits: 'Not enough credits left in the workspace. Top up the balance, then try again.',
  rateLimit: 'The enrichment service is busy (too many requests). Sheet Enrich will try again in a minute.',
  server: 'The enrichment service had a problem. Try again in a few minutes.',
  network: 'Could not reach the enrichment service. Check the connection and the address in Settings.',
  invalid: 'The enrichment service sent an answer Sheet Enrich does not understand. Try again later.',
  noKey: 'No API key is set. Add it in Settings.',
} as const;

const REDACTED = '[redacted]';

/**
 * A run of this many of the key's characters is taken for the key: a server that echoes part of it,
 * or a message cut in the middle of it, must not show most of the key.
 */
const KEY_RUN = 8;

/**
 * Removes the key from text that may be shown or logged: the whole key, any run of 8 or more of its
 * characters, the same in its URL-encoded form, and any bearer token.
 */
export function scrub(text: string, apiKey: string): string {
  const ranges = apiKey ? [apiKey, encodeURIComponent(apiKey)].flatMap((form) => keyRuns(text, form)) : [];
  ranges.sort((x, y) => x[0] - y[0]);
  // Overlapping or touching runs (the plain and the encoded form of one echo) are one redaction.
  const merged: Array<[number, number]> = [];
  for (const [start, end] of ranges) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  let out = '';
  let done = 0;
  for (const [start, end] of merged) {
    out += text.slice(done, start) + REDACTED;
    done = end;
  }
  out += text.slice(done);
  return out.replace(/(bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`);
}

/** Where `text` holds runs of at least KEY_RUN characters of `key` (or the whole of a shorter key). */
function keyRuns(text: string, key: string): Array<[number, number]> {
  const runs = new Set<string>();
  const length = Math.min(KEY_RUN, key.length);
  for (let i = 0; i + length <= key.length; i++) runs.add(key.slice(i, i + length));
  const found: Array<[number, number]> = [];
  for (let i = 0; i + length <= text.length; i++) {
    if (!runs.has(text.slice(i, i + length))) continue;
    let end = i + length;
    while (end < text.length && key.includes(text.slice(i, end + 1))) end++;
    found.push([i, end]);
    i = end - 1;
  }
  return found;
}

/** Server text for a message: scrubbed first, then cut (a key across the cut would survive it). */
function snippet(text: string, apiKey: string): string {
  const flat = scrub(text, apiKey).replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/** 429, 5xx and network failures may succeed later; no other status does. */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || status === 429 || status >= 500;
}

/** Parses JSON, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorFields(body: unknown): { code?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const { code, message } = body as Record<string, unknown>;
  return {
    code: typeof code === 'string' && code ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

function userMessageFor(status: number, code: string, serverMessage: string): string {
  // The API's own reason ("Unknown api key", "Authorization headers not set") tells the user which fix applies.
  if (status === 401)
    return serverMessage ? `${USER_MESSAGE.auth} (The API said: ${serverMessage}.)` : USER_MESSAGE.auth;
  if (code === API_ERROR.inProgress) return USER_MESSAGE.inProgress;
  if (status === 404) return USER_MESSAGE.notFound;
  if (status === 402) return USER_MESSAGE.credits;
  if (status === 429) return USER_MESSAGE.rateLimit;
  if (status >= 500) return USER_MESSAGE.server;
  const why = serverMessage ? `: ${serverMessage}` : '';
  return `The enrichment service refused the request (${code})${why}.`;
}

/** The ApiError for a non-2xx HTTP answer (or a network failure, status 0). */
export function errorFromResponse(endpoint: string, response: HttpResponse, apiKey: string): ApiError {
  if (response.status === 0) {
    const why = scrub(response.networkError ?? 'no answer', apiKey);
    return new ApiError(
      0,
      CLIENT_ERROR.network,
      `${endpoint}: network failure: ${why}`,
      USER_MESSAGE.network,
      true,
    );
  }
  const body = parseJson(response.body);
  const fields = errorFields(body);
  const fallbackCode = response.status >= 500 ? CLIENT_ERROR.server : `http.${response.status}`;
  const code = snippet(fields.code ?? fallbackCode, apiKey);
  // Capped: the message lands in a row's Status and in a 9 KB registry value, and a validation
  // error of a 100-item job can list every item.
  const serverMessage = fields.message !== undefined ? snippet(fields.message, apiKey) : '';
  const detail = body === undefined ? `non-JSON body "${snippet(response.body, apiKey)}"` : serverMessage;
  return new ApiError(
    response.status,
    code,
    `${endpoint}: HTTP ${response.status} ${code}${detail ? `: ${detail}` : ''}`,
    userMessageFor(response.status, code, serverMessage),
    isRetryableStatus(response.status),
  );
}

/** A 2xx whose body is not JSON (a proxy page, a truncated answer). */
export function notJsonError(endpoint: string, response: HttpResponse, apiKey: string): ApiError {
  return new ApiError(
    response.status,
    CLIENT_ERROR.notJson,
    `${endpoint}: answer is not JSON: "${snippet(response.body, apiKey)}"`,
    USER_MESSAGE.invalid,
    false,
  );
}

/** A JSON answer whose field has the wrong type: names the field and the endpoint. */
export function invalidResponseError(endpoint: string, status: number, problems: string): ApiError {
  return new ApiError(
    status,
    CLIENT_ERROR.invalid,
    `${endpoint}: unexpected answer: ${problems}`,
    USER_MESSAGE.invalid,
    false,
  );
}

/** A request we refuse to send: nothing went over the network (status 0, never retryable). */
export function requestError(endpoint: string, problems: string, userMessage: string): ApiError {
  return new ApiError(
    0,
    CLIENT_ERROR.request,
    `${endpoint}: invalid request: ${problems}`,
    userMessage,
    false,
  );
}

export function missingKeyError(): ApiError {
  return new ApiError(0, CLIENT_ERROR.noKey, 'No API key configured', USER_MESSAGE.noKey, false);
}

/**
 * The one test for "this run must wait for a key": no key is set, or the API refused the key. Every
 * place that stops a run for its key asks this, so a missing key and a refused one behave alike.
 */
export function isKeyProblem(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === CLIENT_ERROR.noKey);
}
