/**
 * The ports a use case receives, in one object. src/app/context.ts builds it over Apps Script;
 * unit tests build it from in-memory fakes.
 */
import type { EnrichmentApi, SearchApi } from '../api/port';
import type {
  BudgetPort,
  CachePort,
  ClockPort,
  KeyValueStore,
  LockPort,
  LogPort,
  NotifyPort,
  TriggerPort,
} from '../platform/ports';
import type { SpreadsheetPort } from '../platform/ports';

export interface AppContext {
  /** Document properties: job registry, remembered mappings. */
  documentStore: KeyValueStore;
  /** User properties: API key, base URL, the plan awaiting confirmation, preferences. */
  userStore: KeyValueStore;
  /** Document cache, in front of the ledger. */
  cache: CachePort;
  /** Document lock: one poller (or starter) at a time. */
  lock: LockPort;
  clock: ClockPort;
  budget: BudgetPort;
  triggers: TriggerPort;
  log: LogPort;
  notify: NotifyPort;
  spreadsheet: SpreadsheetPort;
  /** The API client for the stored key and base URL (throws ApiError when no key is set). */
  api(): EnrichmentApi;
  /** Company and people search over the same key (throws ApiError when no key is set). */
  searchApi(): SearchApi;
  /** Who this execution runs as: whose key a trigger spends. */
  userEmail(): string;
  /** The base URL compiled into the build; the user may override it in settings. */
  defaultApiBaseUrl: string;
}

/** The name of the time-driven trigger's handler (an entry point of src/index.ts). */
export const POLL_TRIGGER_HANDLER = 'onPollTrigger';
