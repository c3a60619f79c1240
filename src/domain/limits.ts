/** Every limit the add-on respects, in one place: the API's and Apps Script's. */
export const LIMITS = {
  /** API: items per bulk enrichment job (spec §8). */
  itemsPerEnrichJob: 100,
  /** API: items per reverse lookup job. The spec does not say; we assume the enrichment limit (docs/api-decisions.md). */
  itemsPerReverseJob: 100,
  /** API: company / people search page size (spec §8; people search assumed the same). */
  searchDefaultLimit: 10,
  /**
   * API: enrichment jobs one workspace may run at once. The spec does not say; the provider
   * documents 100 concurrent enrichments per workspace (docs/api-decisions.md). More are queued.
   */
  concurrentJobsPerWorkspace: 100,
  searchMaxLimit: 100,
  /** Search into a tab: rows one search may load (the user asks for 100 by default), and values per filter. */
  searchMaxRows: 10_000,
  searchDefaultRows: 100,
  searchFilterEntries: 100,
  /**
   * A sidebar call that loads search pages returns after this long (the page calls again), so the
   * user sees progress and a closed sidebar leaves at most this much work unfinished.
   */
  searchCallMs: 25 * 1000,
  /** Apps Script: the properties stores (document, user, script). */
  propertyValueBytes: 9 * 1024,
  propertyStoreBytes: 500 * 1024,
  /** Apps Script: the caches. */
  cacheMaxTtlSeconds: 6 * 60 * 60,
  /** Apps Script: execution time of a run and of a custom function. */
  executionMs: 6 * 60 * 1000,
  customFunctionMs: 30 * 1000,
  /**
   * New formula requests one formula may queue (document properties, ~120 bytes each): a 1,000-row
   * column fits; a larger one queues in parts as the queue is got.
   */
  formulaRequestsPerCall: 1000,
  /**
   * The most the formula queue may take of the document's property store (~1,200 requests: a
   * 1,000-row column fits). Any editor can queue without a key, so the queue must never crowd out
   * runs, schedules and settings.
   */
  formulaQueueBytes: 200 * 1024,
  /**
   * The longest input a formula queues (a name, a company, a URL, an email): a request must fit one
   * property value, and no contact's input is this long. A longer cell fails its own row only.
   */
  formulaInputChars: 500,
  /** Apps Script daily quotas per user: UrlFetch calls, and total trigger runtime. */
  dailyUrlFetches: { consumer: 20_000, workspace: 100_000 },
  dailyTriggerMinutes: { consumer: 90, workspace: 360 },
  /** Time we keep in reserve before the hard limit to save state and write results. */
  executionSafetyMs: 45 * 1000,
} as const;
