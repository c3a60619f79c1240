/**
 * Company and people search into a tab: preview (total and the most it can cost), then pages of 100
 * loaded into a new tab, each page saved as it lands so a cut-off call resumes where it stopped.
 * Load more raises what the user agreed to load; Refresh pages through what was loaded again and adds
 * only what is new. A result already in the tab (by id) is never added twice.
 *
 * Failure windows: a page fetched but not written, or written but not recorded, is fetched again;
 * the API does not charge a result twice (re-exports are free) and the tab's keys drop what is
 * already there, so a retry neither pays twice nor writes twice.
 */
import { plural } from '../../domain/words';
import { ApiError } from '../../api/errors';
import { SEARCH_RESULT_PRICE } from '../../domain/fields';
import type { AppContext } from '../../engine/context';
import { withDocumentLock } from '../../engine/timing';
import { LIMITS } from '../../domain/limits';
import type { SheetPort } from '../../platform/ports';
import { SheetRefusal, UserError } from '../../domain/user-error';
import type { SearchFilters } from '../../api/schemas/requests';
import type { SearchKind } from '../../domain/search-filters';
import { describeSearch, labelsToKeep, tabNameFor, type FilterLabels } from './filter-names';
import { readSearchTab, writeSearchTab, type SearchTabRecord } from './search-store';
import { appendSearchLog } from '../../store/run-log';
import { readCreditBalance } from '../../engine/key-wait';
import { recordSpending } from '../../store/spending';
import { reserveKeyCredits, returnKeyCredits } from '../../store/key-limit';
import { SPEND_WORDS } from '../../domain/runs';
import { appendRows, readTab, type TabState } from './search-tab';
import { readTabKeys, rememberTabKeys } from './search-keys';

export interface SearchRequest {
  kind: SearchKind;
  filters: SearchFilters;
  /** Results to load. */
  rows: number;
  /** Names shown for filter values in the tab's name and the preview (a company's for its id). */
  labels?: FilterLabels;
}

export interface SearchPreview {
  kind: SearchKind;
  description: string;
  tabName: string;
  /** Every match (metadata.total); null when the API does not say. */
  total: number | null;
  /** What the search would load: the rows asked for, or fewer when fewer match. */
  rows: number;
  /** The most it can cost: results already returned to the workspace are free. */
  maxCredits: number;
  pricePerResult: number;
  balance: number | null;
}

/** The most `results` new results can cost, in the whole credits the API charges. */
export const creditsFor = (results: number): number => Math.ceil(results * SEARCH_RESULT_PRICE);

/** Asks for one result only: the total costs at most a quarter credit (and that result is free later). */
export function previewSearch(
  ctx: AppContext,
  { kind, filters, labels, rows: asked }: SearchRequest,
): SearchPreview {
  const total = ctx.searchApi().search(kind, filters, 0, 1).total ?? null;
  // Without a total, what was asked for is the most that can land (and be charged).
  const rows = total === null ? asked : Math.min(asked, total);
  const { balance } = readCreditBalance(ctx);
  return {
    kind,
    description: describeSearch(kind, filters, labels),
    tabName: tabNameFor(kind, filters, labels),
    total,
    rows,
    maxCredits: creditsFor(rows),
    pricePerResult: SEARCH_RESULT_PRICE,
    balance,
  };
}

/** Creates the tab and its record, then loads what one call has time for. */
export function startSearch(ctx: AppContext, { kind, filters, labels, rows }: SearchRequest): SheetPort {
  return withDocumentLock(ctx, () => {
    const sheet = ctx.spreadsheet.insertTab(tabNameFor(kind, filters, labels));
    const now = ctx.clock.now();
    writeSearchTab(ctx, sheet.id(), {
      kind,
      filters,
      labels: labelsToKeep(filters, labels),
      max: rows,
      offset: 0,
      rows: 0,
      state: 'loading',
      createdBy: ctx.userEmail(),
      createdAt: now,
      updatedAt: now,
    });
    loadPages(ctx, sheet);
    return sheet;
  });
}

