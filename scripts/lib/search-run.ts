/**
 * The search flow of `npm run search`, through the built dist/Code.js in the local Apps Script
 * runtime, as the sidebar runs it: previewSearch, startSearch, then continueSearch while the tab is
 * loading. A tab of the same search in the stored state is taken up again instead: loadMoreSearch
 * for the rows not asked for yet, so nothing already loaded is fetched again.
 */
import { formatNumber, plural } from '../../src/domain/words';
import type { SearchPreview, SearchRequestInput, SearchTabView } from '../../src/app/sidebar-contract';
import type { KeyValueStore } from '../../src/platform/ports';
import { checkFilters } from '../../src/api/filter-check';
import type { SearchFilters } from '../../src/api/schemas/requests';
import type { SearchKind } from '../../src/domain/search-filters';
import { readSearchTab, type SearchTabRecord } from '../../src/features/search/search-store';
import type { Addon, RuntimeState } from '../../dev/gas/harness';
import { SPENDING_SHEET } from '../../src/store/spending';
import { callOrExplain, openRuntime } from './cli-runtime';
import { messageOf } from './enrich-run';

export interface SearchRunOptions {
  kind: SearchKind;
  /** The filters file's object, unchecked: the add-on checks it and says what is wrong. */
  filters: Record<string, unknown>;
  /** Results the tab should hold in the end. */
  max: number;
  apiBaseUrl: string;
  apiKey: string;
  /** Stored state of an earlier run: a tab of the same search there is taken up again. */
  state?: RuntimeState;
  onPreview?: (preview: SearchPreview) => void;
  /** After every call that loaded pages. */
  onProgress?: (view: SearchTabView) => void;
  /** Something the user should know that is no progress (nothing to load, an unreadable old tab). */
  onNote?: (text: string) => void;
  /**
   * Called at the end of the run, and of a failed run once the add-on may have changed the
   * spreadsheet: what landed is kept for the next run.
   */
  saveState?: (state: RuntimeState) => void;
}

export interface SearchRunSummary {
  view: SearchTabView;
  /** Absent when an earlier tab was taken up again (no preview is asked for then). */
  preview?: SearchPreview;
  /** The tab's cells as text, header first. */
  table: string[][];
  urlfetchCalls: number;
  /** What the API charged during the command, by kind, as the add-on's Spending tab books it. */
  spending: Record<string, number>;
}

/** A search tab of the stored state, with what it remembers. */
interface StoredTab {
  sheetId: number;
  record: SearchTabRecord;
}

/** Runs the search; see the module comment. Errors of the add-on come as EnrichRunError. */
export function runSearch(options: SearchRunOptions): SearchRunSummary {
  const earlier = options.state ? findSearchTab(options.state, options, options.onNote) : undefined;
  const addon = openRuntime(options);
  const spentBefore = spendingTab(addon);
  let changed = false;
  let finished = false;
  try {
    let preview: SearchPreview | undefined;
    let view: SearchTabView;
    if (earlier) {
      const rows = rowsToTakeUp(earlier.record, options.max);
      changed = rows !== null;
      if (rows === 'continue') {
        view = callOrExplain(addon, 'continueSearch', earlier.sheetId);
      } else if (rows !== null) {
        view = callOrExplain(addon, 'loadMoreSearch', { sheetId: earlier.sheetId, rows });
      } else {
        view = tabView(addon, earlier.sheetId);
        options.onNote?.(nothingToLoad(earlier.record));
      }
    } else {
      const request: SearchRequestInput = {
        kind: options.kind,
        filters: options.filters as SearchFilters,
        rows: options.max,
      };
      preview = callOrExplain<SearchPreview>(addon, 'previewSearch', request);
      options.onPreview?.(preview);
      changed = true;
      view = callOrExplain<SearchTabView>(addon, 'startSearch', request);
    }
    if (changed) options.onProgress?.(view);
    view = loadRest(addon, view, options.onProgress);
    const sheet = addon.spreadsheet.getSheetById(view.sheetId)!;
    finished = true;
    return {
      view,
      ...(preview ? { preview } : {}),
      table: sheet.getDataRange().getDisplayValues() as string[][],
      urlfetchCalls: addon.counts.urlfetch,
      spending: spentSince(spentBefore, spendingTab(addon)),
    };
  } finally {
    // Kept after every run; after a failed one only when the add-on may have written something.
    if (changed || finished) options.saveState?.(addon.exportState());
    addon.close();
  }
}

