/**
 * The search filters (spec §4.8, §4.9, §2.7), one table: the sidebar draws its form from it, the
 * server checks a request against it (api/filter-check.ts), the tab name is made from it
 * (features/search/filter-names.ts). Names are the API's (a test holds them equal to the request
 * schemas' lists), labels are ours; the order is the form's (the first ones open). What only the
 * form needs (which are open, suggestions) is in sidebar/search-form.ts, so Code.js does not carry
 * it. An entry's shape is the API's request schema (api/schemas/requests.ts), not declared here.
 */

/** What a search finds. */
export type SearchKind = 'companies' | 'people';

export interface FilterSpec {
  name: string;
  label: string;
  type: 'text' | 'range';
}

/**
 * A list written as one string, "name:Label" entries split by '|', a range's name after a '#': the
 * 35 filters cost fewer bytes in Code.js than as object literals (every execution parses it).
 */
const specs = (list: string): readonly FilterSpec[] =>
  list.split('|').map((entry) => {
    const [name, label] = entry.split(':') as [string, string];
    return name[0] === '#' ? { name: name.slice(1), label, type: 'range' } : { name, label, type: 'text' };
  });

export const SEARCH_FILTERS: Readonly<Record<SearchKind, readonly FilterSpec[]>> = {
  companies: specs(
    'names:Company names|industries:Industries|headquarters_locations:Headquarters|' +
      '#headcounts:Employees|domains:Domains|keywords:Keywords in description|' +
      'specialties:Specialties|types:Company types|#founded_years:Founded (year)|' +
      'network_urls:Company profile URLs|company_ids:Company IDs',
  ),
  people: specs(
    'current_position_titles:Job titles|person_locations:Person locations|' +
      'current_company_names:Current companies|current_position_seniority_level:Seniority|' +
      'current_company_industries:Company industries|' +
      '#current_company_headcounts:Company employees|' +
      'current_company_domains:Current company domains|' +
      'current_company_headquarters:Company headquarters|current_company_types:Company types|' +
      'current_company_specialties:Company specialties|' +
      '#current_company_founded_years:Company founded (year)|' +
      'past_position_titles:Past job titles|past_company_names:Past companies|' +
      'past_company_domains:Past company domains|person_names:Person names|' +
      'person_skills:Skills|person_universities:Universities|' +
      '#current_position_years_in:Years in current position|' +
      '#current_company_years_at:Years at current company|' +
      '#current_company_days_since_last_job_change:Days since last job change|' +
      'person_network_urls:Person profile URLs|' +
      'current_company_network_urls:Current company profile URLs|' +
      'current_company_ids:Current company IDs|person_ids:Person IDs',
  ),
};

/** The known name a mistyped one most likely meant ("industry" → "industries"), if one is close. */
export function closestName(typed: string, names: readonly string[]): string | undefined {
  const word = typed
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  let best = '';
  let fewest = Infinity;
  for (const name of names) {
    const distance = editDistance(word, name);
    if (distance < fewest) [best, fewest] = [name, distance];
  }
  // A third of the name may be wrong: "industry" (3 of 10 from "industries") is a slip, "foo" is not.
  return best && fewest <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

/** Levenshtein distance: the fewest single-character edits from one to the other. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}
