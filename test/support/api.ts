/**
 * The spec's endpoints (§4) as one function each, for the contract tests (over real HTTP to the
 * emulator) and the api unit tests, including those the add-on never calls: the v1 results and
 * reverse start, single job starts and result reads, the full search answers. They are built from
 * src/api's own calls, request checks and transport, so they go through the same request helper,
 * retries and error mapping as the add-on; they live here so that Code.js does not carry them.
 */
import { createApiClient, enrichStartCall, reverseStartCall, type ApiClient } from '../../src/api/client';
import {
  resultV2Call,
  explainRequest,
  idPath,
  jobCall,
  startCall,
  startEnrichmentV1Call,
  startReverseV2Call,
  valueCall,
  type EnrichStartV1Input,
  type JobAnswer,
  type ResultOptions,
  type ReverseStartV2Input,
} from '../../src/api/endpoints';
import { enrichResultV1ToModel, reverseResultV1ToModel } from '../../src/api/answers';
import type { EnrichField } from '../../src/domain/fields';
import type { EnrichItemInput, ReverseItemInput } from '../../src/api/port';
import {
  companySearchBody,
  peopleSearchBody,
  reverseStartV1Body,
  type CompanySearchBody,
  type PeopleSearchBody,
  type ReverseStartV1Body,
} from '../../src/api/schemas/requests';
import {
  companySearchResponse,
  enrichResultV1,
  peopleSearchResponse,
  reverseResultV1,
  type CompanySearchResponse,
  type PeopleSearchResponse,
} from '../../src/api/schemas/responses';
import {
  checkRequest,
  createApiSession,
  perform,
  type ApiClientOptions,
  type ApiSession,
} from '../../src/api/transport';

export { fetchCreditBalance, verifyKey, type JobAnswer } from '../../src/api/endpoints';

// ---- enrichment ----

/** POST /api/v1/contact/enrich/bulk (§4.1). Returns the enrichment_id. */
export const startEnrichmentV1 = (session: ApiSession, input: EnrichStartV1Input): string =>
  perform(session, startEnrichmentV1Call(input));

/** GET /api/v2/contact/enrich/bulk/{enrichment_id} (§4.2). */
export const getEnrichmentResultV2 = (session: ApiSession, id: string, options?: ResultOptions): JobAnswer =>
  perform(session, resultV2Call('enrich', id, options));

/** GET /api/v1/contact/enrich/bulk/{enrichment_id} (§4.3). */
export function getEnrichmentResultV1(session: ApiSession, id: string, options?: ResultOptions): JobAnswer {
  const endpoint = 'GET /api/v1/contact/enrich/bulk/{enrichment_id}';
  const path = idPath('/api/v1/contact/enrich/bulk', id);
  return perform(session, jobCall(endpoint, path, enrichResultV1(), enrichResultV1ToModel, options));
}

// ---- reverse email lookup ----

/** POST /api/v2/contact/reverse/email/bulk (§4.4). Returns the enrichment_id. */
export const startReverseV2 = (session: ApiSession, input: ReverseStartV2Input): string =>
  perform(session, startReverseV2Call(input));

/** POST /api/v1/contact/reverse/email/bulk (§4.5). Returns the enrichment_id. */
export const startReverseV1 = (session: ApiSession, input: ReverseStartV1Body): string =>
  perform(session, startCall('/api/v1/contact/reverse/email/bulk', reverseStartV1Body(), input));

/** GET /api/v2/contact/reverse/email/bulk/{enrichment_id} (§4.6). */
export const getReverseResultV2 = (session: ApiSession, id: string): JobAnswer =>
  perform(session, resultV2Call('reverse', id));

/** GET /api/v1/contact/reverse/email/bulk/{reverse_email_id} (§4.7). */
export function getReverseResultV1(session: ApiSession, reverseEmailId: string): JobAnswer {
  const endpoint = 'GET /api/v1/contact/reverse/email/bulk/{reverse_email_id}';
  const path = idPath('/api/v1/contact/reverse/email/bulk', reverseEmailId);
  return perform(session, jobCall(endpoint, path, reverseResultV1(), reverseResultV1ToModel));
}

// ---- search: the whole answer, checked against the spec's shapes (the add-on reads pages) ----

/** POST /api/v2/company/search (§4.8). `limit` at most LIMITS.searchMaxLimit. */
export function searchCompanies(session: ApiSession, input: CompanySearchBody): CompanySearchResponse {
  const path = '/api/v2/company/search';
  const body = checkRequest(companySearchBody(), `POST ${path}`, input, explainRequest);
  return perform(
    session,
    valueCall('post', path, companySearchResponse(), (answer) => answer, body),
  );
}

/** POST /api/v2/people/search (§4.9). */
export function searchPeople(session: ApiSession, input: PeopleSearchBody): PeopleSearchResponse {
  const path = '/api/v2/people/search';
  const body = checkRequest(peopleSearchBody(), `POST ${path}`, input, explainRequest);
  return perform(
    session,
    valueCall('post', path, peopleSearchResponse(), (answer) => answer, body),
  );
}

// ---- the client, with single starts ----

/** The add-on's client plus one-job starts (the engine starts jobs in batches, startJobs). */
export interface TestApiClient extends ApiClient {
  /** v1 start; at most LIMITS.itemsPerEnrichJob items. Returns the enrichment_id. */
  startEnrichment(
    name: string,
    items: EnrichItemInput[],
    fields: readonly EnrichField[],
    webhookUrl?: string,
  ): string;
  /** v2 reverse start. Returns the enrichment_id. */
  startReverse(name: string, items: ReverseItemInput[], webhookUrl?: string): string;
}

/** createApiClient with single starts; a bad configuration throws as it does there. */
export function createTestApiClient(options: ApiClientOptions): TestApiClient {
  const client = createApiClient(options);
  const session = createApiSession(options);
  return {
    ...client,
    startEnrichment: (name, items, fields, webhookUrl) =>
      perform(session, enrichStartCall(name, items, fields, webhookUrl)),
    startReverse: (name, items, webhookUrl) => perform(session, reverseStartCall(name, items, webhookUrl)),
  };
}
