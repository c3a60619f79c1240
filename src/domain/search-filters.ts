/**
 * The search filters (spec §4.8, §4.9, §2.7), one table: the sidebar draws its form from it, the
 * server checks a request against it, the tab name is made from it. Names are the API's (a test
 * holds them equal to the request schemas' lists), labels are ours; the order is the form's (the
 * first ones open). What only the form needs (which are open, suggestions) is in
 * sidebar/search-form.ts, so Code.js does not carry it.
 */
import { LIMITS } from './limits';
import { isObject } from './objects';
import { formatNumber } from './words';

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

// Checking, describing and naming a search by the table.

// Number.isInteger is false for anything not a number.
const isWhole = (value: unknown): value is number => Number.isInteger(value);

/** Entries a filter may hold; a search with more is surely a mistake (and a property must stay under 9 KB). */
const MAX_ENTRIES = LIMITS.searchFilterEntries;

/**
 * Checks a search's filters against the table: known names only, entries of the right shape, values
 * trimmed, empty filters dropped. Returns the filters to send, or one line saying what is wrong.
 */
export function checkFilters(
  kind: SearchKind,
  input: unknown,
): { filters: SearchFilters } | { problem: string } {
  if (!isObject(input)) return { problem: 'Filters must be an object of filter name → entries.' };
  const specs = new Map(SEARCH_FILTERS[kind].map((spec) => [spec.name, spec]));
  const filters: SearchFilters = {};
  for (const [name, entries] of Object.entries(input)) {
    const spec = specs.get(name);
    if (!spec) {
      const guess = closestName(name, [...specs.keys()]);
      const hint = guess ? `: did you mean "${guess}"?` : '.';
      return {
        problem: `"${name}" is not a ${kind === 'people' ? 'people' : 'company'} search filter${hint}`,
      };
    }
    if (!Array.isArray(entries)) return { problem: `${spec.label}: expected a list of entries.` };
    if (entries.length > MAX_ENTRIES) return { problem: `${spec.label}: at most ${MAX_ENTRIES} values.` };
    const checked: FilterEntry[] = [];
    for (const entry of entries) {
      const result = spec.type === 'text' ? textEntry(entry) : rangeEntry(entry);
      if (typeof result === 'string') return { problem: `${spec.label}: ${result}` };
      if (result) checked.push(result);
    }
    if (checked.length > 0) filters[name] = checked;
  }
  return { filters };
}

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

function flags(entry: Record<string, unknown>, keys: readonly string[]): string | Record<string, true> {
  const set: Record<string, true> = {};
  for (const key of keys) {
    const value = entry[key];
    if (value === undefined || value === false) continue;
    if (value !== true) return `${key} must be true or false.`;
    set[key] = true;
  }
  return set;
}

/** The first key of `entry` not among `known`, as the problem it is. */
function unknownOption(entry: Record<string, unknown>, known: readonly string[]): string | undefined {
  const unknown = Object.keys(entry).find((key) => !known.includes(key));
  return unknown && `unknown option "${unknown}".`;
}

/** A text entry's yes/no options. */
const TEXT_FLAGS = ['exact_match', 'exclude'];

function textEntry(entry: unknown): TextEntry | string | null {
  if (!isObject(entry) || typeof entry.value !== 'string') return 'each value must be text.';
  const unknown = unknownOption(entry, ['value', ...TEXT_FLAGS]);
  if (unknown) return unknown;
  const value = entry.value.trim();
  if (!value) return null;
  if (value.length > 200) return 'a value is longer than 200 characters.';
  const set = flags(entry, TEXT_FLAGS);
  return typeof set === 'string' ? set : { value, ...set };
}

function rangeEntry(entry: unknown): RangeEntry | string | null {
  if (!isObject(entry)) return 'each range must be an object with min and/or max.';
  const unknown = unknownOption(entry, ['min', 'max', 'exclude']);
  if (unknown) return unknown;
  const { min, max } = entry;
  if ((min !== undefined && !isWhole(min)) || (max !== undefined && !isWhole(max))) {
    return 'min and max must be whole numbers.';
  }
  if (min === undefined && max === undefined) return null;
  // A missing bound leaves its end open.
  if ((min ?? -Infinity) > (max ?? Infinity)) return `min (${min}) is above max (${max}).`;
  const set = flags(entry, ['exclude']);
  if (typeof set === 'string') return set;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), ...set };
}

