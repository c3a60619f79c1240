/** UrlFetchApp over real HTTP (see client.ts), with Apps Script's errors and response object. */
import type { CallCounts } from '../counts';
import { addressUnavailable, fetchRefusal, LOOPBACK_URL, type FetchAllowList } from './allow-list';
import { gasError } from '../errors';
import { GAS_TYPE, isGasObject, type GasObject } from '../membrane';
import { FakeBlob, toBuffer, toSignedBytes } from '../utilities';
import type { AnswerJournal, SyncHttpClient, WireRequest, WireResponse } from './client';

/** Which answers to record as they arrive, and where (LoadOptions.journalAnswers). */
export type JournalAnswers = (request: {
  method: string;
  url: string;
  payload: string;
}) => AnswerJournal | undefined;

export const DEFAULT_FETCH_TIMEOUT_MS = 60_000;
const TRUNCATED_RESPONSE_CHARS = 200;
const USER_AGENT =
  'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: local)';

export interface FetchParams {
  method?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  contentType?: string;
  muteHttpExceptions?: boolean;
  followRedirects?: boolean;
  validateHttpsCertificates?: boolean;
  escaping?: boolean;
}

/** What the add-on sent and got, for tests (the request headers carry the API key: never print them). */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
}

export class FakeHttpResponse implements GasObject {
  readonly [GAS_TYPE] = 'HTTPResponse';

  constructor(
    private readonly status: number,
    private readonly rawHeaders: string[],
    private readonly body: Buffer,
  ) {}

  getResponseCode(): number {
    return this.status;
  }

  getContentText(charset?: string): string {
    return this.body.toString(charset && /ascii/i.test(charset) ? 'ascii' : 'utf8');
  }

  getContent(): number[] {
    return toSignedBytes(this.body);
  }

  /** Header names as the server sent them; a repeated header keeps its last value. */
  getHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    for (let i = 0; i < this.rawHeaders.length; i += 2)
      headers[this.rawHeaders[i]!] = this.rawHeaders[i + 1]!;
    return headers;
  }

  /** Repeated headers (Set-Cookie...) as arrays. */
  getAllHeaders(): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (let i = 0; i < this.rawHeaders.length; i += 2) {
      const [name, value] = [this.rawHeaders[i]!, this.rawHeaders[i + 1]!];
      const previous = headers[name];
      headers[name] =
        previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
    return headers;
  }

  getBlob(): FakeBlob {
    const type = Object.entries(this.getHeaders()).find(
      ([name]) => name.toLowerCase() === 'content-type',
    )?.[1];
    return new FakeBlob(Buffer.from(this.body), type ?? null);
  }

  getAs(): FakeBlob {
    return this.getBlob();
  }
}