/** The add-on's Spending tab (store/spending.ts), added up by kind. */
function spendingTab(addon: Addon): Record<string, number> {
  const sheet = addon.spreadsheet.getSheetByName(SPENDING_SHEET);
  const lines = sheet ? (sheet.getDataRange().getDisplayValues() as string[][]).slice(1) : [];
  const byKind: Record<string, number> = {};
  for (const [day, , kind, credits] of lines)
    if (day && kind && Number(credits) > 0) byKind[kind] = (byKind[kind] ?? 0) + Number(credits);
  return byKind;
}

/** What `after` adds to `before`, kind by kind. */
function spentSince(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([kind, credits]) => [kind, credits - (before[kind] ?? 0)] as const)
      .filter(([, credits]) => credits > 0),
  );
}

/**
 * continueSearch while the tab is loading and each call gets further; a call that gets nowhere (the
 * API is down, say) ends the run with the tab's reason, and the next run goes on from there.
 */
function loadRest(
  addon: Addon,
  first: SearchTabView,
  onProgress?: (view: SearchTabView) => void,
): SearchTabView {
  const mark = (view: SearchTabView) => `${view.rows}/${view.more}/${view.total}`;
  let view = first;
  while (view.state === 'loading') {
    const before = mark(view);
    view = callOrExplain<SearchTabView>(addon, 'continueSearch', view.sheetId);
    onProgress?.(view);
    if (mark(view) === before) break;
  }
  return view;
}

/**
 * How a stored tab of the same search goes on toward `max` results: 'continue' where a tab cut off
 * or paused while loading stopped, else the rows for Load more, which asks for rows beyond where
 * paging reached, so after a stop (out of credits, a refused key) the same --max takes up what was
 * asked and never loaded; null when there is nothing to load.
 */
function rowsToTakeUp(record: SearchTabRecord, max: number): 'continue' | number | null {
  if (record.state === 'loading' && max <= record.max) return 'continue';
  const rest = max - record.offset;
  return rest > 0 && (max > record.max || record.state === 'stopped') ? rest : null;
}

function nothingToLoad(record: SearchTabRecord): string {
  const more = `Give a --max above ${record.state === 'stopped' ? record.offset : record.max} to load more.`;
  return `Nothing to load: this search's tab asked for ${plural(record.max, 'result')} and holds ${formatNumber(record.rows)}. ${more}`;
}

/** The view of a tab the run does not load into (getSearchTab answers for the active sheet). */
function tabView(addon: Addon, sheetId: number): SearchTabView {
  addon.spreadsheet.getSheetById(sheetId)!.activate();
  return callOrExplain<SearchTabView>(addon, 'getSearchTab');
}

/** Object keys sorted at every level: the same filters written in another order are the same search. */
function canonical(filters: SearchFilters): string {
  return JSON.stringify(filters, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

/**
 * The newest tab of the stored state that holds this very search, compared as the add-on stores it
 * (filters checked by the same table: trimmed, empty ones dropped). Filters the table refuses match
 * nothing: the add-on says what is wrong with them when asked for the preview.
 */
function findSearchTab(
  state: RuntimeState,
  search: Pick<SearchRunOptions, 'kind' | 'filters'>,
  onNote?: (text: string) => void,
): StoredTab | undefined {
  const checked = checkFilters(search.kind, search.filters);
  if ('problem' in checked) return undefined;
  const wanted = canonical(checked.filters);
  const documentStore = readOnlyStore(state.properties.document);
  let found: StoredTab | undefined;
  for (const { sheetId, name } of state.spreadsheet.sheets) {
    let record: SearchTabRecord | null;
    try {
      record = readSearchTab({ documentStore }, sheetId);
    } catch (error) {
      // Left as it is (never dropped): this search gets a tab of its own.
      onNote?.(`Tab "${name}": ${messageOf(error)}`);
      continue;
    }
    if (!record || record.kind !== search.kind || canonical(record.filters) !== wanted) continue;
    if (!found || record.createdAt >= found.record.createdAt) found = { sheetId, record };
  }
  return found;
}

/** The stored document properties, to read search records with the add-on's own reader. */
function readOnlyStore(values: Record<string, string>): KeyValueStore {
  const refuse = (): never => {
    throw new Error('The stored state is read here, never written.');
  };
  return {
    get: (key) => values[key] ?? null,
    getAll: () => ({ ...values }),
    set: refuse,
    setAll: refuse,
    deleteMany: refuse,
  };
}