/**
 * Goes on loading a tab, under the document lock. `change` (Load more, Refresh) first says where
 * paging goes now, and clears the last stop.
 */
function reload(
  ctx: AppContext,
  sheetId: number,
  change?: (record: SearchTabRecord) => Partial<SearchTabRecord>,
): void {
  withDocumentLock(ctx, () => {
    const sheet = tabSheet(ctx, sheetId);
    if (change) {
      const record = tabRecord(ctx, sheetId);
      writeSearchTab(ctx, sheetId, { ...record, ...change(record), state: 'loading', reason: undefined });
    }
    loadPages(ctx, sheet);
  });
}

/** Goes on loading a tab whose search is not finished. */
export const continueSearch = (ctx: AppContext, sheetId: number): void => reload(ctx, sheetId);

/**
 * `rows` more results, from where paging stopped: more than paging reached, so after a stop (out of
 * credits), what was asked and not loaded.
 */
export const loadMore = (ctx: AppContext, sheetId: number, rows: number): void =>
  reload(ctx, sheetId, (record) => ({ max: record.offset + rows }));

/** Pages through what was loaded again and adds what is new (new matches, or ones that moved up). */
export const refreshSearch = (ctx: AppContext, sheetId: number): void =>
  reload(ctx, sheetId, (record) => ({ offset: 0, refreshUntil: Math.max(record.offset, 1) }));

/** What the user is told when the tab a sidebar call names is gone. */
export const TAB_DELETED = 'That search tab was deleted.';

function tabSheet(ctx: AppContext, sheetId: number): SheetPort {
  const sheet = ctx.spreadsheet.sheetById(sheetId);
  if (!sheet) throw new UserError(TAB_DELETED);
  return sheet;
}

function tabRecord(ctx: AppContext, sheetId: number): SearchTabRecord {
  const record = readSearchTab(ctx, sheetId);
  if (!record) throw new UserError('This tab holds no search of Sheet Enrich.');
  return record;
}

/**
 * Loads what this call has time for, and logs the results it added and what the API charged for
 * them. A search answer carries no cost, so the charge is the balance's fall over the call: read
 * before and after it (two calls more), and never above what the results can cost, since jobs of
 * the workspace may take credits meanwhile; the most they can cost when the balance is not told.
 */
function loadPages(ctx: AppContext, sheet: SheetPort): void {
  const startedAt = ctx.clock.now();
  const before = tabRecord(ctx, sheet.id());
  if (before.state !== 'loading') return;
  // The key's daily limit: the most this call may load, reserved first; what it did not cost, back.
  const reserved = creditsFor(before.max - before.offset);
  reserveKeyCredits(ctx, reserved);
  // The API says no search's price: the balance before and after says what it charged.
  const balanceBefore = readCreditBalance(ctx).balance;
  const after = loadPagesOf(ctx, sheet, before);
  const results = after.rows - before.rows;
  const maxCredits = creditsFor(results);
  // A balance not told after the call (null: -Infinity) leaves the most the results can cost.
  const credits =
    balanceBefore === null || results <= 0
      ? maxCredits
      : Math.min(maxCredits, Math.max(0, balanceBefore - (readCreditBalance(ctx).balance ?? -Infinity)));
  returnKeyCredits(ctx, [{ unspent: reserved - credits, run: { startedAt } }]);
  if (results <= 0) return;
  appendSearchLog(ctx, {
    startedAt,
    tabName: sheet.name(),
    results,
    maxCredits,
    credits,
    state: after.state,
    reason: after.reason,
  });
  recordSpending(ctx, [{ at: startedAt, by: ctx.userEmail(), kind: SPEND_WORDS.search, credits }]);
}

