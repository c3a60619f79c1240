/**
 * What the engine needs from a spreadsheet, and nothing more. src/platform/spreadsheet.ts
 * implements it over SpreadsheetApp; unit tests use an in-memory sheet. Every method that touches
 * cells is one Range call, so counting calls here counts the Range calls of a run.
 */

/** 1-based, inclusive row numbers. */
export interface RowSpan {
  start: number;
  end: number;
}

export interface SheetPort {
  id(): number;
  name(): string;
  /** Last row / column with content (0 when the sheet is empty). */
  lastRow(): number;
  lastColumn(): number;
  /** Formatted text of a block (one getDisplayValues). 1-based row and column. */
  readDisplayValues(row: number, column: number, rows: number, columns: number): string[][];
  /**
   * Writes a rectangular block of strings as text: plain-text number format on the block, then one
   * setValues, so `+33…`, `0612…` and `=…` stay exactly the strings given.
   */
  writeText(row: number, column: number, values: string[][]): void;
}

export interface SpreadsheetPort {
  /** The spreadsheet's title. */
  name(): string;
  activeSheet(): SheetPort;
  sheetById(id: number): SheetPort | null;
  /**
   * Rows of the active selection on the active sheet (a range, a range list or whole rows), sorted
   * and merged; empty when nothing is selected.
   */
  selectedRows(): RowSpan[];
  /** The hidden sheet that holds the results ledger; created (hidden) when `create` is true. */
  hiddenSheet(name: string, create: boolean): SheetPort | null;
}
