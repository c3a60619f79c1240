/**
 * What a search tab remembers (one document property per tab, by sheet id so a renamed tab keeps
 * it): its query, how many rows the user agreed to load, where paging stopped, and why.
 */
import * as z from 'zod/mini';
import type { PlatformPorts } from '../../platform/ports';
import {
  decodeRecord,
  encodeRecord,
  optionalNumber,
  optionalString,
  recordCodec,
  type Check,
  type RecordOf,
  type SameType,
} from '../../store/stored-records';
import { DOCUMENT_PROPERTY } from '../../platform/property-keys';
import { checkFilters } from '../../api/filter-check';
import type { SearchFilters } from '../../api/schemas/requests';
import type { SearchKind } from '../../domain/search-filters';

const SEARCH_TAB_CODEC = recordCodec('search tab record', 1, () => ({
  kind: z.enum(['companies', 'people']),
  /**
   * Filter name → entries. Only their outline here: which entries a filter takes depends on the
   * kind, so readSearchTab checks every entry against the filter table (checkFilters).
   */
  filters: z.record(z.string(), z.array(z.unknown())),
  /** Results the user agreed to load (the confirmation said what they may cost). */
  max: z.number(),
  /** The next offset to ask the API for. */
  offset: z.number(),
  /** While refreshing: paging restarted at 0 and goes up to this offset again. */
  refreshUntil: optionalNumber(),
  /** metadata.total of the last page; absent when the API does not say. */
  total: optionalNumber(),
  /** Results in the tab. */
  rows: z.number(),
  state: z.enum(['loading', 'done', 'stopped']),
  /** Why loading stopped or paused, in plain words. */
  reason: optionalString(),
  /** How the card names the first companies of the filters (labelsToKeep): never their ids. */
  labels: z.optional(z.record(z.string(), z.string())),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
}));

type StoredSearchTab = RecordOf<typeof SEARCH_TAB_CODEC>;
type _SearchKinds = Check<SameType<StoredSearchTab['kind'], SearchKind>>;

/** A search tab's record once its filters passed the filter table. */
export type SearchTabRecord = Omit<StoredSearchTab, 'filters'> & { filters: SearchFilters };

type StoreContext = Pick<PlatformPorts, 'documentStore'>;

const keyOf = (sheetId: number): string => `${DOCUMENT_PROPERTY.searchTabPrefix}${sheetId}`;

/** The tab's record; null when the tab is no search tab. A damaged record says so. */
export function readSearchTab(ctx: StoreContext, sheetId: number): SearchTabRecord | null {
  const text = ctx.documentStore.get(keyOf(sheetId));
  if (!text) return null;
  const unreadable = (why: string) => new Error(`This tab's search cannot be read: ${why}`);
  const decoded = decodeRecord(SEARCH_TAB_CODEC, text);
  if (!decoded.ok) throw unreadable(`${decoded.reason}.`);
  const checked = checkFilters(decoded.value.kind, decoded.value.filters);
  if ('problem' in checked) throw unreadable(checked.problem);
  return { ...decoded.value, filters: checked.filters };
}

export function writeSearchTab(ctx: StoreContext, sheetId: number, record: SearchTabRecord): void {
  ctx.documentStore.set(keyOf(sheetId), encodeRecord(SEARCH_TAB_CODEC, record));
}
