/**
 * Response bodies of the enrichment API (spec §2, §4, §7), as zod/mini schemas.
 *
 * Parsing is lenient on purpose, because real APIs drift:
 * - objects keep unknown keys (looseObject) and every optional field accepts `null` or absence;
 * - enums (job status, email status) are plain strings here; src/api/mapping.ts maps them;
 * - phones are any string: the API may send `+1 555-123-4567` instead of E.164.
 * A job result's envelope (id, status, the items array) must have the right types, or parsing fails
 * and names the field. Its items are parsed one by one (items.ts): a field of the wrong type is
 * dropped, an unreadable item fails only its row. `extra` marks fields the add-on does not read.
 *
 * Each schema is a getter that builds it on first use (src/lazy.ts): Code.js is evaluated at the
 * start of every execution, and most executions read no API response. The getters are marked pure,
 * so those only the emulator and tests use (error bodies, search) are left out of Code.js.
 */
import * as z from 'zod/mini';
import { lazy } from '../../domain/lazy';

/** Read by the add-on: null or absent is fine, a wrong type is an error. */
const used = <T extends z.ZodMiniType>(schema: T) => z.nullish(schema);
/** Not read by the add-on: described for the emulator and readers; a wrong type inside an item is dropped there (items.ts). */
const extra = <T extends z.ZodMiniType>(schema: T) => z.nullish(schema);

const str = /* @__PURE__ */ lazy(() => z.string());
const num = /* @__PURE__ */ lazy(() => z.number());

// ---- shared pieces ----

export const addressSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    line1: extra(str()),
    line2: extra(str()),
    city: used(str()),
    region: used(str()),
    country: used(str()),
    country_code: used(str()),
  }),
);

const companyLocations = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    headquarters: used(addressSchema()),
    offices: extra(z.array(addressSchema())),
  }),
);

const companySocial = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    network: used(z.looseObject({ url: used(str()), handle: extra(str()), follower_count: extra(num()) })),
  }),
);

const industry = /* @__PURE__ */ lazy(() => z.looseObject({ main_industry: used(str()) }));

// ---- Person (§2.4) ----

export const employmentCompanySchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: extra(str()),
    name: used(str()),
    domain: used(str()),
    description: extra(str()),
    year_founded: extra(num()),
    headcount: extra(num()),
    company_type: extra(str()),
    locations: extra(companyLocations()),
    industry: extra(industry()),
    social_profiles: extra(companySocial()),
  }),
);

export const employmentSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    title: used(str()),
    company: used(employmentCompanySchema()),
    is_current: extra(z.boolean()),
    start_at: extra(str()),
    end_at: extra(str()),
  }),
);

export const personSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: used(str()),
    full_name: used(str()),
    first_name: used(str()),
    last_name: used(str()),
    location: used(
      z.looseObject({
        country: used(str()),
        country_code: used(str()),
        city: used(str()),
        region: used(str()),
      }),
    ),
    social_profiles: used(
      z.looseObject({
        network: used(
          z.looseObject({ url: used(str()), handle: extra(str()), connection_count: extra(num()) }),
        ),
      }),
    ),
    educations: extra(
      z.array(
        z.looseObject({
          school_name: extra(str()),
          degree: extra(str()),
          start_at: extra(str()),
          end_at: extra(str()),
        }),
      ),
    ),
    languages: extra(
      z.array(z.looseObject({ language: extra(str()), code: extra(str()), proficiency: extra(str()) })),
    ),
    skills: extra(z.array(str())),
    employment: used(
      z.looseObject({ current: used(employmentSchema()), all: extra(z.array(employmentSchema())) }),
    ),
  }),
);

// ---- v2 job results (§2.1–2.3) ----

export const emailSchema = /* @__PURE__ */ lazy(() => z.looseObject({ email: str(), status: used(str()) }));
export const phoneSchema = /* @__PURE__ */ lazy(() => z.looseObject({ number: str(), region: used(str()) }));

/** `custom` comes back as sent; values are kept as the API returns them and stringified by mapping. */
const customBack = /* @__PURE__ */ lazy(() => used(z.record(z.string(), z.unknown())));

export const enrichmentRecordV2 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    input: used(
      z.looseObject({
        first_name: used(str()),
        last_name: used(str()),
        full_name: used(str()),
        company_domain: used(str()),
        company_name: used(str()),
        network_url: used(str()),
      }),
    ),
    custom: customBack(),
    contact_info: used(
      z.looseObject({
        most_probable_work_email: used(emailSchema()),
        most_probable_personal_email: used(emailSchema()),
        most_probable_phone: used(phoneSchema()),
        work_emails: used(z.array(emailSchema())),
        personal_emails: used(z.array(emailSchema())),
        phones: used(z.array(phoneSchema())),
      }),
    ),
    profile: used(personSchema()),
  }),
);

export const reverseRecordV2 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    input: used(z.looseObject({ email: used(str()) })),
    custom: customBack(),
    profile: used(personSchema()),
  }),
);

/** int64 values often travel as strings in JSON: `cost.credits` may be 726 or "726" (mapping reads both). */
const cost = /* @__PURE__ */ lazy(() => used(z.looseObject({ credits: z.optional(z.unknown()) })));

/**
 * The job envelope is all that can fail a job result: its items stay unparsed here and are read one
 * by one (mapping.ts), so one malformed item fails its own row, never the job (a paid one).
 */
const items = /* @__PURE__ */ lazy(() => used(z.array(z.unknown())));

/** A v2 job result (§2.1): the same envelope for both kinds, around their own records. */
const jobResultV2 = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: str(), name: used(str()), status: str(), data: items(), cost: cost() }),
);