/** What to show for a filter's values instead of them: a company's name for its id. */
export type FilterLabels = Readonly<Record<string, string>>;

/** "VP Sales · Berlin · not Acme · 50–200 employees": what a search asks, for a tab name or a card. */
export function describeFilters(kind: SearchKind, filters: SearchFilters, labels: FilterLabels = {}): string {
  const parts: string[] = [];
  for (const spec of SEARCH_FILTERS[kind]) {
    for (const entry of filters[spec.name] ?? []) {
      const shown = 'value' in entry ? (labels[entry.value] ?? entry.value) : rangeText(entry, spec.label);
      parts.push(entry.exclude ? `not ${shown}` : shown);
    }
  }
  return parts.join(' · ');
}

function rangeText(entry: RangeEntry, label: string): string {
  const unit = label.toLowerCase();
  const min = entry.min !== undefined ? formatNumber(entry.min) : undefined;
  const max = entry.max !== undefined ? formatNumber(entry.max) : undefined;
  if (min !== undefined && max !== undefined) return `${min}–${max} ${unit}`;
  return min !== undefined ? `${unit} ≥ ${min}` : `${unit} ≤ ${max}`;
}

/** The filter "Find people at these companies" fills: the tab is named after its companies. */
const COMPANY_IDS = 'current_company_ids';
const TAB_NAME_LENGTH = 60;

/**
 * A tab name from the query: "People · VP Sales · Berlin", or "People at Acme, Globex +18 · VP Sales"
 * for a search at given companies (their names from `labels`), short enough to read on the tab bar
 * and without the characters Sheets refuses in a sheet name.
 */
export function tabNameFor(kind: SearchKind, filters: SearchFilters, labels: FilterLabels = {}): string {
  const { [COMPANY_IDS]: ids = [], ...others } = filters;
  const at = atCompanies(kind, ids);
  const title = at
    ? `People at ${companyNames(ids as TextEntry[], labels)}`
    : kind === 'people'
      ? 'People'
      : 'Companies';
  const described = describeFilters(kind, at ? others : filters, labels);
  const name = (described ? `${title} · ${described}` : at ? title : `${title} · all`)
    .replace(/[[\]*?/\\:\s]+/g, ' ')
    .trim();
  return name.length > TAB_NAME_LENGTH ? `${name.slice(0, TAB_NAME_LENGTH - 1).trimEnd()}…` : name;
}

/** A people search at given companies (all included, none excluded): named after them. */
const atCompanies = (kind: SearchKind, ids: readonly FilterEntry[]): ids is TextEntry[] =>
  kind === 'people' && ids.length > 0 && ids.every((entry) => 'value' in entry && !entry.exclude);

/**
 * "at Acme, Globex +18 · VP Sales": a search's query for its card and preview, its companies by
 * name (never their ids); `labels` needs only the names of the first two companies.
 */
export function describeSearch(kind: SearchKind, filters: SearchFilters, labels: FilterLabels = {}): string {
  const { [COMPANY_IDS]: ids = [], ...others } = filters;
  if (!atCompanies(kind, ids)) return describeFilters(kind, filters, labels);
  return [`at ${companyNames(ids, labels)}`, describeFilters(kind, others, labels)]
    .filter(Boolean)
    .join(' · ');
}

/** The labels describeSearch and tabNameFor use, to keep with a tab: the first two companies'. */
export function labelsToKeep(filters: SearchFilters, labels: FilterLabels = {}): Record<string, string> {
  const kept = (filters[COMPANY_IDS] ?? [])
    .slice(0, 2)
    .flatMap((entry) =>
      'value' in entry && labels[entry.value] ? [[entry.value, labels[entry.value]!]] : [],
    );
  return Object.fromEntries(kept);
}

/** "Acme, Globex +18": two names, each short enough that the count always shows. */
function companyNames(entries: readonly TextEntry[], labels: FilterLabels): string {
  const names = entries.map((entry) => {
    const name = (labels[entry.value] ?? entry.value).trim();
    return name.length > 20 ? `${name.slice(0, 19).trimEnd()}…` : name;
  });
  return names.slice(0, 2).join(', ') + (names.length > 2 ? ` +${names.length - 2}` : '');
}
