/**
 * The columns of a search tab, one table per kind: header and how the cell is read from a result.
 * Results are read field by field and leniently (a missing or odd field gives an empty cell, never a
 * failed page). A number the API sends as one (employees, founded) is written as a number, so it
 * sorts and sums; every other cell is written as text (a name starting with "=" stays a name). The
 * people tab's headers are ones the column detection knows, so "Enrich these people" maps the tab by
 * itself (profile URL included).
 */
import type { SearchKind } from '../../domain/search-filters';
import { valueAt } from '../../domain/objects';

/** A cell of a search tab: a number from a numeric field, text otherwise. */
export type SearchCell = string | number;

export interface SearchColumn {
  header: string;
  read: (item: unknown) => SearchCell;
}

/** The value at a dotted path ("employment.current.title") of a result. */
const pick = (item: unknown, path: string): unknown => valueAt(item, path.split('.'));

/** The value at a path, as cell text: strings trimmed, finite numbers written out, anything else empty. */
function at(item: unknown, path: string): string {
  const value = pick(item, path);
  if (typeof value === 'string') return value.trim();
  // Number.isFinite is false for anything but a finite number.
  if (Number.isFinite(value)) return String(value);
  return '';
}

/** The strings of an array at a path, joined; other values left out. */
function list(item: unknown, path: string): string {
  const values = pick(item, path);
  if (!Array.isArray(values)) return '';
  return values
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
    .join(', ');
}

/** "City, Region, Country" of whatever parts are there. */
function place(item: unknown, path: string): string {
  const parts = ['city', 'region', 'country'].map((part) => at(item, `${path}.${part}`)).filter(Boolean);
  return [...new Set(parts)].join(', ');
}

const column = (header: string, read: (item: unknown) => SearchCell): SearchColumn => ({ header, read });
const field = (header: string, path: string): SearchColumn => column(header, (item) => at(item, path));
/** A numeric field: the number when the API gives one, else whatever text it gave. */
const count = (header: string, path: string): SearchColumn =>
  column(header, (item) => {
    const value = pick(item, path);
    return Number.isFinite(value) ? (value as number) : at(item, path);
  });

/** Both kinds of result link their profile the same way. */
const PROFILE_URL = field('Profile URL', 'social_profiles.network.url');
/** A person's current company, in a people result. */
const company = (path: string) => `employment.current.company.${path}`;

const SEARCH_COLUMNS: Readonly<Record<SearchKind, readonly SearchColumn[]>> = {
  // Each kind's id last: a key for Refresh and for support, not something people read first.
  people: [
    field('Full name', 'full_name'),
    field('First name', 'first_name'),
    field('Last name', 'last_name'),
    field('Title', 'employment.current.title'),
    field('Company', company('name')),
    field('Company domain', company('domain')),
    PROFILE_URL,
    column('Location', (item) => place(item, 'location')),
    field('Country', 'location.country'),
    count('Company employees', company('headcount')),
    field('Company industry', company('industry.main_industry')),
    field('Company ID', company('id')),
    field('Person ID', 'id'),
  ],
  companies: [
    field('Name', 'name'),
    field('Domain', 'domain'),
    field('Industry', 'industry.main_industry'),
    field('Type', 'company_type'),
    count('Employees', 'headcount'),
    field('Headcount range', 'headcount_range'),
    count('Founded', 'year_founded'),
    column('Headquarters', (item) => place(item, 'locations.headquarters')),
    field('Country', 'locations.headquarters.country'),
    PROFILE_URL,
    column('Specialties', (item) => list(item, 'specialties')),
    field('Description', 'description'),
    field('Company ID', 'id'),
  ],
};

/** Where a kind's id is in its row: last. */
export const idAt = (kind: SearchKind): number => SEARCH_COLUMNS[kind].length - 1;

export const headersOf = (kind: SearchKind): string[] => SEARCH_COLUMNS[kind].map((col) => col.header);

/** One result as the tab's row. */
export function rowOf(kind: SearchKind, item: unknown): SearchCell[] {
  return SEARCH_COLUMNS[kind].map((col) => col.read(item));
}

/** Where a kind's key cells are in its row (besides its id): profile URL, name, domain; found once. */
const keyColumns = (kind: SearchKind, name: string, domain: string): number[] =>
  [PROFILE_URL.header, name, domain].map((header) =>
    SEARCH_COLUMNS[kind].findIndex((col) => col.header === header),
  );
const KEY_COLUMNS = {
  people: keyColumns('people', 'Full name', 'Company domain'),
  companies: keyColumns('companies', 'Name', 'Domain'),
};

/**
 * What makes a result the same as another: its id; without one, its profile URL; without that, its
 * name and domain. A result with none of these is its own (it is kept, never merged).
 */
export function keyOf(kind: SearchKind, cells: readonly SearchCell[]): string {
  const row = cells.map(String);
  const id = row[idAt(kind)]?.trim();
  if (id) return `id:${id}`;
  const [url, name, domain] = KEY_COLUMNS[kind].map((at) => row[at]?.trim().toLowerCase());
  const link = url?.replace(/\/+$/, '');
  if (link) return `url:${link}`;
  return name ? `name:${name}|${domain ?? ''}` : '';
}
