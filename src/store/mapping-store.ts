/**
 * The column mapping a user confirmed, remembered per sheet and kind in document properties. It is
 * reused while the mapped columns still carry the same headers; otherwise detection runs again.
 */
import type { JobKind } from '../domain/runs';
import type { KeyValueStore } from '../platform/ports';
import { DOCUMENT_PROPERTY } from '../platform/property-keys';
import type { SheetTable } from '../sheet/table';
import { detectTableMapping } from '../sheet/table';
import {
  encodeRecord,
  headersSchema,
  mappingSchema,
  optionalBoolean,
  readRecord,
  recordCodec,
  type RecordOf,
} from './stored-records';
import type { ColumnMapping, InputKey } from '../domain/inputs';

const key = (sheetId: number, kind: JobKind) => `${DOCUMENT_PROPERTY.mappingPrefix}${sheetId}.${kind}`;

export const MAPPING_CODEC = recordCodec('remembered mapping', 2, () => ({
  mapping: mappingSchema(),
  /** Header text of each mapped column when it was saved. */
  headers: headersSchema(),
  /**
   * The user's answer for a sheet where no row reads as headers: whether row 1 holds them. It came
   * later as an optional field: records without it read as before (no new version).
   */
  firstRowHeaders: optionalBoolean(),
}));

type StoredMapping = RecordOf<typeof MAPPING_CODEC>;

// A damaged value is as good as none (detection runs again), and the next confirmation replaces it.
const readStored = (store: KeyValueStore, sheetId: number, kind: JobKind): StoredMapping | undefined =>
  readRecord(MAPPING_CODEC, store.get(key(sheetId, kind)));

export const headersOf = (table: SheetTable, mapping: ColumnMapping): Partial<Record<InputKey, string>> =>
  Object.fromEntries(
    Object.entries(mapping).map(([input, column]) => [input, table.headers[column - 1] ?? '']),
  );

export function rememberMapping(
  store: KeyValueStore,
  table: SheetTable,
  kind: JobKind,
  mapping: ColumnMapping,
  firstRowHeaders?: boolean,
): void {
  // Without an answer, firstRowHeaders is undefined: JSON leaves it out.
  const stored: StoredMapping = { mapping, headers: headersOf(table, mapping), firstRowHeaders };
  store.set(key(table.sheet.id(), kind), encodeRecord(MAPPING_CODEC, stored));
}

/** What the user said last about row 1 of a sheet with no recognised header row (undefined: never asked). */
export function rememberedFirstRowHeaders(store: KeyValueStore, sheetId: number, kind: JobKind) {
  return readStored(store, sheetId, kind)?.firstRowHeaders;
}

/** The remembered mapping when its columns still have their headers, else the detected one. */
export function resolveMapping(store: KeyValueStore, table: SheetTable, kind: JobKind): ColumnMapping {
  const stored = readStored(store, table.sheet.id(), kind);
  if (stored) {
    const current = headersOf(table, stored.mapping);
    const unchanged = Object.entries(stored.headers).every(
      ([input, header]) => current[input as InputKey] === header,
    );
    if (unchanged) return stored.mapping;
  }
  return detectTableMapping(table);
}

/** Drops columns outside the table and columns that are our own output columns. */
export function sanitiseMapping(
  mapping: ColumnMapping,
  width: number,
  outputColumns: ReadonlySet<number>,
): ColumnMapping {
  return Object.fromEntries(
    Object.entries(mapping).filter(
      ([, column]) =>
        Number.isInteger(column) && column >= 1 && column <= width && !outputColumns.has(column),
    ),
  );
}
