/**
 * The sheets an execution works on, each read once, and each row fingerprinted once per kind and
 * mapping. A poll applies answers batch after batch: reading and fingerprinting the whole sheet for
 * every batch made a large run quadratic (a 20,000-row sheet was read 8 times per trigger run).
 * Our own writes keep a cached table current (the writer updates it); inputs are the user's and do
 * not change under one execution's feet in a way it could see anyway.
 */
import type { JobKind } from '../domain/runs';
import type { SpreadsheetPort } from '../platform/ports';
import { contactFromCells, missingInput } from '../sheet/contact-input';
import { fingerprint } from '../sheet/fingerprint';
import type { ColumnMapping } from '../domain/inputs';
import { readSheetTable, type SheetTable } from '../sheet/table';

/** Fingerprint → data rows, for one kind and mapping of a table. */
export function rowsByFingerprint(
  table: SheetTable,
  kind: JobKind,
  mapping: ColumnMapping,
): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  for (let row = table.headerRow + 1; row <= table.values.length; row++) {
    const input = contactFromCells(table.values[row - 1]!, mapping);
    if (missingInput(kind, input)) continue;
    const fp = fingerprint(kind, input);
    const same = rows.get(fp);
    if (same) same.push(row);
    else rows.set(fp, [row]);
  }
  return rows;
}

export class SheetTables {
  private readonly tables = new Map<number, SheetTable | undefined>();
  private readonly indexes = new Map<string, Map<string, number[]>>();

  constructor(private readonly spreadsheet: SpreadsheetPort) {}

  /** The sheet's table (one Range read the first time); undefined when the sheet was deleted. */
  table(sheetId: number): SheetTable | undefined {
    if (!this.tables.has(sheetId)) {
      const sheet = this.spreadsheet.sheetById(sheetId);
      this.tables.set(sheetId, sheet ? readSheetTable(sheet) : undefined);
    }
    return this.tables.get(sheetId);
  }

  /** rowsByFingerprint, computed once per sheet, kind and mapping. */
  rows(table: SheetTable, kind: JobKind, mapping: ColumnMapping): Map<string, number[]> {
    const key = `${table.sheet.id()}|${kind}|${JSON.stringify(mapping)}`;
    let rows = this.indexes.get(key);
    if (!rows) {
      rows = rowsByFingerprint(table, kind, mapping);
      this.indexes.set(key, rows);
    }
    return rows;
  }
}
