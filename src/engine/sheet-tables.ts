/**
 * The sheets an execution works on, each read once, and each row fingerprinted once per kind and
 * mapping. A poll applies answers batch after batch: reading and fingerprinting the whole sheet for
 * every batch made a large run quadratic (a 20,000-row sheet was read 8 times per trigger run).
 * Our own writes keep a cached table current (the writer updates it); inputs are the user's and do
 * not change under one execution's feet in a way it could see anyway.
 */
import type { JobKind } from '../domain/runs';
import { kept } from '../domain/objects';
import type { SpreadsheetPort } from '../platform/ports';
import { missingInput, type ContactInputs } from '../sheet/contact-input';
import { fingerprint } from '../sheet/fingerprint';
import type { ColumnMapping } from '../domain/inputs';
import { readerOf, readSheetTable, type SheetTable } from '../sheet/table';
import type { RowReader } from '../sheet/row-reading';

/** Fingerprint → data rows, for one kind and mapping of a table. */
export function rowsByFingerprint(
  table: SheetTable,
  kind: JobKind,
  mapping: ColumnMapping,
): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  const read = readerOf(table, mapping);
  for (let row = table.headerRow + 1; row <= table.values.length; row++) {
    // Under every reading: a job sent under the previous one finds its rows too.
    for (const input of read(table.values[row - 1]!)) {
      if (missingInput(kind, input)) continue;
      kept(rows, fingerprint(kind, input), () => []).push(row);
    }
  }
  return rows;
}

export class SheetTables {
  private readonly tables = new Map<number, SheetTable | undefined>();
  private readonly indexes = new Map<string, Map<string, number[]>>();
  private readonly readers = new Map<string, RowReader>();

  constructor(private readonly spreadsheet: SpreadsheetPort) {}

  /** The sheet's table (one Range read the first time); undefined when the sheet was deleted. */
  table(sheetId: number): SheetTable | undefined {
    return kept(this.tables, sheetId, () => {
      const sheet = this.spreadsheet.sheetById(sheetId);
      return sheet ? readSheetTable(sheet) : undefined;
    });
  }

  /** The reading of a row whose fingerprint is `fp` (the current one if none is): what a job sends. */
  input(table: SheetTable, kind: JobKind, mapping: ColumnMapping, row: number, fp: string): ContactInputs {
    const read = kept(this.readers, `${table.sheet.id()}|${JSON.stringify(mapping)}`, () =>
      readerOf(table, mapping),
    );
    const readings = read(table.values[row - 1]!);
    return readings.find((input) => fingerprint(kind, input) === fp) ?? readings[0]!;
  }

  /** rowsByFingerprint, computed once per sheet, kind and mapping. */
  rows(table: SheetTable, kind: JobKind, mapping: ColumnMapping): Map<string, number[]> {
    return kept(this.indexes, `${table.sheet.id()}|${kind}|${JSON.stringify(mapping)}`, () =>
      rowsByFingerprint(table, kind, mapping),
    );
  }
}
