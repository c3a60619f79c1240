/**
 * The ports a use case receives, in one object. src/app/context.ts builds it over Apps Script;
 * unit tests build it from in-memory fakes.
 */
import type { ApiPace } from '../api/pace';
import type { EnrichmentApi, SearchApi } from '../api/port';
import type { PlatformPorts } from '../platform/ports';
import { Ledger } from '../store/ledger';
import {
  loadRegistry,
  saveRecords,
  type JobBase,
  type JobRecord,
  type Registry,
  type RunRecord,
} from '../store/registry';

/** The platform's ports and the API client for this execution. */
export interface AppContext extends PlatformPorts {
  /** The API client for the stored key and base URL (throws ApiError when no key is set). */
  api(): EnrichmentApi;
  /** A client for a key that is not saved (Verify before Save); the same base URL. */
  apiFor(apiKey: string): EnrichmentApi;
  /** Company and people search over the same key (throws ApiError when no key is set). */
  searchApi(): SearchApi;
  /** What the API's pace lets the saved key send now, and how long a job takes (api/pace.ts). */
  pace(): ApiPace;
  /** The base URL compiled into the build; the user may override it in settings. */
  defaultApiBaseUrl: string;
}

/** The name of the time-driven trigger's handler (an entry point of src/index.ts). */
export const POLL_TRIGGER_HANDLER = 'onPollTrigger';

// The stores as every engine step uses them (one short call each: Code.js is parsed on every execution).

/** The document's job registry. */
export const registryOf = (ctx: AppContext): Registry => loadRegistry(ctx.documentStore, ctx.spreadsheet);

/** Saves runs and jobs of the registry in the document's properties. */
export const saveRecordsOf = (
  ctx: AppContext,
  runs: readonly RunRecord[],
  jobs: readonly JobRecord[],
): void => saveRecords(ctx.documentStore, runs, jobs);

/** The saved answers (the ledger), read through the cache. */
export const ledgerOf = (ctx: AppContext): Ledger =>
  new Ledger(ctx.spreadsheet, ctx.cache, ctx.documentStore);

/** The run a job belongs to (absent only for a job whose run record was lost). */
export const runOf = (registry: Registry<JobBase>, job: JobBase): RunRecord | undefined =>
  registry.runs.get(job.run);
