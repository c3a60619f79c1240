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
 */
import * as z from 'zod/mini';

/** Read by the add-on: null or absent is fine, a wrong type is an error. */
const used = <T extends z.ZodMiniType>(schema: T) => z.nullish(schema);
/** Not read by the add-on: a wrong type becomes undefined instead of failing the response. */
/** Not read by the add-on: described for the emulator and readers; a wrong type inside an item is dropped there (items.ts). */
const extra = <T extends z.ZodMiniType>(schema: T) => z.nullish(schema);

const str = z.string();
const num = z.number();

// ---- shared pieces ----

export const addressSchema = z.looseObject({
  line1: extra(str),
  line2: extra(str),
  city: used(str),
  region: used(str),
  country: used(str),
  country_code: used(str),
});

const companyLocations = z.looseObject({
  headquarters: used(addressSchema),
  offices: extra(z.array(addressSchema)),
});

const companySocial = z.looseObject({
  network: used(z.looseObject({ url: used(str), handle: extra(str), follower_count: extra(num) })),
});

const industry = z.looseObject({ main_industry: used(str) });

// ---- Person (§2.4) ----

export const employmentCompanySchema = z.looseObject({
  id: extra(str),
  name: used(str),
  domain: used(str),
  description: extra(str),
  year_founded: extra(num),
  headcount: extra(num),
  company_type: extra(str),
  locations: extra(companyLocations),
  industry: extra(industry),
  social_profiles: extra(companySocial),
});

export const employmentSchema = z.looseObject({
  title: used(str),
  company: used(employmentCompanySchema),
  is_current: extra(z.boolean()),
  start_at: extra(str),
  end_at: extra(str),
});

export const personSchema = z.looseObject({
  id: used(str),
  full_name: used(str),
  first_name: used(str),
  last_name: used(str),
  location: used(
    z.looseObject({ country: used(str), country_code: used(str), city: used(str), region: used(str) }),
  ),
  social_profiles: used(
    z.looseObject({
      network: used(z.looseObject({ url: used(str), handle: extra(str), connection_count: extra(num) })),
    }),
  ),
  educations: extra(
    z.array(
      z.looseObject({
        school_name: extra(str),
        degree: extra(str),
        start_at: extra(str),
        end_at: extra(str),
      }),
    ),
  ),
  languages: extra(
    z.array(z.looseObject({ language: extra(str), code: extra(str), proficiency: extra(str) })),
  ),
  skills: extra(z.array(str)),
  employment: used(z.looseObject({ current: used(employmentSchema), all: extra(z.array(employmentSchema)) })),
});

// ---- v2 job results (§2.1–2.3) ----

export const emailSchema = z.looseObject({ email: str, status: used(str) });
export const phoneSchema = z.looseObject({ number: str, region: used(str) });

/** `custom` comes back as sent; values are kept as the API returns them and stringified by mapping. */
const customBack = used(z.record(z.string(), z.unknown()));

export const enrichmentRecordV2 = z.looseObject({
  input: used(
    z.looseObject({
      first_name: used(str),
      last_name: used(str),
      full_name: used(str),
      company_domain: used(str),
      company_name: used(str),
      network_url: used(str),
    }),
  ),
  custom: customBack,
  contact_info: used(
    z.looseObject({
      most_probable_work_email: used(emailSchema),
      most_probable_personal_email: used(emailSchema),
      most_probable_phone: used(phoneSchema),
      work_emails: used(z.array(emailSchema)),
      personal_emails: used(z.array(emailSchema)),
      phones: used(z.array(phoneSchema)),
    }),
  ),
  profile: used(personSchema),
});

export const reverseRecordV2 = z.looseObject({
  input: used(z.looseObject({ email: used(str) })),
  custom: customBack,
  profile: used(personSchema),
});

/** int64 values often travel as strings in JSON: `cost.credits` may be 726 or "726" (mapping reads both). */
const cost = used(z.looseObject({ credits: z.optional(z.unknown()) }));

/**
 * The job envelope is all that can fail a job result: its items stay unparsed here and are read one
 * by one (mapping.ts), so one malformed item fails its own row, never the job (a paid one).
 */
const items = used(z.array(z.unknown()));

/** A v2 job result (§2.1): the same envelope for both kinds, around their own records. */
const jobResultV2 = z.looseObject({ id: str, name: used(str), status: str, data: items, cost });

export const enrichResultV2 = jobResultV2;
export const reverseResultV2 = jobResultV2;

// ---- v1 job results (§2.8) ----

