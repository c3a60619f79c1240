/** A rectangle of a sheet; writes go through Sheets' typed-input parsing. */
import { gasError } from '../errors';
import { GAS_TYPE, type GasObject } from '../membrane';
import { toA1, type GridRect } from './a1';
import { displayValue } from './display';
import { cellFromWrittenValue, formulaCell, type Cell, type CellValue } from './parsing';
import type { FakeSheet, SortSpec } from './sheet';
import { FakeTextFinder } from './text-finder';

const copyValue = (value: CellValue): CellValue =>
  value instanceof Date ? new Date(value.getTime()) : value;

function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'number[]';
  if (value === null || value === undefined) return 'null';
  return typeof value === 'string' ? 'String' : typeof value;
}

/** Type ranks in Sheets' ascending sort: numbers and dates, then text, then booleans; blanks last. */
function sortKey(cell: Cell | undefined): [number, number | string] {
  const value = cell?.value ?? '';
  if (value === '') return [3, 0];
  if (typeof value === 'number') return [0, value];
  if (value instanceof Date) return [0, value.getTime() / 86_400_000];
  if (typeof value === 'boolean') return [2, value ? 1 : 0];
  return [1, value.toLowerCase()];
}

export class FakeRange implements GasObject {
  readonly [GAS_TYPE] = 'Range';

  constructor(
    private readonly sheet: FakeSheet,
    private readonly rect: GridRect,
  ) {}

  /** Every cell position, row by row; `visit` returns the new cell for writes. */
  private mapCells<T>(visit: (cell: Cell | undefined, row: number, column: number) => T): T[][] {
    const out: T[][] = [];
    for (let r = 0; r < this.rect.numRows; r++) {
      const line: T[] = [];
      for (let c = 0; c < this.rect.numColumns; c++) {
        const row = this.rect.row + r;
        const column = this.rect.column + c;
        line.push(visit(this.sheet.cellAt(row, column), row, column));
      }
      out.push(line);
    }
    return out;
  }

  private checkShape(method: string, data: unknown): unknown[][] {
    if (!Array.isArray(data) || !data.every(Array.isArray)) {
      throw gasError(
        `The parameters (${typeName(data)}) don't match the method signature for SpreadsheetApp.Range.${method}.`,
      );
    }
    if (data.length !== this.rect.numRows) {
      throw gasError(
        `The number of rows in the data does not match the number of rows in the range. The data has ${data.length} but the range has ${this.rect.numRows}.`,
      );
    }
    for (const line of data as unknown[][]) {
      if (line.length !== this.rect.numColumns) {
        throw gasError(
          `The number of columns in the data does not match the number of columns in the range. The data has ${line.length} but the range has ${this.rect.numColumns}.`,
        );
      }
    }
    return data as unknown[][];
  }

  private writeEach(produce: (previous: Cell | undefined, r: number, c: number) => Cell | undefined): this {
    this.mapCells((cell, row, column) =>
      this.sheet.putCell(row, column, produce(cell, row - this.rect.row, column - this.rect.column)),
    );
    return this;
  }

  private now(): Date {
    return new Date(this.sheet.parent.now());
  }

  // --- geometry ---

  getSheet(): FakeSheet {
    return this.sheet;
  }

  getRow(): number {
    return this.rect.row;
  }

  getColumn(): number {
    return this.rect.column;
  }

  getNumRows(): number {
    return this.rect.numRows;
  }

  getNumColumns(): number {
    return this.rect.numColumns;
  }

  getHeight(): number {
    return this.rect.numRows;
  }

  getWidth(): number {
    return this.rect.numColumns;
  }

  getLastRow(): number {
    return this.rect.row + this.rect.numRows - 1;
  }

  getLastColumn(): number {
    return this.rect.column + this.rect.numColumns - 1;
  }

  getA1Notation(): string {
    return toA1(this.rect);
  }

  getGridRect(): GridRect {
    return { ...this.rect };
  }

  /** Harness side: how many cells a read of the whole range sends (counts.ts). */
  cellCount(): number {
    return this.rect.numRows * this.rect.numColumns;
  }

  getCell(row: number, column: number): FakeRange {
    if (row > this.rect.numRows || column > this.rect.numColumns) {
      throw gasError('The coordinates of the range are outside the dimensions of the sheet.');
    }
    return this.sheet.rangeOf({
      row: this.rect.row + row - 1,
      column: this.rect.column + column - 1,
      numRows: 1,
      numColumns: 1,
    });
  }

  offset(rowOffset: number, columnOffset: number, numRows?: number, numColumns?: number): FakeRange {
    return this.sheet.rangeOf({
      row: this.rect.row + rowOffset,
      column: this.rect.column + columnOffset,
      numRows: numRows ?? this.rect.numRows,
      numColumns: numColumns ?? this.rect.numColumns,
    });
  }

  activate(): FakeRange {
    this.sheet.parent.select(this.sheet, [this.rect]);
    return this;
  }

  isBlank(): boolean {
    return this.mapCells((cell) => !cell || (cell.value === '' && !cell.formula)).every((line) =>
      line.every(Boolean),
    );
  }

