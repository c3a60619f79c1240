/**
 * The search filters (spec §4.8, §4.9, §2.7), one table: the sidebar draws its form from it, the
 * server checks a request against it, the tab name is made from it. Names are the API's (a test
 * holds them equal to the request schemas' lists), labels are ours; the order is the form's (the
 * first ones open). What only the form needs (which are open, suggestions) is in
 * sidebar/search-form.ts, so Code.js does not carry it.
 */
/** What a search finds. */
export type SearchKind = 'companies' | 'people';

export interface FilterSpec {
  name: string;
  label: string;
  type: 'text' | 'range';
}

/** A text entry: a value to match, whole (exact) or as a part, to keep or to leave out (exclude). */
export interface TextEntry {
  value: string;
  exact_match?: boolean;
  exclude?: boolean;
}
/** A range entry: inclusive bounds, either optional. */
export interface RangeEntry {
  min?: number;
  max?: number;
  exclude?: boolean;
}
export type FilterEntry = TextEntry | RangeEntry;
/** A search's filters as the API takes them: filter name → entries. */
export type SearchFilters = Record<string, FilterEntry[]>;

const text = (name: string, label: string): FilterSpec => ({ name, label, type: 'text' });
const range = (name: string, label: string): FilterSpec => ({ name, label, type: 'range' });

export const SEARCH_FILTERS: Readonly<Record<SearchKind, readonly FilterSpec[]>> = {
  companies: [
    text('names', 'Company names'),
    text('industries', 'Industries'),
    text('headquarters_locations', 'Headquarters'),
    range('headcounts', 'Employees'),
    text('domains', 'Domains'),
    text('keywords', 'Keywords in description'),
    text('specialties', 'Specialties'),
    text('types', 'Company types'),
    range('founded_years', 'Founded (year)'),
    text('network_urls', 'Company profile URLs'),
    text('company_ids', 'Company IDs'),
  ],
  people: [
    text('current_position_titles', 'Job titles'),
    text('person_locations', 'Person locations'),
    text('current_company_names', 'Current companies'),
    text('current_position_seniority_level', 'Seniority'),
    text('current_company_industries', 'Company industries'),
    range('current_company_headcounts', 'Company employees'),
    text('current_company_domains', 'Current company domains'),
    text('current_company_headquarters', 'Company headquarters'),
    text('current_company_types', 'Company types'),
    text('current_company_specialties', 'Company specialties'),
    range('current_company_founded_years', 'Company founded (year)'),
    text('past_position_titles', 'Past job titles'),
    text('past_company_names', 'Past companies'),
    text('past_company_domains', 'Past company domains'),
    text('person_names', 'Person names'),
    text('person_skills', 'Skills'),
    text('person_universities', 'Universities'),
    range('current_position_years_in', 'Years in current position'),
    range('current_company_years_at', 'Years at current company'),
    range('current_company_days_since_last_job_change', 'Days since last job change'),
    text('person_network_urls', 'Person profile URLs'),
    text('current_company_network_urls', 'Current company profile URLs'),
    text('current_company_ids', 'Current company IDs'),
    text('person_ids', 'Person IDs'),
  ],
};
