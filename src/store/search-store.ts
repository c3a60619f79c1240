/**
 * What a search tab remembers (one document property per tab, by sheet id so a renamed tab keeps
 * it): its query, how many rows the user agreed to load, where paging stopped, and why.
 */
import type { PlatformPorts } from '../platform/ports';
import { decodeRecord, encodeRecord, SEARCH_TAB_CODEC } from './stored-records';
import { DOCUMENT_PROPERTY } from '../platform/property-keys';
import { checkFilters } from '../domain/search-filters';
import { type SearchFilters, type SearchKind } from '../domain/search-filters';

export type SearchTabState = 'loading' | 'done' | 'stopped';

export interface SearchTabRecord {
  kind: SearchKind;
  filters: SearchFilters;
  /** Results the user agreed to load (the confirmation said what they may cost). */
  max: number;
  /** The next offset to ask the API for. */
  offset: number;
  /** While refreshing: paging restarted at 0 and goes up to this offset again. */
  refreshUntil?: number;
  /** metadata.total of the last page; absent when the API does not say. */
  total?: number;
  /** Results in the tab. */
  rows: number;
  state: SearchTabState;
  /** Why loading stopped or paused, in plain words. */
  reason?: string;
  createdBy: string;
  createdAt: number;
  updatedAt: number;
}

type StoreContext = Pick<PlatformPorts, 'documentStore'>;

const keyOf = (sheetId: number): string => `${DOCUMENT_PROPERTY.searchTabPrefix}${sheetId}`;

/** The tab's record; null when the tab is no search tab. A damaged record says so. */
export function readSearchTab(ctx: StoreContext, sheetId: number): SearchTabRecord | null {
  const text = ctx.documentStore.get(keyOf(sheetId));
  if (!text) return null;
  const decoded = decodeRecord<SearchTabRecord>(SEARCH_TAB_CODEC, text);
  if (!decoded.ok) throw new Error(`This tab's search cannot be read: ${decoded.reason}.`);
  const checked = checkFilters(decoded.value.kind, decoded.value.filters);
  if ('problem' in checked) throw new Error(`This tab's search cannot be read: ${checked.problem}`);
  return { ...decoded.value, filters: checked.filters };
}

export function writeSearchTab(ctx: StoreContext, sheetId: number, record: SearchTabRecord): void {
  ctx.documentStore.set(keyOf(sheetId), encodeRecord(SEARCH_TAB_CODEC, record));
}