export const enrichResultV2 = jobResultV2;
export const reverseResultV2 = jobResultV2;

// ---- v1 job results (§2.8) ----

export const positionV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    title: used(str()),
    description: extra(str()),
    start_at: extra(z.looseObject({ month: extra(num()), year: extra(num()) })),
    end_at: extra(z.looseObject({ month: extra(num()), year: extra(num()) })),
    company: used(
      z.looseObject({
        network_id: extra(num()),
        network_url: extra(str()),
        network_handle: extra(str()),
        name: used(str()),
        description: extra(str()),
        website: extra(str()),
        domain: used(str()),
        industry: extra(str()),
        type: extra(str()),
        year_founded: extra(num()),
        headcount: extra(num()),
        headcount_range: extra(str()),
        headquarters: extra(z.looseObject({})),
      }),
    ),
  }),
);

export const profileV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    network_id: extra(num()),
    network_url: used(str()),
    network_handle: extra(str()),
    navigator_id: extra(str()),
    firstname: used(str()),
    lastname: used(str()),
    premium_account: extra(z.boolean()),
    location: used(str()),
    summary: extra(str()),
    headline: extra(str()),
    position: used(positionV1()),
  }),
);

export const enrichItemResultV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    custom: customBack(),
    contact: used(
      z.looseObject({
        firstname: used(str()),
        lastname: used(str()),
        domain: used(str()),
        most_probable_email: used(str()),
        most_probable_email_status: used(str()),
        most_probable_phone: used(str()),
        emails: used(z.array(z.looseObject({ email: str() }))),
        phones: used(z.array(phoneSchema())),
        social_medias: extra(z.array(z.looseObject({ url: extra(str()) }))),
        profile: used(profileV1()),
      }),
    ),
  }),
);

export const reverseItemResultV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    input: used(z.looseObject({ email: used(str()) })),
    custom: customBack(),
    contact: used(
      z.looseObject({
        firstname: used(str()),
        lastname: used(str()),
        domain: used(str()),
        profile: used(profileV1()),
      }),
    ),
  }),
);

const jobResultV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: str(), name: used(str()), status: used(str()), datas: items(), cost: cost() }),
);

export const enrichResultV1 = jobResultV1;
export const reverseResultV1 = jobResultV1;

// ---- starts, search, account, errors ----

export const startResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({ enrichment_id: z.string().check(z.minLength(1)) }),
);

export const companySchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: used(str()),
    name: used(str()),
    domain: used(str()),
    description: used(str()),
    year_founded: used(num()),
    headcount: used(num()),
    headcount_range: used(str()),
    company_type: used(str()),
    locations: used(companyLocations()),
    social_profiles: used(companySocial()),
    specialties: used(z.array(str())),
    industry: used(industry()),
  }),
);

/** `metadata` of people search is not in the spec; we assume the company search shape {total, offset}. */
export const searchMetadata = /* @__PURE__ */ lazy(() =>
  z.looseObject({ total: used(num()), offset: used(num()) }),
);

export const companySearchResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    companies: z.array(companySchema()),
    metadata: used(searchMetadata()),
  }),
);

export const peopleSearchResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    people: z.array(personSchema()),
    metadata: used(searchMetadata()),
  }),
);

/**
 * What the add-on reads of a search answer: the envelope only. Items stay unknown here and are read
 * one by one into cells (src/search/columns.ts), and so is the metadata (endpoints.ts pageOf), so one
 * odd result or an odd total never fails a page the API charged.
 */
export const companySearchPage = /* @__PURE__ */ lazy(() =>
  z.looseObject({ companies: z.array(z.unknown()), metadata: z.optional(z.unknown()) }),
);
export const peopleSearchPage = /* @__PURE__ */ lazy(() =>
  z.looseObject({ people: z.array(z.unknown()), metadata: z.optional(z.unknown()) }),
);

export const keyCheckResponse = /* @__PURE__ */ lazy(() => z.looseObject({ workspace_id: str() }));
export const balanceResponse = /* @__PURE__ */ lazy(() => z.looseObject({ balance: num() }));

export const errorBody = /* @__PURE__ */ lazy(() => z.looseObject({ code: str(), message: used(str()) }));

/** The type a schema getter's schema parses to. */
type Built<Schema extends () => z.ZodMiniType> = z.infer<ReturnType<Schema>>;

export type Address = Built<typeof addressSchema>;
export type Person = Built<typeof personSchema>;
export type Employment = Built<typeof employmentSchema>;
export type EnrichmentRecordV2 = Built<typeof enrichmentRecordV2>;
export type ReverseRecordV2 = Built<typeof reverseRecordV2>;
export type EnrichResultV2 = Built<typeof enrichResultV2>;
export type ReverseResultV2 = Built<typeof reverseResultV2>;
export type ProfileV1 = Built<typeof profileV1>;
export type EnrichItemResultV1 = Built<typeof enrichItemResultV1>;
export type ReverseItemResultV1 = Built<typeof reverseItemResultV1>;
export type EnrichResultV1 = Built<typeof enrichResultV1>;
export type ReverseResultV1 = Built<typeof reverseResultV1>;
export type StartResponse = Built<typeof startResponse>;
export type Company = Built<typeof companySchema>;
export type CompanySearchResponse = Built<typeof companySearchResponse>;
export type PeopleSearchResponse = Built<typeof peopleSearchResponse>;
export type KeyCheckResponse = Built<typeof keyCheckResponse>;
export type BalanceResponse = Built<typeof balanceResponse>;
export type ErrorBody = Built<typeof errorBody>;
