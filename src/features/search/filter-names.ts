/**
 * Naming a search by the filter table (domain/search-filters.ts): what it asks in one line, for a
 * tab's card, and the tab's name.
 */
import { SEARCH_FILTERS, type SearchKind } from '../../domain/search-filters';
import type {
  FilterEntry,
  RangeFilterEntry,
  SearchFilters,
  TextFilterEntry,
} from '../../api/schemas/requests';
import { formatNumber } from '../../domain/words';

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

function rangeText(entry: RangeFilterEntry, label: string): string {
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
  const title = at ? `People at ${companyNames(ids, labels)}` : kind === 'people' ? 'People' : 'Companies';
  const described = describeFilters(kind, at ? others : filters, labels);
  const name = (described ? `${title} · ${described}` : at ? title : `${title} · all`)
    .replace(/[[\]*?/\\:\s]+/g, ' ')
    .trim();
  return name.length > TAB_NAME_LENGTH ? `${name.slice(0, TAB_NAME_LENGTH - 1).trimEnd()}…` : name;
}

/** A people search at given companies (all included, none excluded): named after them. */
const atCompanies = (kind: SearchKind, ids: readonly FilterEntry[]): ids is TextFilterEntry[] =>
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
function companyNames(entries: readonly TextFilterEntry[], labels: FilterLabels): string {
  const names = entries.map((entry) => {
    const name = (labels[entry.value] ?? entry.value).trim();
    return name.length > 20 ? `${name.slice(0, 19).trimEnd()}…` : name;
  });
  return names.slice(0, 2).join(', ') + (names.length > 2 ? ` +${names.length - 2}` : '');
}
