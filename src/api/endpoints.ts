/**
 * The calls the add-on makes (spec §4): each builds a `Call` for the shared request helper
 * (transport.ts); job results are mapped to the internal model. Enrichment starts on v1 (the v2 start
 * is "not shown"), reverse lookups start on v2, results are read on v2. The endpoints only the tests
 * call (v1 results and reverse start, full search answers) are built from these pieces in
 * test/support/api.ts, so Code.js does not carry them.
 */
import * as z from 'zod/mini';
import type { HttpResponse } from '../platform/ports';
import {
  IN_PROGRESS,
  errorFromResponse,
  parseJson,
  readAnswer,
  requestError,
  unreadableError,
} from './failures';
import { holdsKey } from './scrub';
import { resultV2ToModel } from './answers';
import type { JobKind } from '../domain/runs';
import type { JobResult } from '../domain/model';
import type { PollOutcome, SearchPage } from './port';
import type { SearchKind } from '../domain/search-filters';
import {
  enrichStartV1Body,
  REQUEST_RULE,
  reverseStartV2Body,
  type EnrichItemV1,
  type EnrichStartV1Body,
  type ReverseStartV2Body,
} from './schemas/requests';
import {
  balanceResponse,
  enrichResultV2,
  type EnrichResultV2,
  keyCheckResponse,
  peopleSearchPage,
  companySearchPage,
  startResponse,
} from './schemas/responses';
import {
  checkRequest,
  isSuccess,
  parseBody,
  perform,
  readJson,
  type ApiSession,
  type Call,
} from './transport';

/** What a result GET gives when it is not an error: a result (402 included) or "not ready yet". */
export type JobAnswer = Exclude<PollOutcome, { kind: 'error' }>;

/** Custom values may be numbers or booleans here: they are sent as strings (the API rejects others). */
export type CustomInput = Record<string, string | number | boolean>;
export type EnrichStartV1Input = Omit<EnrichStartV1Body, 'datas'> & {
  datas: Array<Omit<EnrichItemV1, 'custom'> & { custom?: CustomInput }>;
};
export type ReverseStartV2Input = Omit<ReverseStartV2Body, 'data'> & {
  data: Array<{ email: string; custom?: CustomInput }>;
};
export interface ResultOptions {
  /** Partial results of an unfinished job (spec §4.2: not for regular use). */
  forceResults?: boolean;
}

/** The job paths used more than once: the v1 enrichment start, the v2 reverse start and results. */
export const ENRICH_V1 = '/api/v1/contact/enrich/bulk';
const REVERSE_V2 = '/api/v2/contact/reverse/email/bulk';

const NOT_READY_STATUSES = ['CREATED', 'IN_PROGRESS'];

/** The first problem of a refused request, in the user's words. */
export function explainRequest(issue: z.core.$ZodIssue): string {
  const index = issue.path.find((key): key is number => typeof key === 'number');
  const where = index === undefined ? '' : `Contact ${index + 1}: `;
  const whole = issue.path.length === 1;
  if (issue.code === 'too_big' && whole) {
    return `A job takes at most ${String(issue.maximum)} contacts; split the selection into smaller jobs.`;
  }
  if (issue.code === 'too_small' && whole) return 'A job needs at least one contact.';
  if (issue.message === REQUEST_RULE.nameRequired) return 'A job name is required.';
  if (issue.message === REQUEST_RULE.itemIdentity) {
    return `${where}needs a first name, last name and company (domain or name), or a profile URL.`;
  }
  if (issue.path.includes('custom')) return `${where}row identity values must be text.`;
  return `${where}the request is not valid (${issue.path.map(String).join('.') || 'body'}).`;
}

export const idPath = (prefix: string, id: string): string => {
  if (!id.trim()) throw requestError(`GET ${prefix}/{id}`, 'job id is empty', 'This job has no id.');
  return `${prefix}/${encodeURIComponent(id)}`;
};

/** A call whose one success is a 2xx body of `schema`, from which `pick` takes what callers need. */
export function valueCall<S extends z.ZodMiniType, T>(
  method: 'get' | 'post',
  path: string,
  schema: S,
  pick: (body: z.output<S>) => T,
  body?: unknown,
): Call<T> {
  const endpoint = `${method.toUpperCase()} ${path}`;
  return { endpoint, method, path, body, read: readJson(schema, endpoint, pick) };
}

const enrichmentId = (body: { enrichment_id: string }): string => body.enrichment_id;

/**
 * Reads a job-result GET: 400 in_progress and a 2xx still CREATED/IN_PROGRESS are "not ready"
 * (unless partial results were forced); a 402 carries a job body (CREDITS_INSUFFICIENT) and is a result.
 */
export function jobCall<S extends z.ZodMiniType>(
  endpoint: string,
  path: string,
  schema: S,
  toModel: (body: z.output<S>) => JobResult,
  options: ResultOptions = {},
): Call<JobAnswer> {
  const force = options.forceResults === true;
  const read = (response: HttpResponse, session: ApiSession): JobAnswer => {
    const data = readAnswer(response.body, session.apiKey);
    const ok = isSuccess(response.status);
    // A JSON value: reading a property of a string, number or boolean gives undefined as well.
    const code = (data as { code?: unknown } | null | undefined)?.code;
    if (response.status === 400 && code === IN_PROGRESS) return { kind: 'not_ready' };
    const jobBody = ok || (response.status === 402 && z.safeParse(schema, data).success);
    if (!jobBody) throw errorFromResponse(endpoint, response, session.apiKey);
    const result = toModel(parseBody(schema, endpoint, response, data, session));
    const pending = NOT_READY_STATUSES.includes(result.status) && !force && ok;
    return pending ? { kind: 'not_ready' } : { kind: 'result', result };
  };
  return { endpoint, method: 'get', path, query: { forceResults: force ? 'true' : undefined }, read };
}

