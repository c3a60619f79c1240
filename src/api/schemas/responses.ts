/**
 * Response bodies of the enrichment API (spec §2, §4, §7), as zod/mini schemas.
 *
 * Parsing is lenient on purpose, because real APIs drift:
 * - objects keep unknown keys (looseObject) and every optional field accepts `null` or absence;
 * - enums (job status, email status) are plain strings here; src/api/answers.ts maps them;
 * - phones are any string: the API may send `+1 555-123-4567` instead of E.164.
 * A job result's envelope (id, status, the items array) must have the right types, or parsing fails
 * and names the field. Its items are parsed one by one (items.ts): a field of the wrong type is
 * dropped, an unreadable item fails only its row.
 *
 * Only what the add-on reads is declared: a field nothing in src/ reads is left to looseObject, kept
 * but not checked, so a malformed one costs nothing (the emulator's views in dev/emulator/views are
 * the full shapes). The v1 results, full search answers and error bodies below the add-on's own
 * are read only by the emulator's tests and the contract tests (test/support/api.ts).
 *
 * Each schema is a getter that builds it on first use (src/domain/lazy.ts): Code.js is evaluated at the
 * start of every execution, and most executions read no API response. The getters are marked pure,
 * so those only the emulator and tests use (error bodies, search) are left out of Code.js.
 */
import * as z from 'zod/mini';
import { lazy } from '../../domain/lazy';

/** An optional field: null or absent is fine, a wrong type is an error. */
// Parts only the getters' builds use (these and customBack, cost, items below) are plain functions:
// each build runs once.
const maybe = z.nullish;
const str = z.string;
const num = z.number;
/** An optional text field, the commonest kind. */
const maybeText = () => maybe(str());

// ---- Person (§2.4): what personSummary (mapping.ts) reads of it ----

export const personSchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    full_name: maybeText(),
    first_name: maybeText(),
    last_name: maybeText(),
    location: maybe(z.looseObject({ city: maybeText(), region: maybeText(), country: maybeText() })),
    social_profiles: maybe(z.looseObject({ network: maybe(z.looseObject({ url: maybeText() })) })),
    employment: maybe(
      z.looseObject({
        current: maybe(
          z.looseObject({
            title: maybeText(),
            company: maybe(z.looseObject({ name: maybeText(), domain: maybeText() })),
          }),
        ),
      }),
    ),
  }),
);

// ---- v2 job results (§2.1–2.3) ----

export const emailSchema = /* @__PURE__ */ lazy(() => z.looseObject({ email: str(), status: maybeText() }));
export const phoneSchema = /* @__PURE__ */ lazy(() => z.looseObject({ number: str(), region: maybeText() }));

/** `custom` comes back as sent; values are kept as the API returns them and stringified by mapping. */
const customBack = () => maybe(z.record(z.string(), z.unknown()));

export const enrichmentRecordV2 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    input: maybe(
      z.looseObject({
        first_name: maybeText(),
        last_name: maybeText(),
        full_name: maybeText(),
        company_domain: maybeText(),
        company_name: maybeText(),
        network_url: maybeText(),
      }),
    ),
    custom: customBack(),
    contact_info: maybe(
      z.looseObject({
        most_probable_work_email: maybe(emailSchema()),
        most_probable_personal_email: maybe(emailSchema()),
        most_probable_phone: maybe(phoneSchema()),
        work_emails: maybe(z.array(emailSchema())),
        personal_emails: maybe(z.array(emailSchema())),
        phones: maybe(z.array(phoneSchema())),
      }),
    ),
    profile: maybe(personSchema()),
  }),
);

export const reverseRecordV2 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    input: maybe(z.looseObject({ email: maybeText() })),
    custom: customBack(),
    profile: maybe(personSchema()),
  }),
);

/** int64 values often travel as strings in JSON: `cost.credits` may be 726 or "726" (mapping reads both). */
const cost = () => maybe(z.looseObject({ credits: z.optional(z.unknown()) }));

