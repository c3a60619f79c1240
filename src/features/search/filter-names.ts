/**
 * Naming a search by the filter table (domain/search-filters.ts): what it asks in one line, for a
 * tab's card, and the tab's name.
 */
import { SEARCH_FILTERS, type SearchKind } from '../../domain/search-filters';
import type { RangeFilterEntry, SearchFilters, TextFilterEntry } from '../../api/schemas/requests';

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
  if (entry.min !== undefined && entry.max !== undefined) return `${entry.min}–${entry.max} ${unit}`;
  return entry.min !== undefined ? `${unit} ≥ ${entry.min}` : `${unit} ≤ ${entry.max}`;
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
  const at = kind === 'people' && ids.length > 0 && ids.every((entry) => 'value' in entry && !entry.exclude);
  const title = at
    ? `People at ${companyNames(ids as TextFilterEntry[], labels)}`
    : kind === 'people'
      ? 'People'
      : 'Companies';
  const described = describeFilters(kind, at ? others : filters, labels);
  const name = (described ? `${title} · ${described}` : at ? title : `${title} · all`)
    .replace(/[[\]*?/\\:\s]+/g, ' ')
    .trim();
  return name.length > TAB_NAME_LENGTH ? `${name.slice(0, TAB_NAME_LENGTH - 1).trimEnd()}…` : name;
}

/** "Acme, Globex +18": two names, each short enough that the count always shows. */
function companyNames(entries: readonly TextFilterEntry[], labels: FilterLabels): string {
  const names = entries.map((entry) => {
    const name = (labels[entry.value] ?? entry.value).trim();
    return name.length > 20 ? `${name.slice(0, 19).trimEnd()}…` : name;
  });
  return names.slice(0, 2).join(', ') + (names.length > 2 ? ` +${names.length - 2}` : '');
}