  // --- reads ---

  createTextFinder(text: string): FakeTextFinder {
    return new FakeTextFinder(this, text);
  }

  getValues(): CellValue[][] {
    return this.mapCells((cell) => copyValue(cell?.value ?? ''));
  }

  getValue(): CellValue {
    return copyValue(this.sheet.cellAt(this.rect.row, this.rect.column)?.value ?? '');
  }

  getDisplayValues(): string[][] {
    return this.mapCells((cell) => displayValue(cell));
  }

  getDisplayValue(): string {
    return displayValue(this.sheet.cellAt(this.rect.row, this.rect.column));
  }

  getFormulas(): string[][] {
    return this.mapCells((cell) => cell?.formula ?? '');
  }

  getFormula(): string {
    return this.sheet.cellAt(this.rect.row, this.rect.column)?.formula ?? '';
  }

  getNumberFormats(): string[][] {
    return this.mapCells((cell) => cell?.format ?? 'General');
  }

  getNumberFormat(): string {
    return this.sheet.cellAt(this.rect.row, this.rect.column)?.format ?? 'General';
  }

  // --- writes ---

  setValues(values: unknown[][]): FakeRange {
    const data = this.checkShape('setValues', values);
    const now = this.now();
    return this.writeEach((previous, r, c) => cellFromWrittenValue(data[r]![c], previous?.format, now));
  }

  /** Writes the same value into every cell of the range, as Apps Script does. */
  setValue(value: unknown): FakeRange {
    const now = this.now();
    return this.writeEach((previous) => cellFromWrittenValue(value, previous?.format, now));
  }

  setFormulas(formulas: string[][]): FakeRange {
    const data = this.checkShape('setFormulas', formulas);
    return this.writeEach((previous, r, c) => this.formulaOrValue(data[r]![c], previous));
  }

  setFormula(formula: string): FakeRange {
    return this.writeEach((previous) => this.formulaOrValue(formula, previous));
  }

  private formulaOrValue(formula: unknown, previous: Cell | undefined): Cell {
    const text = String(formula ?? '');
    if (text.startsWith('=')) return formulaCell(text, previous?.format);
    return cellFromWrittenValue(text, previous?.format, this.now());
  }

  setNumberFormat(format: string): FakeRange {
    return this.applyNumberFormat(format);
  }

  /** Harness side: setNumberFormat without being a service call of its own (RangeList makes one). */
  applyNumberFormat(format: string): FakeRange {
    return this.writeEach((previous) => ({ ...(previous ?? { value: '' }), format: String(format) }));
  }

  setNumberFormats(formats: string[][]): FakeRange {
    const data = this.checkShape('setNumberFormats', formats);
    return this.writeEach((previous, r, c) => ({
      ...(previous ?? { value: '' }),
      format: String(data[r]![c]),
    }));
  }

  clear(options?: { contentsOnly?: boolean; formatOnly?: boolean }): FakeRange {
    if (options?.contentsOnly) return this.clearContent();
    if (options?.formatOnly) return this.clearFormat();
    return this.writeEach(() => undefined);
  }

  clearContent(): FakeRange {
    return this.writeEach((previous) =>
      previous?.format ? { value: '', format: previous.format } : undefined,
    );
  }

  clearFormat(): FakeRange {
    return this.writeEach((previous) => previous && { value: previous.value, formula: previous.formula });
  }

  /** `sort(2)`, `sort({column: 2, ascending: false})` or an array of those; columns are sheet columns. */
  sort(spec: number | SortSpec | (number | SortSpec)[]): FakeRange {
    const specs = (Array.isArray(spec) ? spec : [spec]).map((s) =>
      typeof s === 'number'
        ? { column: s, ascending: true }
        : { column: s.column, ascending: s.ascending !== false },
    );
    for (const { column } of specs) {
      if (column < this.rect.column || column > this.getLastColumn()) {
        throw gasError(`The column of the sort specification is outside the range.`);
      }
    }
    const rows = this.mapCells((cell) => cell);
    rows.sort((a, b) => {
      for (const { column, ascending } of specs) {
        const [rankA, keyA] = sortKey(a[column - this.rect.column]);
        const [rankB, keyB] = sortKey(b[column - this.rect.column]);
        if (rankA !== rankB)
          return rankA === 3 || rankB === 3 ? rankA - rankB : (rankA - rankB) * (ascending ? 1 : -1);
        if (keyA !== keyB) return (keyA < keyB ? -1 : 1) * (ascending ? 1 : -1);
      }
      return 0;
    });
    return this.writeEach((_previous, r, c) => rows[r]![c]);
  }
}

/** The user's selection: several ranges (Ctrl-click), of one sheet. */
export class FakeRangeList implements GasObject {
  readonly [GAS_TYPE] = 'RangeList';

  constructor(private readonly ranges: FakeRange[]) {}

  getRanges(): FakeRange[] {
    return [...this.ranges];
  }

  /** Sets one number format on every range of the list. */
  setNumberFormat(format: string): FakeRangeList {
    for (const range of this.ranges) range.applyNumberFormat(format);
    return this;
  }
}