export const positionV1 = z.looseObject({
  title: used(str),
  description: extra(str),
  start_at: extra(z.looseObject({ month: extra(num), year: extra(num) })),
  end_at: extra(z.looseObject({ month: extra(num), year: extra(num) })),
  company: used(
    z.looseObject({
      network_id: extra(num),
      network_url: extra(str),
      network_handle: extra(str),
      name: used(str),
      description: extra(str),
      website: extra(str),
      domain: used(str),
      industry: extra(str),
      type: extra(str),
      year_founded: extra(num),
      headcount: extra(num),
      headcount_range: extra(str),
      headquarters: extra(z.looseObject({})),
    }),
  ),
});

export const profileV1 = z.looseObject({
  network_id: extra(num),
  network_url: used(str),
  network_handle: extra(str),
  navigator_id: extra(str),
  firstname: used(str),
  lastname: used(str),
  premium_account: extra(z.boolean()),
  location: used(str),
  summary: extra(str),
  headline: extra(str),
  position: used(positionV1),
});

export const enrichItemResultV1 = z.looseObject({
  custom: customBack,
  contact: used(
    z.looseObject({
      firstname: used(str),
      lastname: used(str),
      domain: used(str),
      most_probable_email: used(str),
      most_probable_email_status: used(str),
      most_probable_phone: used(str),
      emails: used(z.array(z.looseObject({ email: str }))),
      phones: used(z.array(phoneSchema)),
      social_medias: extra(z.array(z.looseObject({ url: extra(str) }))),
      profile: used(profileV1),
    }),
  ),
});

export const reverseItemResultV1 = z.looseObject({
  input: used(z.looseObject({ email: used(str) })),
  custom: customBack,
  contact: used(
    z.looseObject({ firstname: used(str), lastname: used(str), domain: used(str), profile: used(profileV1) }),
  ),
});

const jobResultV1 = z.looseObject({ id: str, name: used(str), status: used(str), datas: items, cost });

export const enrichResultV1 = jobResultV1;
export const reverseResultV1 = jobResultV1;

// ---- starts, search, account, errors ----

export const startResponse = z.looseObject({ enrichment_id: z.string().check(z.minLength(1)) });

export const companySchema = z.looseObject({
  id: used(str),
  name: used(str),
  domain: used(str),
  description: used(str),
  year_founded: used(num),
  headcount: used(num),
  headcount_range: used(str),
  company_type: used(str),
  locations: used(companyLocations),
  social_profiles: used(companySocial),
  specialties: used(z.array(str)),
  industry: used(industry),
});

/** `metadata` of people search is not in the spec; we assume the company search shape {total, offset}. */
export const searchMetadata = z.looseObject({ total: used(num), offset: used(num) });

export const companySearchResponse = z.looseObject({
  companies: z.array(companySchema),
  metadata: used(searchMetadata),
});

export const peopleSearchResponse = z.looseObject({
  people: z.array(personSchema),
  metadata: used(searchMetadata),
});

export const keyCheckResponse = z.looseObject({ workspace_id: str });
export const balanceResponse = z.looseObject({ balance: num });

export const errorBody = z.looseObject({ code: str, message: used(str) });

export type Address = z.infer<typeof addressSchema>;
export type Person = z.infer<typeof personSchema>;
export type Employment = z.infer<typeof employmentSchema>;
export type EnrichmentRecordV2 = z.infer<typeof enrichmentRecordV2>;
export type ReverseRecordV2 = z.infer<typeof reverseRecordV2>;
export type EnrichResultV2 = z.infer<typeof enrichResultV2>;
export type ReverseResultV2 = z.infer<typeof reverseResultV2>;
export type ProfileV1 = z.infer<typeof profileV1>;
export type EnrichItemResultV1 = z.infer<typeof enrichItemResultV1>;
export type ReverseItemResultV1 = z.infer<typeof reverseItemResultV1>;
export type EnrichResultV1 = z.infer<typeof enrichResultV1>;
export type ReverseResultV1 = z.infer<typeof reverseResultV1>;
export type StartResponse = z.infer<typeof startResponse>;
export type Company = z.infer<typeof companySchema>;
export type CompanySearchResponse = z.infer<typeof companySearchResponse>;
export type PeopleSearchResponse = z.infer<typeof peopleSearchResponse>;
export type KeyCheckResponse = z.infer<typeof keyCheckResponse>;
export type BalanceResponse = z.infer<typeof balanceResponse>;
export type ErrorBody = z.infer<typeof errorBody>;
