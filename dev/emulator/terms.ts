/**
 * The vendor's terms as the emulator reads them from the spec (../shared/spec/enrichment-api.md):
 * prices and limits. Written from the spec, not imported from the add-on (src/), so that a misreading
 * on the add-on's side is not copied into the vendor's side, where the contract tests could not see
 * it; test/emulator/readings.test.ts compares the two tables.
 */

/** Credits per kind of result found (spec §1, the table "Credit prices of enrichment results"). */
export const ENRICH_PRICES = { work_email: 1, personal_email: 3, phone: 10 } as const;

/** What an enrichment can find, one key per priced result of spec §1. */
export type EnrichField = keyof typeof ENRICH_PRICES;

/**
 * Credits per profile a reverse lookup finds. The spec prices no reverse lookup ("not shown"); this
 * follows the add-on's documented decision (docs/api-decisions.md, "Reverse: price").
 */
export const REVERSE_PROFILE_PRICE = 1;

/**
 * Credits per search result returned to a workspace for the first time. The spec shows no search
 * price; this follows the documented decision (docs/api-decisions.md, Search, "Price"), which takes
 * the provider's public docs: a quarter credit per result.
 */
export const SEARCH_RESULT_PRICE = 0.25;

export const LIMITS = {
  /** Items per bulk enrichment (spec §4.1 and §8: "100 maximum"). */
  itemsPerEnrichJob: 100,
  /** Emails per reverse lookup: "not shown" (spec §8); docs/api-decisions.md "Reverse: limit" takes 100. */
  itemsPerReverseJob: 100,
  /** Company search `limit` (spec §8: default 10, maximum 100). */
  searchDefaultLimit: 10,
  searchMaxLimit: 100,
  /**
   * People search `limit`: "not shown" (spec §8); docs/api-decisions.md ("People search `limit`")
   * takes the company search values.
   */
  peopleSearchDefaultLimit: 10,
  peopleSearchMaxLimit: 100,
} as const;