// ---- enrichment ----

/**
 * A checked job-start POST that answers the enrichment_id. It is `unsafe`: the API has no
 * idempotency key, so it is resent only when it certainly did not arrive (see transport.ts).
 */
export function startCall<S extends z.ZodMiniType>(
  path: string,
  requestSchema: S,
  input: z.input<S>,
): Call<string> {
  const body = checkRequest(requestSchema, `POST ${path}`, input, explainRequest);
  return { ...valueCall('post', path, startResponse(), enrichmentId, body), unsafe: true };
}

/** Numbers and booleans as strings; anything else as it is (the request check names it). */
const stringsOf = (custom: CustomInput): Record<string, string> =>
  Object.fromEntries(
    Object.entries(custom).map(([key, value]) => [
      key,
      ['number', 'boolean'].includes(typeof value) ? String(value) : value,
    ]),
  ) as Record<string, string>;

/** The API rejects non-string `custom` values: numbers and booleans become strings first. */
function withStringCustoms<T extends { custom?: CustomInput }>(items: readonly T[]) {
  return items.map((item) => ({ ...item, custom: item.custom && stringsOf(item.custom) }));
}

/** POST /api/v1/contact/enrich/bulk (§4.1). Returns the enrichment_id. */
export function startEnrichmentV1Call(input: EnrichStartV1Input): Call<string> {
  const body = { ...input, datas: withStringCustoms(input.datas) };
  return startCall(ENRICH_V1, enrichStartV1Body(), body);
}

/**
 * GET /api/v2/contact/enrich/bulk/{enrichment_id} (§4.2) or GET
 * /api/v2/contact/reverse/email/bulk/{enrichment_id} (§4.6): a job's results, named in messages by
 * the endpoint's pattern.
 */
export function resultV2Call(kind: JobKind, id: string, options?: ResultOptions): Call<JobAnswer> {
  const base = kind === 'enrich' ? '/api/v2/contact/enrich/bulk' : REVERSE_V2;
  const toModel = (body: EnrichResultV2): JobResult => resultV2ToModel(kind, body);
  return jobCall(`GET ${base}/{enrichment_id}`, idPath(base, id), enrichResultV2(), toModel, options);
}

// ---- reverse email lookup ----

/** POST /api/v2/contact/reverse/email/bulk (§4.4). Returns the enrichment_id. */
export function startReverseV2Call(input: ReverseStartV2Input): Call<string> {
  const body = { ...input, data: withStringCustoms(input.data) };
  return startCall(REVERSE_V2, reverseStartV2Body(), body);
}

// ---- search ----

/**
 * One page of the add-on's searches, read leniently (see companySearchPage). The filters were checked
 * by the caller against the filter table; the API answers a bad one with a 400 that names it. Not
 * `unsafe`: a resent search is not charged again for results it already returned.
 */
export function searchPageCall(
  kind: SearchKind,
  filters: Readonly<Record<string, unknown>>,
  offset: number,
  limit: number,
): Call<SearchPage> {
  const body = { ...filters, offset, limit };
  return kind === 'companies'
    ? valueCall(
        'post',
        '/api/v2/company/search',
        companySearchPage(),
        (page) => pageOf(page.companies, page.metadata),
        body,
      )
    : valueCall(
        'post',
        '/api/v2/people/search',
        peopleSearchPage(),
        (page) => pageOf(page.people, page.metadata),
        body,
      );
}

/** The items and, when the metadata gives a usable one, the total (an integer string counts too). */
function pageOf(items: unknown[], metadata: unknown): SearchPage {
  // A JSON value: reading a property of a string, number or boolean gives undefined as well.
  const raw = (metadata as { total?: unknown } | null | undefined)?.total;
  const total = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  const known = typeof total === 'number' && Number.isInteger(total) && total >= items.length;
  return known ? { items, total } : { items };
}

// ---- account ----

/** A GET of an account endpoint, performed at once. */
const account = <S extends z.ZodMiniType, T>(
  session: ApiSession,
  path: string,
  schema: S,
  pick: (body: z.output<S>) => T,
): T => perform(session, valueCall('get', path, schema, pick));

const KEY_CHECK = '/api/v2/account/keys/verify';

/**
 * GET /api/v2/account/keys/verify (§4.10). Returns the workspace id. An id that holds the key is
 * refused: it would be shown ("Paid with") and stored, and as "[redacted]" it would make every such
 * key one workspace, whose members read each other's jobs.
 */
export function verifyKey(session: ApiSession): string {
  const endpoint = `GET ${KEY_CHECK}`;
  const read = readJson(keyCheckResponse(), endpoint, (body) => body.workspace_id);
  return perform(session, {
    endpoint,
    method: 'get',
    path: KEY_CHECK,
    read: (response, readSession) => {
      const workspace = read(response, readSession);
      // The id as sent, before the answer was scrubbed.
      const sent = (parseJson(response.body) as { workspace_id?: unknown } | null)?.workspace_id;
      if (typeof sent !== 'string' || !holdsKey(sent, readSession.apiKey)) return workspace;
      throw unreadableError(endpoint, response, readSession.apiKey, 'workspace_id: holds the API key');
    },
  });
}

/** GET /api/v2/account/credits (§4.11). Returns the balance in credits. */
export const fetchCreditBalance = (session: ApiSession): number =>
  account(session, '/api/v2/account/credits', balanceResponse(), (body) => body.balance);
