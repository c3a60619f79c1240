/**
 * Request bodies of every endpoint of the enrichment API (spec §4), as zod/mini schemas.
 * The client checks what it sends against these before sending. The emulator (dev/emulator) has its
 * own reading of the spec and validates what it receives with that, so a misreading here shows.
 *
 * Each schema is a getter that builds it on first use (src/domain/lazy.ts): Code.js is evaluated at the
 * start of every execution, and most executions never send a request. The getters are marked pure,
 * so those only tests use (v1 reverse start, search) are left out of Code.js.
 *
 * Bodies and filter entries are strict objects: an unknown key is most likely a typo (for example
 * `company_names` for `names`).
 */
// A namespace import, not `import { z }`: esbuild cannot tree-shake real zod's `z` object (every locale,
// ≈ 540 KB). dist/Code.js bundles src/domain/zod-subset.ts in zod/mini's place (≈ 3 KB).
import * as z from 'zod/mini';
import { LIMITS } from '../../domain/limits';
import { lazy } from '../../domain/lazy';

/** The `enrich_fields` values the API accepts (not in the spec; the choice is in docs/api-decisions.md). */
export const ENRICH_FIELD_VALUES = [
  'contact.emails',
  'contact.work_emails',
  'contact.personal_emails',
  'contact.phones',
] as const;

/** The rules' messages, which explainRequest (endpoints.ts) turns into the user's words. */
export const REQUEST_RULE = {
  nameRequired: 'a job name is required',
  itemIdentity: 'each item needs firstname + lastname + (domain or company_name), or network_url',
  customStrings: 'custom values must be strings',
} as const;

const present = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

// Parts only the getters' builds use are plain functions: each build runs once.
const jobName = () =>
  z.string().check(z.refine((name: string) => name.trim() !== '', REQUEST_RULE.nameRequired));

/** `custom`: returned unchanged in results; the API rejects non-string values (spec §4.1 rule 3). */
export const customObject = /* @__PURE__ */ lazy(() =>
  z.record(z.string(), z.string(REQUEST_RULE.customStrings)),
);

const webhookUrl = z.string;

// ---- bulk enrichment (v1 start, §4.1) ----

export const enrichItemV1 = /* @__PURE__ */ lazy(() =>
  z
    .strictObject({
      firstname: z.optional(z.string()),
      lastname: z.optional(z.string()),
      domain: z.optional(z.string()),
      company_name: z.optional(z.string()),
      network_url: z.optional(z.string()),
      enrich_fields: z.optional(z.array(z.enum(ENRICH_FIELD_VALUES))),
      custom: z.optional(customObject()),
    })
    .check(
      z.refine(
        (item) =>
          present(item.network_url) ||
          (present(item.firstname) &&
            present(item.lastname) &&
            (present(item.domain) || present(item.company_name))),
        REQUEST_RULE.itemIdentity,
      ),
    ),
);

export const enrichStartV1Body = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    name: jobName(),
    datas: z.array(enrichItemV1()).check(z.minLength(1), z.maxLength(LIMITS.itemsPerEnrichJob)),
    webhook_url: z.optional(webhookUrl()),
  }),
);

// ---- bulk reverse email lookup (v2 §4.4, v1 §4.5) ----

export const reverseItemV2 = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    email: z.string().check(z.minLength(1)),
    custom: z.optional(customObject()),
  }),
);

export const reverseStartV2Body = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    name: jobName(),
    // The maximum is not in the spec: we assume the enrichment limit (LIMITS.itemsPerReverseJob).
    data: z.array(reverseItemV2()).check(z.minLength(1), z.maxLength(LIMITS.itemsPerReverseJob)),
    webhook_url: z.optional(webhookUrl()),
    webhook_events: z.optional(z.strictObject({ contact_finished: z.optional(webhookUrl()) })),
  }),
);

export const reverseItemV1 = /* @__PURE__ */ lazy(() =>
  z.strictObject({ email: z.string().check(z.minLength(1)) }),
);

export const reverseStartV1Body = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    name: jobName(),
    data: z.array(reverseItemV1()).check(z.minLength(1), z.maxLength(LIMITS.itemsPerReverseJob)),
    webhook_url: z.optional(webhookUrl()),
  }),
);

// ---- search filters (§2.7) ----
// An entry's one shape: requests are built with it and api/filter-check.ts checks the user's
// filters with it (in the user's words).

export const textFilterEntry = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    value: z.string(),
    exact_match: z.optional(z.boolean()),
    exclude: z.optional(z.boolean()),
  }),
);