/**
 * Loads pages until the target, the end of the results, or this call's time is reached, saving the
 * record after each page. An API failure stops (out of credits, refused key) or pauses (anything
 * that may pass) with the reason on the record; nothing fetched and written is lost. Takes the
 * record as read under the lock and returns it as last saved, so the store is read once.
 *
 * The keys of the results added are remembered once for the call, after their rows are written
 * (one write to the keys sheet, not one per page: a RangeList holds ranges of one sheet only, so
 * the results and the keys can never share a write, https://developers.google.com/apps-script/reference/spreadsheet/range-list).
 * A call stopped before that leaves the rows in the tab: the next call remembers what the tab
 * holds and the keys sheet lacks.
 */
function loadPagesOf(ctx: AppContext, sheet: SheetPort, stored: SearchTabRecord): SearchTabRecord {
  if (stored.state !== 'loading') return stored;
  const remembered = readTabKeys(ctx.spreadsheet, sheet.id());
  const tab = readTab(sheet, stored.kind, new Set(remembered));
  // A tab of an earlier version, or a call stopped before it remembered: what the tab holds is what it had.
  const added = [...tab.known].filter((key) => !remembered.has(key));
  const record = pagesInto(ctx, sheet, stored, tab, added);
  rememberTabKeys(ctx.spreadsheet, sheet.id(), added);
  return record;
}

/** The paging loop of loadPagesOf: the keys of the rows it writes go into `added`. */
function pagesInto(
  ctx: AppContext,
  sheet: SheetPort,
  stored: SearchTabRecord,
  tab: TabState,
  added: string[],
): SearchTabRecord {
  let record = stored;
  const started = ctx.clock.now();
  const save = (changes: Partial<SearchTabRecord>) => {
    record = { ...record, ...changes, rows: tab.known.size, updatedAt: ctx.clock.now() };
    writeSearchTab(ctx, sheet.id(), record);
  };
  while (
    ctx.clock.now() - started < LIMITS.searchCallMs &&
    ctx.budget.remainingMs() > LIMITS.executionSafetyMs
  ) {
    // Where this pass of paging stops: the refresh's end, else the rows the user agreed to.
    const target = record.refreshUntil ?? record.max;
    if (record.offset >= target) {
      // A refresh's pass is over: go on toward the rows agreed to (usually there already).
      if (record.refreshUntil !== undefined) {
        save({ refreshUntil: undefined });
        continue;
      }
      save({ state: 'done' });
      return record;
    }
    const limit = Math.min(LIMITS.searchMaxLimit, target - record.offset);
    let page;
    try {
      page = ctx.searchApi().search(record.kind, record.filters, record.offset, limit);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      save(failure(error, tab.known.size));
      return record;
    }
    try {
      added.push(...appendRows(sheet, record.kind, tab, page.items));
    } catch (error) {
      if (!(error instanceof SheetRefusal)) throw error;
      // The page stays unrecorded: Continue fetches it again, free (a result is charged once).
      save({
        reason: `Paused: ${error.message} These results are paid for: Continue once fixed loads them at no cost.`,
      });
      return record;
    }
    const offset = record.offset + page.items.length;
    // A short page is the end; so is the API's total, when it gives one, and the rows agreed to
    // (a refresh's pass goes on toward them at the top of the loop).
    const ended =
      page.items.length < limit ||
      (page.total !== undefined && offset >= page.total) ||
      (record.refreshUntil === undefined && offset >= target);
    // The last page and the end are one write: nothing happens between them that could fail.
    save({
      offset,
      total: page.total,
      reason: undefined,
      ...(ended && { state: 'done', refreshUntil: undefined }),
    });
    if (ended) return record;
  }
  return record;
}

function failure(error: ApiError, rows: number): Partial<SearchTabRecord> {
  if (error.status === 402) {
    return {
      state: 'stopped',
      reason: `Out of credits after ${plural(rows, 'result')}. Top up your credits, then Load more to go on.`,
    };
  }
  // A refused key, a forbidden search or a refused query: retrying as it is cannot help.
  if ([400, 401, 403].includes(error.status)) return { state: 'stopped', reason: error.userMessage };
  return { reason: `Paused: ${error.userMessage} Continue to go on from result ${rows + 1}.` };
}
