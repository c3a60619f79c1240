/**
 * Checks a search's filters (the page's, the command line's, a stored tab's) against the filter
 * table (domain/search-filters.ts) and the API's entry schemas (schemas/requests.ts), so an entry
 * has one shape for checking and for requests. What is wrong is said in one line, in the user's
 * words (the form's labels, not the schema's paths).
 */
import * as z from 'zod/mini';
import { LIMITS } from '../domain/limits';
import { isObject } from '../domain/objects';
import { closestName, SEARCH_FILTERS, type SearchKind } from '../domain/search-filters';
import {
  rangeFilterEntry,
  textFilterEntry,
  type FilterEntry,
  type RangeFilterEntry,
  type SearchFilters,
  type TextFilterEntry,
} from './schemas/requests';

/** Entries a filter may hold; a search with more is surely a mistake (and a property must stay under 9 KB). */
const MAX_ENTRIES = LIMITS.searchFilterEntries;
/** Characters of a text value (the API's limit is not in the spec; longer is surely a paste gone wrong). */
const MAX_VALUE = 200;

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

/** A text entry as sent (value trimmed, false flags left out), null when its value is blank, or what is wrong. */
function textEntry(entry: unknown): TextFilterEntry | string | null {
  const parsed = z.safeParse(textFilterEntry(), entry);
  if (!parsed.success) return problemOf(parsed.error.issues, 'each value must be text.');
  const { exact_match, exclude } = parsed.data;
  const value = parsed.data.value.trim();
  if (!value) return null;
  if (value.length > MAX_VALUE) return `a value is longer than ${MAX_VALUE} characters.`;
  return { value, ...(exact_match ? { exact_match } : {}), ...(exclude ? { exclude } : {}) };
}

/** A range entry as sent (absent bounds left open), null when it has neither bound, or what is wrong. */
function rangeEntry(entry: unknown): RangeFilterEntry | string | null {
  const parsed = z.safeParse(rangeFilterEntry(), entry);
  if (!parsed.success)
    return problemOf(parsed.error.issues, 'each range must be an object with min and/or max.');
  const { min, max, exclude } = parsed.data;
  if (min === undefined && max === undefined) return null;
  if ((min ?? -Infinity) > (max ?? Infinity)) return `min (${min}) is above max (${max}).`;
  return {
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(exclude ? { exclude } : {}),
  };
}

/**
 * The schema's issues as one line, the most telling first: an entry that is no object (or has no
 * text value) is `shape`, then an unknown option (most likely a typo), then the first bad option.
 */
function problemOf(issues: readonly z.core.$ZodIssue[], shape: string): string {
  const first = (issue: z.core.$ZodIssue): PropertyKey | undefined => issue.path[0];
  if (
    issues.some(
      (issue) => (issue.path.length === 0 && issue.code === 'invalid_type') || first(issue) === 'value',
    )
  )
    return shape;
  const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown) return `unknown option "${unknown.keys[0]}".`;
  const option = String(issues[0] ? first(issues[0]) : '');
  return option === 'min' || option === 'max'
    ? 'min and max must be whole numbers.'
    : `${option} must be true or false.`;
}