export const rangeFilterEntry = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    min: z.optional(z.int()),
    max: z.optional(z.int()),
    exclude: z.optional(z.boolean()),
  }),
);

const textFilter = /* @__PURE__ */ lazy(() => z.optional(z.array(textFilterEntry())));
const rangeFilter = /* @__PURE__ */ lazy(() => z.optional(z.array(rangeFilterEntry())));

const page = /* @__PURE__ */ lazy(() => ({
  offset: z.optional(z.int().check(z.minimum(0))),
  limit: z.optional(z.int().check(z.minimum(1), z.maximum(LIMITS.searchMaxLimit))),
}));

/** Filter names of company search (§4.8): tests hold the filter table (domain/search-filters) to them. */
export const COMPANY_TEXT_FILTERS = [
  'names',
  'domains',
  'network_urls',
  'keywords',
  'specialties',
  'industries',
  'types',
  'headquarters_locations',
  'company_ids',
] as const;
export const COMPANY_RANGE_FILTERS = ['founded_years', 'headcounts'] as const;

export const companySearchBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...page(),
    names: textFilter(),
    domains: textFilter(),
    network_urls: textFilter(),
    keywords: textFilter(),
    specialties: textFilter(),
    industries: textFilter(),
    types: textFilter(),
    headquarters_locations: textFilter(),
    company_ids: textFilter(),
    founded_years: rangeFilter(),
    headcounts: rangeFilter(),
  }),
);

/** Filter names of people search (§4.9). */
export const PEOPLE_TEXT_FILTERS = [
  'current_company_names',
  'current_company_domains',
  'current_company_network_urls',
  'current_company_specialties',
  'current_company_industries',
  'current_company_types',
  'current_company_headquarters',
  'current_company_ids',
  'past_company_names',
  'past_company_domains',
  'person_ids',
  'person_names',
  'person_network_urls',
  'person_locations',
  'person_skills',
  'person_universities',
  'current_position_seniority_level',
  'current_position_titles',
  'past_position_titles',
] as const;
export const PEOPLE_RANGE_FILTERS = [
  'current_company_headcounts',
  'current_company_founded_years',
  'current_position_years_in',
  'current_company_years_at',
  'current_company_days_since_last_job_change',
] as const;

export const peopleSearchBody = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    // People search limits are not in the spec: we assume the company search ones.
    ...page(),
    current_company_names: textFilter(),
    current_company_domains: textFilter(),
    current_company_network_urls: textFilter(),
    current_company_specialties: textFilter(),
    current_company_industries: textFilter(),
    current_company_types: textFilter(),
    current_company_headquarters: textFilter(),
    current_company_ids: textFilter(),
    past_company_names: textFilter(),
    past_company_domains: textFilter(),
    person_ids: textFilter(),
    person_names: textFilter(),
    person_network_urls: textFilter(),
    person_locations: textFilter(),
    person_skills: textFilter(),
    person_universities: textFilter(),
    current_position_seniority_level: textFilter(),
    current_position_titles: textFilter(),
    past_position_titles: textFilter(),
    current_company_headcounts: rangeFilter(),
    current_company_founded_years: rangeFilter(),
    current_position_years_in: rangeFilter(),
    current_company_years_at: rangeFilter(),
    current_company_days_since_last_job_change: rangeFilter(),
  }),
);

/** The type a schema getter's schema parses to. */
type Built<Schema extends () => z.ZodMiniType> = z.infer<ReturnType<Schema>>;

export type EnrichFieldValue = (typeof ENRICH_FIELD_VALUES)[number];
export type EnrichItemV1 = Built<typeof enrichItemV1>;
export type EnrichStartV1Body = Built<typeof enrichStartV1Body>;
export type ReverseItemV2 = Built<typeof reverseItemV2>;
export type ReverseStartV2Body = Built<typeof reverseStartV2Body>;
export type ReverseItemV1 = Built<typeof reverseItemV1>;
export type ReverseStartV1Body = Built<typeof reverseStartV1Body>;
export type TextFilterEntry = Built<typeof textFilterEntry>;
export type RangeFilterEntry = Built<typeof rangeFilterEntry>;
export type FilterEntry = TextFilterEntry | RangeFilterEntry;
/** A search's filters as the API takes them: filter name → entries. */
export type SearchFilters = Record<string, FilterEntry[]>;
export type CompanySearchBody = Built<typeof companySearchBody>;
export type PeopleSearchBody = Built<typeof peopleSearchBody>;