/**
 * The job envelope is all that can fail a job result: its items stay unparsed here and are read one
 * by one (mapping.ts), so one malformed item fails its own row, never the job (a paid one).
 */
const items = () => maybe(z.array(z.unknown()));

/** A v2 job result (§2.1): the same envelope for both kinds, around their own records. */
const jobResultV2 = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: str(), name: maybeText(), status: str(), data: items(), cost: cost() }),
);

export const enrichResultV2 = jobResultV2;
export const reverseResultV2 = jobResultV2;

// ---- v1 job results (§2.8): only the tests read them (the add-on polls v2) ----

/** A v1 profile: what profileV1Summary (mapping.ts) reads of it. */
export const profileV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    network_url: maybeText(),
    firstname: maybeText(),
    lastname: maybeText(),
    location: maybeText(),
    position: maybe(
      z.looseObject({
        title: maybeText(),
        company: maybe(z.looseObject({ name: maybeText(), domain: maybeText() })),
      }),
    ),
  }),
);

export const enrichItemResultV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    custom: customBack(),
    contact: maybe(
      z.looseObject({
        firstname: maybeText(),
        lastname: maybeText(),
        domain: maybeText(),
        most_probable_email: maybeText(),
        most_probable_email_status: maybeText(),
        most_probable_phone: maybeText(),
        emails: maybe(z.array(z.looseObject({ email: str() }))),
        phones: maybe(z.array(phoneSchema())),
        profile: maybe(profileV1()),
      }),
    ),
  }),
);

export const reverseItemResultV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    input: maybe(z.looseObject({ email: maybeText() })),
    custom: customBack(),
    contact: maybe(
      z.looseObject({
        firstname: maybeText(),
        lastname: maybeText(),
        domain: maybeText(),
        profile: maybe(profileV1()),
      }),
    ),
  }),
);

const jobResultV1 = /* @__PURE__ */ lazy(() =>
  z.looseObject({ id: str(), name: maybeText(), status: maybeText(), datas: items(), cost: cost() }),
);

export const enrichResultV1 = jobResultV1;
export const reverseResultV1 = jobResultV1;

// ---- starts, search, account, errors ----
// The full search answers (companySchema…peopleSearchResponse) and errorBody are the tests'.

export const startResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({ enrichment_id: z.string().check(z.minLength(1)) }),
);

const address = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    city: maybeText(),
    region: maybeText(),
    country: maybeText(),
    country_code: maybeText(),
  }),
);

export const companySchema = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    id: maybeText(),
    name: maybeText(),
    domain: maybeText(),
    description: maybeText(),
    year_founded: maybe(num()),
    headcount: maybe(num()),
    headcount_range: maybeText(),
    company_type: maybeText(),
    locations: maybe(z.looseObject({ headquarters: maybe(address()) })),
    social_profiles: maybe(z.looseObject({ network: maybe(z.looseObject({ url: maybeText() })) })),
    specialties: maybe(z.array(str())),
    industry: maybe(z.looseObject({ main_industry: maybeText() })),
  }),
);

/** `metadata` of people search is not in the spec; we assume the company search shape {total, offset}. */
export const searchMetadata = /* @__PURE__ */ lazy(() =>
  z.looseObject({ total: maybe(num()), offset: maybe(num()) }),
);

export const companySearchResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    companies: z.array(companySchema()),
    metadata: maybe(searchMetadata()),
  }),
);

export const peopleSearchResponse = /* @__PURE__ */ lazy(() =>
  z.looseObject({
    people: z.array(personSchema()),
    metadata: maybe(searchMetadata()),
  }),
);

/**
 * What the add-on reads of a search answer: the envelope only. Items stay unknown here and are read
 * one by one into cells (src/features/search/columns.ts), and so is the metadata (endpoints.ts pageOf), so one
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

export const errorBody = /* @__PURE__ */ lazy(() => z.looseObject({ code: str(), message: maybeText() }));

/** The type a schema getter's schema parses to. */
type Built<Schema extends () => z.ZodMiniType> = z.infer<ReturnType<Schema>>;

export type Person = Built<typeof personSchema>;
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
