/**
 * The sidebar's search functions: preview, search into a new tab, go on loading, Load more, Refresh,
 * and the two ways from a list onwards (enrich a people tab, search people at a company tab's companies).
 */
import * as z from 'zod/mini';
import type { AppContext } from '../../engine/context';
import { LIMITS } from '../../domain/limits';
import { SEARCH_RESULT_PRICE } from '../../domain/fields';
import { checkFilters } from '../../api/filter-check';
import type { SearchFilters } from '../../api/schemas/requests';
import type { SearchKind } from '../../domain/search-filters';
import { describeSearch } from './filter-names';
import * as searches from '../search/search-run';
import { readSearchTab, type SearchTabRecord } from './search-store';
import { UserError } from '../../domain/user-error';
import { text, wholeNumber } from '../../rpc/table';

/** A search tab: its query, what it holds and whether it is still loading. */
export interface SearchTabView {
  sheetId: number;
  sheetName: string;
  kind: SearchKind;
  description: string;
  /** Rows the tab holds now (the user may have deleted some since they loaded). */
  rows: number;
  /** Results of the search paged through so far: what Refresh looks through again. */
  loaded: number;
  /** Every match at the last page; null when the API does not say. */
  total: number | null;
  /** Results the user agreed to load. */
  max: number;
  state: SearchTabRecord['state'];
  /** Why it stopped or paused, in plain words. */
  reason?: string;
  refreshing: boolean;
  /** Matches not loaded yet (as of the last page); null when unknown (the API gives no total). */
  more: number | null;
  pricePerResult: number;
}

/** People search at a company tab's companies: the filter, and the names to show for its ids. */
export interface CompaniesFilterView {
  kind: 'people';
  filters: SearchFilters;
  labels: Record<string, string>;
  companies: number;
  /** Companies of the tab left out (one filter takes at most 100). */
  leftOut: number;
}

/** Results a search may load into a tab at one request. */
export const searchRows = () => wholeNumber(1, LIMITS.searchMaxRows);

/** A search as the page sends it (previewSearch, startSearch). */
export const searchRequestSchema = () =>
  z.object({
    kind: z.enum(['companies', 'people']),
    // Checked against the filter table by searchRequest below, which says in one line what is wrong.
    filters: z.unknown(),
    /** Results to load into the tab. */
    rows: searchRows(),
    /** Names to show for filter values (a company's for its id): the tab is named with them. */
    labels: z.optional(z.record(z.string(), text(200))),
  });
export type SearchRequestInput = z.output<ReturnType<typeof searchRequestSchema>>;

/** The request as the page sent it, with its filters checked against the table. */
export function searchRequest(input: SearchRequestInput): searches.SearchRequest {
  const checked = checkFilters(input.kind, input.filters);
  if ('problem' in checked) throw new UserError(checked.problem);
  return { ...input, filters: checked.filters };
}

export function searchTabView(ctx: AppContext, sheetId: number): SearchTabView | null {
  const sheet = ctx.spreadsheet.sheetById(sheetId);
  const record = sheet ? readSearchTab(ctx, sheetId) : null;
  if (!sheet || !record) return null;
  return {
    sheetId,
    sheetName: sheet.name(),
    kind: record.kind,
    description: describeSearch(record.kind, record.filters, record.labels) || 'everything',
    // What the tab holds now, not what it was given: rows deleted since are gone.
    rows: record.state === 'loading' ? record.rows : Math.max(0, sheet.lastRow() - 1),
    loaded: record.offset,
    total: record.total ?? null,
    max: record.max,
    state: record.state,
    ...(record.reason ? { reason: record.reason } : {}),
    refreshing: record.refreshUntil !== undefined,
    more:
      record.total !== undefined
        ? Math.max(0, record.total - record.offset)
        : record.state === 'done' && record.offset < record.max
          ? 0
          : null,
    pricePerResult: SEARCH_RESULT_PRICE,
  };
}

const viewOf = (ctx: AppContext, sheetId: number): SearchTabView => {
  const view = searchTabView(ctx, sheetId);
  if (!view) throw new UserError(searches.TAB_DELETED);
  return view;
};

/** The search tab the user is on, or null. */
export function activeSearchTab(ctx: AppContext): SearchTabView | null {
  return searchTabView(ctx, ctx.spreadsheet.activeSheet().id());
}

export function previewSearch(ctx: AppContext, input: SearchRequestInput): searches.SearchPreview {
  return searches.previewSearch(ctx, searchRequest(input));
}

export function startSearch(ctx: AppContext, input: SearchRequestInput): SearchTabView {
  return viewOf(ctx, searches.startSearch(ctx, searchRequest(input)).id());
}

/** Does `act` to a tab, then answers with the tab's view. */
const thenView =
  <R extends unknown[]>(act: (ctx: AppContext, sheetId: number, ...rest: R) => void) =>
  (ctx: AppContext, sheetId: number, ...rest: R): SearchTabView => {
    act(ctx, sheetId, ...rest);
    return viewOf(ctx, sheetId);
  };

export const continueSearch = thenView(searches.continueSearch);
export const loadMoreSearch = thenView(searches.loadMore);
export const refreshSearch = thenView(searches.refreshSearch);

/**
 * Selects a people tab's rows, so the Enrich panel plans them (its mapping comes from the headers).
 * Answers null: the page plans the selection next.
 */
export function selectSearchTabRows(ctx: AppContext, sheetId: number): null {
  const view = viewOf(ctx, sheetId);
  if (view.kind !== 'people') throw new UserError('Only a people tab can be enriched.');
  const last = ctx.spreadsheet.sheetById(sheetId)!.lastRow();
  if (last < 2) throw new UserError('This tab has no people yet.');
  ctx.spreadsheet.selectRows(sheetId, 2, last);
  return null;
}

/** A people search's current-company filter made of a company tab's companies (by id: names are ambiguous). */
export function companiesFilter(ctx: AppContext, sheetId: number): CompaniesFilterView {
  const view = viewOf(ctx, sheetId);
  if (view.kind !== 'companies') throw new UserError('Only a company tab lists companies.');
  const sheet = ctx.spreadsheet.sheetById(sheetId)!;
  const last = Math.max(1, sheet.lastRow());
  const [header = [], ...rows] = sheet.readDisplayValues(1, 1, last, Math.max(1, sheet.lastColumn()));
  const idColumn = header.indexOf('Company ID');
  const nameColumn = header.indexOf('Name');
  const companies = rows
    .map((row) => ({ id: (row[idColumn] ?? '').trim(), name: (row[nameColumn] ?? '').trim() }))
    .filter((company) => idColumn >= 0 && company.id);
  if (companies.length === 0) throw new UserError('This tab has no companies with an ID yet.');
  // At most this many companies go into one people search: more would not fit one filter.
  const used = companies.slice(0, LIMITS.searchFilterEntries);
  const filters: SearchFilters = {
    current_company_ids: used.map((company) => ({ value: company.id, exact_match: true })),
  };
  return {
    kind: 'people' satisfies SearchKind,
    filters,
    labels: Object.fromEntries(used.map((company) => [company.id, company.name || company.id])),
    companies: used.length,
    leftOut: companies.length - used.length,
  };
}