function formEncode(payload: Record<string, unknown>): string {
  return Object.entries(payload)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** A string, bytes, a Blob, or an object sent as form fields (as Apps Script does, whatever the contentType). */
function encodePayload(payload: unknown): { body: Buffer; type?: string } {
  if (typeof payload === 'string') return { body: Buffer.from(payload, 'utf8') };
  if (Array.isArray(payload)) return { body: toBuffer(payload as number[]) };
  if (isGasObject(payload) && payload instanceof FakeBlob) {
    return {
      body: Buffer.from(payload.getBytes().map((b) => b & 0xff)),
      type: payload.getContentType() ?? undefined,
    };
  }
  return { body: Buffer.from(formEncode(payload as Record<string, unknown>), 'utf8') };
}

export class FakeUrlFetchApp implements GasObject {
  readonly [GAS_TYPE] = 'UrlFetchApp';

  constructor(
    private readonly http: SyncHttpClient,
    private readonly counts: CallCounts,
    private readonly sent: SentRequest[],
    private readonly timeoutMs = DEFAULT_FETCH_TIMEOUT_MS,
    /** Default: no manifest list, loopback unreachable (as in Apps Script). */
    private readonly allowList: FetchAllowList = { allowLoopback: false },
    /** The harness clock, sent to loopback servers (the emulator) so rate-limit windows run on it. */
    private readonly clock?: () => number,
    /** Told what is about to be sent, once the requests passed Apps Script's checks. */
    private readonly beforeSend?: (requests: readonly { method: string; url: string }[]) => void,
    /** LoadOptions.journalAnswers. */
    private readonly journalOf?: JournalAnswers,
    /** A seeded runtime's fetchAll sends one request after another, in list order (LoadOptions.seed). */
    private readonly inOrder = false,
  ) {}

  fetch(url: string, params: FetchParams = {}): FakeHttpResponse {
    return this.run([{ url, ...params }])[0]!;
  }

  /** Sent concurrently, answered in order; one failure (without muteHttpExceptions) throws for all. */
  fetchAll(requests: (string | (FetchParams & { url: string }))[]): FakeHttpResponse[] {
    this.counts.recordFetchAllRequests(requests.length);
    return this.run(requests.map((request) => (typeof request === 'string' ? { url: request } : request)));
  }

  getRequest(url: string, params: FetchParams = {}): Record<string, unknown> {
    const wire = this.toWire({ url, ...params });
    return {
      url: wire.url,
      method: wire.method,
      headers: wire.headers,
      payload: wire.body?.toString() ?? '',
    };
  }

  private run(requests: (FetchParams & { url: string })[]): FakeHttpResponse[] {
    const wire = requests.map((request) => this.toWire(request));
    this.beforeSend?.(wire.map(({ method, url }) => ({ method, url })));
    if (this.journalOf)
      for (const request of wire) {
        const journal = this.journalOf({ ...request, payload: request.body?.toString() ?? '' });
        if (journal) request.journal = journal;
      }
    const answers = this.http.send(wire, this.inOrder);
    return answers.map((answer, i) =>
      this.toResponse(answer, wire[i]!, requests[i]!.muteHttpExceptions === true),
    );
  }

  private toWire(request: FetchParams & { url: string }): WireRequest & { body?: Buffer } {
    const url = String(request.url);
    if (!/^https?:\/\/[^/]/i.test(url)) throw gasError(`Invalid argument: ${url}`);
    // Apps Script refuses before sending anything (see allow-list.ts).
    const refusal = fetchRefusal(this.allowList, url);
    if (refusal !== undefined) throw gasError(refusal);
    const method = String(request.method ?? 'get').toUpperCase();
    const headers: Record<string, string> = { 'User-Agent': USER_AGENT };
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name] = String(value);
    if (this.clock && LOOPBACK_URL.test(url)) headers['X-Local-Clock'] = String(this.clock());
    let body: Buffer | undefined;
    if (request.payload !== undefined && request.payload !== null && method !== 'GET') {
      const encoded = encodePayload(request.payload);
      body = encoded.body;
      headers['Content-Type'] = request.contentType ?? encoded.type ?? 'application/x-www-form-urlencoded';
    } else if (request.contentType) {
      headers['Content-Type'] = request.contentType;
    }
    return {
      url,
      method,
      headers,
      body,
      followRedirects: request.followRedirects !== false,
      timeoutMs: this.timeoutMs,
    };
  }

  private toResponse(answer: WireResponse, request: WireRequest, mute: boolean): FakeHttpResponse {
    if (answer.error !== undefined) {
      this.sent.push({ method: request.method, url: request.url, headers: request.headers, status: 0 });
      throw gasError(NETWORK_ERRORS[answer.error](answer.url));
    }
    const response = new FakeHttpResponse(answer.status, answer.rawHeaders, Buffer.from(answer.body));
    const body = request.body ? Buffer.from(request.body).toString('utf8') : undefined;
    this.sent.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body,
      status: answer.status,
    });
    if (answer.status >= 400 && !mute) {
      const text = response.getContentText();
      const truncated =
        text.length > TRUNCATED_RESPONSE_CHARS ? `${text.slice(0, TRUNCATED_RESPONSE_CHARS)}...` : text;
      throw gasError(
        `Request failed for ${new URL(request.url).origin} returned code ${answer.status}. Truncated server response: ${truncated} (use muteHttpExceptions option to examine full response)`,
      );
    }
    return response;
  }
}

const NETWORK_ERRORS: Record<'dns' | 'unavailable' | 'timeout' | 'invalid', (url: string) => string> = {
  dns: (url) => `DNS error: ${url}`,
  unavailable: addressUnavailable,
  timeout: (url) => `Timeout: ${url}`,
  invalid: (url) => `Invalid argument: ${url}`,
};
