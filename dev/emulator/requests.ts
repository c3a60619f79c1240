/**
 * Request bodies the emulator accepts, read from the spec (§2.7, §4) on their own: the emulator plays
 * the vendor, so it must not borrow the add-on's schemas (src/api/schemas/requests.ts), or a
 * misreading there would be accepted here and the contract tests would pass over it.
 * test/emulator/readings.test.ts compares the two readings; their differences are listed in
 * docs/api-decisions.md ("Emulator vs add-on: independent readings").
 *
 * Bodies are strict: an unknown key is most likely a typo (`company_names` for `names`), and only a
 * strict server makes the contract tests catch it (docs/api-decisions.md, `error.request.unknown_field`).
 */
import { z } from 'zod/mini';
import { LIMITS } from './terms';

/** Messages validation.ts turns into their own 400 codes. */
export const RULE = {
  nameRequired: 'a job name is required',
  itemIdentity: 'each item needs firstname + lastname + (domain or company_name), or network_url',
  customStrings: 'custom values must be strings',
} as const;

/**
 * `enrich_fields` values: "not shown" (spec §4.1); the documented decision (docs/api-decisions.md,
 * "`enrich_fields` values"), mapped to the priced results of spec §1.
 */
export const ENRICH_FIELD_VALUES = {
  'contact.emails': 'work_email',
  'contact.work_emails': 'work_email',
  'contact.personal_emails': 'personal_email',
  'contact.phones': 'phone',
} as const;

const filled = (value: string | undefined): boolean => value !== undefined && value.trim() !== '';

/**
 * The job `name` is required in §4.1; for reverse lookups "not shown" (§4.4), and a blank name is
 * refused everywhere: both follow docs/api-decisions.md ("Reverse: required fields", `name_required`).
 */
const jobName = z.string().check(z.refine(filled, RULE.nameRequired));

/**
 * §4.1 rule 3 says `custom` values must be strings for enrichment items; the reverse lookup's `custom`
 * (§4.4) is only "object". Holding it to the same rule is a documented decision (docs/api-decisions.md).
 */
const custom = z.record(z.string(), z.string(RULE.customStrings));

const items = <T extends z.ZodMiniType>(item: T, max: number) =>
  // At least one item: the spec says one is allowed (§4.1) and is silent on none (docs/api-decisions.md, `no_items`).
  z.array(item).check(z.minLength(1), z.maxLength(max));

// ---- bulk enrichment, v1 start (§4.1); the v2 start is "not shown" and not served ----

const enrichItem = z
  .strictObject({
    firstname: z.optional(z.string()),
    lastname: z.optional(z.string()),
    domain: z.optional(z.string()),
    company_name: z.optional(z.string()),
    network_url: z.optional(z.string()),
    enrich_fields: z.optional(
      z.array(z.enum(Object.keys(ENRICH_FIELD_VALUES) as (keyof typeof ENRICH_FIELD_VALUES)[])),
    ),
    custom: z.optional(custom),
  })
  .check(
    // §4.1 rule 1: a name with a company, or a profile URL.
    z.refine(
      (item) =>
        filled(item.network_url) ||
        (filled(item.firstname) &&
          filled(item.lastname) &&
          (filled(item.domain) || filled(item.company_name))),
      RULE.itemIdentity,
    ),
  );

export const enrichStartV1 = z.strictObject({
  name: jobName,
  datas: items(enrichItem, LIMITS.itemsPerEnrichJob),
  webhook_url: z.optional(z.string()),
});

// ---- bulk reverse email lookup: v2 start (§4.4), v1 start (§4.5) ----

/** An email to look up; an empty one is refused (docs/api-decisions.md, "Reverse: required fields"). */
const email = z.string().check(z.minLength(1));

export const reverseStartV2 = z.strictObject({
  name: jobName,
  data: items(z.strictObject({ email, custom: z.optional(custom) }), LIMITS.itemsPerReverseJob),
  webhook_url: z.optional(z.string()),
  webhook_events: z.optional(z.strictObject({ contact_finished: z.optional(z.string()) })),
});

/** §4.5 lists `data` as an array of `{email}`: v1 items carry no `custom`. */
export const reverseStartV1 = z.strictObject({
  name: jobName,
  data: items(z.strictObject({ email }), LIMITS.itemsPerReverseJob),
  webhook_url: z.optional(z.string()),
});

// ---- search (§2.7, §4.8, §4.9) ----

const textEntry = z.strictObject({
  value: z.string(),
  exact_match: z.optional(z.boolean()),
  exclude: z.optional(z.boolean()),
});
const rangeEntry = z.strictObject({
  min: z.optional(z.int()),
  max: z.optional(z.int()),
  exclude: z.optional(z.boolean()),
});

export type TextEntry = z.infer<typeof textEntry>;
export type RangeEntry = z.infer<typeof rangeEntry>;

/** §4.8, in the spec's order. */
export const COMPANY_FILTERS = {
  text: [
    'names',
    'domains',
    'network_urls',
    'keywords',
    'specialties',
    'industries',
    'types',
    'headquarters_locations',
    'company_ids',
  ],
  range: ['founded_years', 'headcounts'],
} as const;

/** §4.9, in the spec's order. */
export const PEOPLE_FILTERS = {
  text: [
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
  ],
  range: [
    'current_company_headcounts',
    'current_company_founded_years',
    'current_position_years_in',
    'current_company_years_at',
    'current_company_days_since_last_job_change',
  ],
} as const;

type FilterNames = { readonly text: readonly string[]; readonly range: readonly string[] };
export type FilterName<F extends FilterNames> = F['text'][number] | F['range'][number];

const each = <K extends string, S>(names: readonly K[], schema: S): Record<K, S> =>
  Object.fromEntries(names.map((name) => [name, schema])) as Record<K, S>;

/**
 * A search body: `offset` and `limit` (integers, §4.8) and every filter of the kind, all optional.
 * `offset` < 0 and `limit` < 1 are refused (docs/api-decisions.md, `invalid_pagination`).
 */
const searchBody = <F extends FilterNames>(filters: F, maxLimit: number) =>
  z.strictObject({
    offset: z.optional(z.int().check(z.minimum(0))),
    limit: z.optional(z.int().check(z.minimum(1), z.maximum(maxLimit))),
    ...each(filters.text as readonly F['text'][number][], z.optional(z.array(textEntry))),
    ...each(filters.range as readonly F['range'][number][], z.optional(z.array(rangeEntry))),
  });

export const companySearch = searchBody(COMPANY_FILTERS, LIMITS.searchMaxLimit);
export const peopleSearch = searchBody(PEOPLE_FILTERS, LIMITS.peopleSearchMaxLimit);

export type EnrichItemBody = z.infer<typeof enrichItem>;
