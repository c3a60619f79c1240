/** What the sidebar's search panel may call: preview, load into a tab, load more, refresh, follow-ups. */
import * as z from 'zod/mini';
import { call, query, wholeNumber } from '../../rpc/table';
import * as search from './search-service';

const sheetId = () => wholeNumber(0);
const loadMoreRequest = () => z.object({ sheetId: sheetId(), rows: search.searchRows() });

export const SEARCH_RPC = {
  /** The total of a search and the most loading `rows` of it can cost (asks the API for one result). */
  previewSearch: call('search', search.searchRequestSchema, search.previewSearch),
  /** Creates the search's tab and loads what one call has time for; continueSearch goes on. */
  startSearch: call('search', search.searchRequestSchema, search.startSearch),
  continueSearch: call('tab', sheetId, search.continueSearch),
  /** The search tab the user is on, or null. */
  getSearchTab: query(search.activeSearchTab),
  loadMoreSearch: call('load more request', loadMoreRequest, (ctx, request) =>
    search.loadMoreSearch(ctx, request.sheetId, request.rows),
  ),
  refreshSearch: call('tab', sheetId, search.refreshSearch),
  /** Selects a people tab's rows for the Enrich panel. */
  selectSearchTabRows: call('tab', sheetId, search.selectSearchTabRows),
  /** The current-company filter of a company tab's companies. */
  companiesFilter: call('tab', sheetId, search.companiesFilter),
};
