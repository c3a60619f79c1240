/**
 * The EnrichmentApi the job engine uses, on top of the endpoint calls: enrichment starts on v1
 * (the only start the spec shows), reverse lookups on v2, each start its own request (a lost answer
 * is then one start's), and every poll reads v2 results in one fetchAll round trip, resending only
 * the requests that failed. Single starts, which only the tests make, are built from
 * enrichStartCall/reverseStartCall in test/support/api.ts.
 */
import {
  ENRICH_V1,
  fetchCreditBalance,
  resultV2Call,
  searchPageCall,
  startEnrichmentV1Call,
  startReverseV2Call,
  verifyKey,
} from './endpoints';
import { compact } from '../domain/objects';
import { ApiError } from './errors';
import { requestError } from './failures';
import { API_ENRICH_FIELD, type EnrichField } from '../domain/fields';
import type {
  EnrichItemInput,
  EnrichmentApi,
  JobRef,
  PollOutcome,
  ReverseItemInput,
  SearchApi,
} from './port';
import type { EnrichItemV1, EnrichFieldValue } from './schemas/requests';
import {
  createApiSession,
  perform,
  performAll,
  type ApiClientOptions,
  type ApiSession,
  type Call,
} from './transport';

export type { ApiClientOptions } from './transport';

/** The engine's port (EnrichmentApi) and the search port, over HTTP. */
export type ApiClient = EnrichmentApi & SearchApi;

const clean = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** v1 items have no full-name field: a lone full name is split at its first space. */
function splitName(item: EnrichItemInput): { firstname?: string; lastname?: string } {
  const first = clean(item.firstName);
  const last = clean(item.lastName);
  const full = clean(item.fullName);
  if ((first && last) || !full) return { firstname: first, lastname: last };
  // The name is trimmed: it starts with a word; the rest, if any, is what follows the first spaces.
  const [, head, tail] = /^(\S+)\s*(.*)$/s.exec(full)!;
  return { firstname: first ?? head, lastname: last ?? (tail || undefined) };
}

/** The v1 request item for one contact; absent values are left out rather than sent empty. */
export function toEnrichItemV1(item: EnrichItemInput, fields: readonly EnrichField[]): EnrichItemV1 {
  return compact({
    ...splitName(item),
    domain: clean(item.companyDomain),
    company_name: clean(item.companyName),
    network_url: clean(item.networkUrl),
    enrich_fields: fields.map((field) => API_ENRICH_FIELD[field] as EnrichFieldValue),
    custom: item.custom,
  });
}

/** POST /api/v1/contact/enrich/bulk for one job: v1 items, with at least one field to find. */
export function enrichStartCall(
  name: string,
  items: readonly EnrichItemInput[],
  fields: readonly EnrichField[],
  webhookUrl?: string,
): Call<string> {
  // Absent enrich_fields means "all three" to the API: an empty choice must not become that.
  if (fields.length === 0) {
    throw requestError(`POST ${ENRICH_V1}`, 'no field to find', 'Choose at least one field to find.');
  }
  const datas = items.map((item) => toEnrichItemV1(item, fields));
  return startEnrichmentV1Call({ name, datas, webhook_url: webhookUrl });
}

/** POST /api/v2/contact/reverse/email/bulk for one job. */
export function reverseStartCall(
  name: string,
  items: readonly ReverseItemInput[],
  webhookUrl?: string,
): Call<string> {
  const data = items.map((item) => ({ email: item.email.trim(), custom: item.custom }));
  return startReverseV2Call({ name, data, webhook_url: webhookUrl });
}

/**
 * The HTTP client. Throws ApiError config.base_url / config.api_key at once for a bad configuration.
 * Example: createApiClient({ http, clock, budget, log, baseUrl, apiKey }).
 */
/**
 * Builds a call per input and performs them in one round trip (`batch`), else one after another. A
 * call that cannot be built (a request we refuse to send) answers its ApiError in its place
 * without holding up the others.
 */
function performEach<I, T>(
  session: ApiSession,
  inputs: readonly I[],
  build: (input: I) => Call<T>,
  batch = true,
): Array<T | ApiError> {
  const answers: Array<T | ApiError> = [];
  const calls: Array<Call<T>> = [];
  const slots: number[] = [];
  inputs.forEach((input, index) => {
    try {
      calls.push(build(input));
      slots.push(index);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answers[index] = error;
    }
  });
  performAll(session, calls, batch).forEach((answer, k) => {
    answers[slots[k] as number] = answer;
  });
  return answers;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const session = createApiSession(options);
  return {
    // One by one: a start whose answer a network failure lost is then the only one of unknown fate
    // (in one fetchAll, one lost answer made all 16 starts of the batch "may have been started").
    startJobs: (starts) =>
      performEach(
        session,
        starts,
        (start) =>
          start.kind === 'enrich'
            ? enrichStartCall(start.name, start.items, start.fields)
            : reverseStartCall(start.name, start.items),
        false,
      ),
    fetchResults: (jobs: readonly JobRef[], options = {}): PollOutcome[] =>
      performEach(session, jobs, (job) => resultV2Call(job.kind, job.id, options)).map((outcome) =>
        outcome instanceof ApiError ? { kind: 'error', error: outcome } : outcome,
      ),
    search: (...args) => perform(session, searchPageCall(...args)),
    creditBalance: () => fetchCreditBalance(session),
    verifyKey: () => verifyKey(session),
  };
}
