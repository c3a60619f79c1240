/**
 * Reads a sheet's table in one Range call: the header row, the data rows, and our output columns.
 */
import type { JobKind } from '../domain/runs';
import { FIELD_TABLE, type EnrichField } from '../domain/fields';
import type { ColumnMapping } from '../domain/inputs';
import { SAMPLE_ROWS } from './content';
import { detectHeaderRow, detectMapping } from './headers';
import type { OutputKey } from './output-columns';
import { locateOutputColumns, ownedColumns, type OutputLayout } from './output-layout';
import type { RowSpan, SheetPort } from '../platform/ports';
import { rowReader, type RowReader } from './row-reading';

export interface SheetTable {
  sheet: SheetPort;
  /** Display values of rows 1..values.length, every row `width` cells long. */
  values: string[][];
  width: number;
  /** 1-based; 0 when no row looks like a header: the data then starts at row 1. */
  headerRow: number;
  headers: string[];
  /** Our output columns, found by their headers. */
  outputs: OutputLayout;
}

/** One read of rows 1..upToRow (default: the last row) across every used column. */
export function readSheetTable(sheet: SheetPort, upToRow?: number): SheetTable {
  const lastRow = Math.min(sheet.lastRow(), upToRow ?? Infinity);
  const width = sheet.lastColumn();
  const values = lastRow > 0 && width > 0 ? sheet.readDisplayValues(1, 1, lastRow, width) : [];
  const headerRow = detectHeaderRow(values);
  // Without a header row every column's header is "" (not missing): a remembered mapping and a
  // run's columns compare header texts, and "" stays "" until a header row is added.
  const headers = headerRow ? [...values[headerRow - 1]!] : Array<string>(width).fill('');
  return { sheet, values, width, headerRow, headers, outputs: locateOutputColumns(headers) };
}

/** The detected mapping, ignoring our own output columns, with the data rows as samples. */
export function detectTableMapping(table: SheetTable): ColumnMapping {
  const samples = table.values.slice(table.headerRow, table.headerRow + SAMPLE_ROWS);
  return detectMapping(table.headers, samples, ownedColumns(table.outputs));
}

/** How the table's rows are read into contacts with this mapping (row-reading.ts). */
export function readerOf(table: SheetTable, mapping: ColumnMapping): RowReader {
  return rowReader(table.headers, table.values.slice(table.headerRow), mapping);
}

/** Data rows (below the header) inside the spans, or every data row when spans is empty. */
export function dataRowsIn(table: SheetTable, spans: readonly RowSpan[]): number[] {
  const first = table.headerRow + 1;
  const last = table.values.length;
  const rows: number[] = [];
  const ranges = spans.length ? spans : [{ start: first, end: last }];
  for (const span of ranges) {
    for (let row = Math.max(span.start, first); row <= Math.min(span.end, last); row++) {
      if (table.values[row - 1]!.some((cell) => cell.trim() !== '')) rows.push(row);
    }
  }
  return rows;
}

/** The cell of an output column of a kind on a row ("" when the column does not exist yet). */
export function outputCell(table: SheetTable, kind: JobKind, key: OutputKey, row: number): string {
  const column = table.outputs[kind]?.[key];
  return column ? (table.values[row - 1]?.[column - 1] ?? '') : '';
}

/** True when the sheet has no column of a field for the kind: no run asked it of a row here. */
export const fieldColumnless = (table: SheetTable, kind: JobKind, field: EnrichField): boolean =>
  FIELD_TABLE[field].columns.every(([key]) => table.outputs[kind]?.[key] === undefined);

/** True when a row shows nothing of a field: its cells empty, or absent (an email that will bounce shows in its status cell). */
export const fieldUnshown = (table: SheetTable, kind: JobKind, field: EnrichField, row: number): boolean =>
  FIELD_TABLE[field].columns.every(([key]) => !outputCell(table, kind, key, row));
