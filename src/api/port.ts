/**
 * What the rest of the add-on needs from the enrichment API. src/api/client.ts implements it over
 * HTTP; unit tests implement it in memory. Methods throw ApiError.
 */
import type { JobResult } from '../domain/model';
import type { EnrichItemKey } from '../domain/inputs';
import type { JobKind } from '../domain/runs';
import type { EnrichField } from '../domain/fields';
import type { SearchKind } from '../domain/search-filters';
import type { ApiError } from './errors';

/** A contact to enrich: its inputs, each only when set. */
export interface EnrichItemInput extends Partial<Record<EnrichItemKey, string>> {
  /** Row identity; returned unchanged in the result. Values are strings. */
  custom: Record<string, string>;
}

export interface ReverseItemInput {
  email: string;
  custom: Record<string, string>;
}

export interface JobRef {
  id: string;
  kind: JobKind;
}

/** What one poll of one job gave. A 402 is a `result` with status CREDITS_INSUFFICIENT. */
export type PollOutcome =
  { kind: 'result'; result: JobResult } | { kind: 'not_ready' } | { kind: 'error'; error: ApiError };

/** One job start of a batch. */
export type JobStart =
  | { kind: 'enrich'; name: string; items: EnrichItemInput[]; fields: readonly EnrichField[] }
  | { kind: 'reverse'; name: string; items: ReverseItemInput[] };

export interface EnrichmentApi {
  /**
   * Starts jobs, one request each (in one fetchAll, a connection cut on one start threw for every
   * start of the batch, their fate unknown: stop 71); per start, its enrichment_id or its ApiError
   * (never thrown). A start is resent only when it certainly did not reach the API; an error with
   * `maybeProcessed` means the job may exist (and be charged) although its id never came back.
   */
  startJobs(starts: readonly JobStart[]): Array<string | ApiError>;
  /**
   * One fetchAll round trip for all jobs; outcomes in the same order. Never throws for one job's
   * failure. `forceResults`: what unfinished jobs found so far, as a result (spec §4.2).
   */
  fetchResults(jobs: readonly JobRef[], options?: { forceResults?: boolean }): PollOutcome[];
  /** Credits available in the workspace. */
  creditBalance(): number;
  /** The workspace id of a valid key. */
  verifyKey(): string;
}

/** Company search (spec §4.8) or people search (§4.9). */

/** One page of a search: its items as the API sent them (read one by one by whoever shows them). */
export interface SearchPage {
  items: unknown[];
  /**
   * metadata.total: every match of the filters, not only this page's. Absent when the API did not
   * say (people search's metadata is "not shown" in the spec): paging then ends at a short page.
   */
  total?: number;
}

export interface SearchApi {
  /**
   * One page of `limit` results from `offset`; `filters` are the request's filter fields, already
   * checked (src/domain/search-filters.ts). A search may be resent: results returned before cost nothing
   * again (docs/api-decisions.md).
   */
  search(
    kind: SearchKind,
    filters: Readonly<Record<string, unknown>>,
    offset: number,
    limit: number,
  ): SearchPage;
}
