/**
 * Company and people search (spec 4.8, 4.9). Semantics (docs/api-decisions.md):
 * - text entries match case-insensitively, as a substring, or the whole value with `exact_match`;
 *   a field with several values (specialties, skills, locations...) matches when any value does;
 * - within one filter, include entries are OR'd and any matching `exclude` entry removes the item;
 * - different filters are AND'd; range entries are inclusive, either bound optional;
 * - an item without the value (no current company...) never matches an include entry.
 * The fields are declared here; search-index.ts answers the filters over them.
 */
import type { COMPANY_FILTERS, PEOPLE_FILTERS, RangeEntry, TextEntry } from './requests';
import type { Company, Person } from './world';
import { normalizeDomain } from './world/normalize';
import { WORLD_TODAY, WORLD_TODAY_MONTH } from './world/vocab';

export type TextField<T> = {
  kind: 'text';
  values: (item: T) => readonly string[];
  normalize?: (value: string) => string;
};
export type RangeField<T> = { kind: 'range'; value: (item: T) => number | undefined };
export type SearchFields<T> = Record<string, TextField<T> | RangeField<T>>;
export type Filters = Record<string, readonly (TextEntry | RangeEntry)[] | undefined>;
/** One field per filter of a search body (requests.ts), of the filter's kind: none missing, none extra. */
type FieldsOf<T, F extends { readonly text: readonly string[]; readonly range: readonly string[] }> = {
  [K in F['text'][number]]: TextField<T>;
} & { [K in F['range'][number]]: RangeField<T> };

/** The normalization of text fields that declare none. */
export const lower = (value: string): string => value.toLowerCase();
/** `https://www.linkedin.com/in/x/` and `linkedin.com/in/x` are the same profile. */
const normalizeUrl = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');

const text = <T>(
  values: (item: T) => readonly (string | undefined)[],
  normalize?: (value: string) => string,
): TextField<T> => ({
  kind: 'text',
  values: (item) => values(item).filter((value): value is string => value !== undefined),
  ...(normalize ? { normalize } : {}),
});
const range = <T>(value: (item: T) => number | undefined): RangeField<T> => ({ kind: 'range', value });

const placeValues = (a: { city: string; region: string; country: string; country_code: string }) => [
  a.city,
  a.region,
  a.country,
  a.country_code,
];

export const COMPANY_FIELDS: FieldsOf<Company, typeof COMPANY_FILTERS> = {
  names: text((c) => [c.name]),
  domains: text((c) => [c.domain], normalizeDomain),
  network_urls: text((c) => [c.networkUrl], normalizeUrl),
  keywords: text((c) => [c.description]),
  specialties: text((c) => c.specialties),
  industries: text((c) => [c.industry]),
  types: text((c) => [c.type]),
  headquarters_locations: text((c) => placeValues(c.headquarters)),
  company_ids: text((c) => [c.id]),
  founded_years: range((c) => c.yearFounded),
  headcounts: range((c) => c.headcount),
};

const MS_PER_DAY = 86_400_000;
const monthStartMs = (month: number): number => Date.UTC(Math.floor(month / 12), month % 12, 1);
const currentCompany = (p: Person): Company | undefined => p.current?.company;

export const PEOPLE_FIELDS: FieldsOf<Person, typeof PEOPLE_FILTERS> = {
  current_company_names: text((p) => [currentCompany(p)?.name]),
  current_company_domains: text((p) => [currentCompany(p)?.domain], normalizeDomain),
  current_company_network_urls: text((p) => [currentCompany(p)?.networkUrl], normalizeUrl),
  current_company_specialties: text((p) => currentCompany(p)?.specialties ?? []),
  current_company_industries: text((p) => [currentCompany(p)?.industry]),
  current_company_types: text((p) => [currentCompany(p)?.type]),
  current_company_headquarters: text((p) => {
    const company = currentCompany(p);
    return company ? placeValues(company.headquarters) : [];
  }),
  current_company_ids: text((p) => [currentCompany(p)?.id]),
  past_company_names: text((p) => p.past.map((e) => e.company.name)),
  past_company_domains: text((p) => p.past.map((e) => e.company.domain), normalizeDomain),
  person_ids: text((p) => [p.id]),
  person_names: text((p) => [p.fullName]),
  person_network_urls: text((p) => [p.networkUrl], normalizeUrl),
  person_locations: text((p) => [p.city, p.region, p.country, p.countryCode]),
  person_skills: text((p) => p.skills),
  person_universities: text((p) => p.educations.map((e) => e.school)),
  current_position_seniority_level: text((p) => [p.current?.seniority]),
  current_position_titles: text((p) => [p.current?.title]),
  past_position_titles: text((p) => p.past.map((e) => e.title)),
  current_company_headcounts: range((p) => currentCompany(p)?.headcount),
  current_company_founded_years: range((p) => currentCompany(p)?.yearFounded),
  current_position_years_in: range(
    (p) => p.current && Math.floor((WORLD_TODAY_MONTH - p.current.startMonth) / 12),
  ),
  // The world has one position per company, so years at the company equal years in the position.
  current_company_years_at: range(
    (p) => p.current && Math.floor((WORLD_TODAY_MONTH - p.current.startMonth) / 12),
  ),
  current_company_days_since_last_job_change: range(
    (p) => p.current && Math.floor((WORLD_TODAY - monthStartMs(p.current.startMonth)) / MS_PER_DAY),
  ),
};
