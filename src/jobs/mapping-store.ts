/**
 * The column mapping a user confirmed, remembered per sheet and kind in document properties. It is
 * reused while the mapped columns still carry the same headers; otherwise detection runs again.
 */
import type { JobKind } from '../api/model';
import type { KeyValueStore } from '../platform/ports';
import { DOCUMENT_PROPERTY } from '../platform/property-keys';
import type { SheetTable } from '../sheet/table';
import { detectTableMapping } from '../sheet/table';
import { decodeRecord, encodeRecord, MAPPING_CODEC } from './stored-records';
import type { ColumnMapping, InputKey } from '../sheet/inputs';

const key = (sheetId: number, kind: JobKind) => `${DOCUMENT_PROPERTY.mappingPrefix}${sheetId}.${kind}`;

interface StoredMapping {
  mapping: ColumnMapping;
  /** Header text of each mapped column when it was saved. */
  headers: Partial<Record<InputKey, string>>;
}

export function headersOf(table: SheetTable, mapping: ColumnMapping): Partial<Record<InputKey, string>> {
  const headers: Partial<Record<InputKey, string>> = {};
  for (const [input, column] of Object.entries(mapping) as [InputKey, number][]) {
    headers[input] = table.headers[column - 1] ?? '';
  }
  return headers;
}

export function rememberMapping(
  store: KeyValueStore,
  table: SheetTable,
  kind: JobKind,
  mapping: ColumnMapping,
): void {
  const stored: StoredMapping = { mapping, headers: headersOf(table, mapping) };
  store.set(key(table.sheet.id(), kind), encodeRecord(MAPPING_CODEC, stored));
}

/** The remembered mapping when its columns still have their headers, else the detected one. */
export function resolveMapping(store: KeyValueStore, table: SheetTable, kind: JobKind): ColumnMapping {
  const text = store.get(key(table.sheet.id(), kind));
  // A damaged value is as good as none (detection runs again), and the next confirmation replaces it.
  const decoded = text ? decodeRecord<StoredMapping>(MAPPING_CODEC, text) : undefined;
  if (decoded?.ok) {
    const stored = decoded.value;
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
  const clean: ColumnMapping = {};
  for (const [input, column] of Object.entries(mapping) as [InputKey, number][]) {
    if (Number.isInteger(column) && column >= 1 && column <= width && !outputColumns.has(column)) {
      clean[input] = column;
    }
  }
  return clean;
}
