/** A sheet: a grid of cells with Sheets' size limits (1000 × 26 unless grown) and row/column edits. */
import { gasError, MESSAGES } from '../errors';
import { GAS_TYPE, type GasObject } from '../membrane';
import { parseA1, type GridRect } from './a1';
import type { Cell } from './parsing';
import { FakeRange, FakeRangeList } from './range';
import { SheetCharts, type ChartSpec, type FakeEmbeddedChart, type FakeEmbeddedChartBuilder } from './chart';
import type { FakeSpreadsheet } from './spreadsheet';
import { protectSheet, type FakeProtection } from './protection';

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;

const hasContent = (cell: Cell | undefined): boolean =>
  cell !== undefined && (cell.value !== '' || cell.formula !== undefined);

export interface SortSpec {
  column: number;
  ascending?: boolean;
}

export interface SheetLayout {
  hidden: boolean;
  frozenRows: number;
  maxRows: number;
  maxColumns: number;
  /** Its embedded charts (absent in states saved before the fake had them: none). */
  charts?: ChartSpec[];
}

export class FakeSheet implements GasObject {
  readonly [GAS_TYPE] = 'Sheet';
  /** rows[r][c], 0-based; sparse. */
  private rows: (Cell | undefined)[][] = [];
  private hidden = false;
  private frozenRows = 0;
  private readonly charts: SheetCharts;

  constructor(
    readonly parent: FakeSpreadsheet,
    private name: string,
    private readonly sheetId: number,
    private maxRows = DEFAULT_ROWS,
    private maxColumns = DEFAULT_COLUMNS,
  ) {
    this.charts = new SheetCharts(this, () => parent.nextChartId());
  }

  /** Chart ids in use on this sheet (the spreadsheet's next one comes after them all). */
  chartIds(): number[] {
    return this.charts.ids();
  }

  // --- cells (harness side; not part of the Apps Script API) ---

  cellAt(row: number, column: number): Cell | undefined {
    return this.rows[row - 1]?.[column - 1];
  }

  putCell(row: number, column: number, cell: Cell | undefined): void {
    const cells = (this.rows[row - 1] ??= []);
    cells[column - 1] = cell && (cell.value !== '' || cell.formula || cell.format) ? cell : undefined;
  }

  /**
   * Every formula cell, row by row, without copying the grid: recalc.ts looks at the formulas at
   * every flush point, and exportCells() on a 100,000-row sheet costs ~140 ms a call.
   */
  forEachFormula(visit: (row: number, column: number, formula: string) => void): void {
    this.rows.forEach((cells, r) =>
      cells.forEach((cell, c) => cell?.formula !== undefined && visit(r + 1, c + 1, cell.formula)),
    );
  }

  /** Grows the grid (a user adding rows/columns) so that rows × columns fit. */
  ensureSize(rows: number, columns: number): void {
    this.maxRows = Math.max(this.maxRows, rows);
    this.maxColumns = Math.max(this.maxColumns, columns);
  }

  checkRect(rect: GridRect): void {
    if (!(rect.row >= 1)) throw gasError('The starting row of the range is too small.');
    if (!(rect.column >= 1)) throw gasError('The starting column of the range is too small.');
    if (!(rect.numRows >= 1)) throw gasError('The number of rows in the range must be at least 1.');
    if (!(rect.numColumns >= 1)) throw gasError('The number of columns in the range must be at least 1.');
    if (rect.row + rect.numRows - 1 > this.maxRows || rect.column + rect.numColumns - 1 > this.maxColumns) {
      throw gasError(MESSAGES.rangeOutside);
    }
  }

  rangeOf(rect: GridRect): FakeRange {
    this.checkRect(rect);
    return new FakeRange(this, rect);
  }

  // --- Apps Script API ---

  getName(): string {
    return this.name;
  }

  setName(name: string): FakeSheet {
    const clash = this.parent.getSheetByName(name);
    if (clash && clash !== this) {
      throw gasError(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
    this.name = String(name);
    return this;
  }

  getSheetId(): number {
    return this.sheetId;
  }

  getSheetName(): string {
    return this.name;
  }

  getIndex(): number {
    return this.parent.getSheets().indexOf(this) + 1;
  }

  getParent(): FakeSpreadsheet {
    return this.parent;
  }

  getType(): string {
    return 'GRID';
  }

  isSheetHidden(): boolean {
    return this.hidden;
  }

  hideSheet(): FakeSheet {
    const visible = this.parent.getSheets().filter((sheet) => !sheet.isSheetHidden());
    if (!this.hidden && visible.length === 1) throw gasError("You can't hide all the sheets in a document.");
    this.hidden = true;
    return this;
  }

  showSheet(): FakeSheet {
    this.hidden = false;
    return this;
  }

  activate(): FakeSheet {
    this.parent.setActiveSheet(this);
    return this;
  }

  getMaxRows(): number {
    return this.maxRows;
  }

  getMaxColumns(): number {
    return this.maxColumns;
  }

  getFrozenRows(): number {
    return this.frozenRows;
  }

  setFrozenRows(rows: number): void {
    this.frozenRows = rows;
  }

  getLastRow(): number {
    for (let r = this.rows.length; r >= 1; r--) if (this.rows[r - 1]?.some(hasContent)) return r;
    return 0;
  }

  getLastColumn(): number {
    let last = 0;
    for (const cells of this.rows) {
      if (!cells) continue;
      for (let c = cells.length; c > last; c--) if (hasContent(cells[c - 1])) last = c;
    }
    return last;
  }

  getRange(rowOrA1: number | string, column?: number, numRows = 1, numColumns = 1): FakeRange {
    if (typeof rowOrA1 === 'string') {
      const reference = parseA1(rowOrA1);
      const sheet =
        reference.sheetName === undefined ? this : this.parent.getSheetByName(reference.sheetName);
      if (!sheet) throw gasError(MESSAGES.rangeNotFound);
      return sheet.rangeOf(reference.resolve(sheet.maxRows, sheet.maxColumns));
    }
    return this.rangeOf({ row: rowOrA1, column: column ?? NaN, numRows, numColumns });
  }

  /** Ranges of this sheet by A1 notation, as one RangeList (one service call for all of them). */
  getRangeList(a1Notations: string[]): FakeRangeList {
    if (!Array.isArray(a1Notations) || a1Notations.length === 0)
      throw gasError(
        "Exception: The parameters (number[]) don't match the method signature for SpreadsheetApp.Sheet.getRangeList.",
      );
    return new FakeRangeList(a1Notations.map((a1) => this.getRange(String(a1))));
  }

  getDataRange(): FakeRange {
    return this.rangeOf({
      row: 1,
      column: 1,
      numRows: Math.max(1, this.getLastRow()),
      numColumns: Math.max(1, this.getLastColumn()),
    });
  }

  getSheetValues(row: number, column: number, numRows: number, numColumns: number): unknown[][] {
    const lastRow = numRows === -1 ? this.getLastRow() - row + 1 : numRows;
    const lastColumn = numColumns === -1 ? this.getLastColumn() - column + 1 : numColumns;
    return this.getRange(row, column, lastRow, lastColumn).getValues();
  }

  appendRow(values: unknown[]): FakeSheet {
    const row = this.getLastRow() + 1;
    this.ensureSize(row, values.length);
    new FakeRange(this, { row, column: 1, numRows: 1, numColumns: values.length }).setValues([values]);
    return this;
  }

  clear(): FakeSheet {
    this.rows = [];
    return this;
  }

  clearContents(): FakeSheet {
    for (const cells of this.rows) {
      cells?.forEach((cell, c) => {
        cells[c] = cell?.format ? { value: '', format: cell.format } : undefined;
      });
    }
    return this;
  }

  clearFormats(): FakeSheet {
    for (const cells of this.rows) cells?.forEach((cell) => cell && delete cell.format);
    return this;
  }

  // --- embedded charts (chart.ts) ---

  newChart(): FakeEmbeddedChartBuilder {
    return this.charts.newChart();
  }

  insertChart(chart: FakeEmbeddedChart): void {
    this.charts.insertChart(chart);
  }

  updateChart(chart: FakeEmbeddedChart): void {
    this.charts.updateChart(chart);
  }

  removeChart(chart: FakeEmbeddedChart): void {
    this.charts.removeChart(chart);
  }

  /** [sheet] protect(): the whole sheet (protection.ts). */
  protect(): FakeProtection {
    return protectSheet(this);
  }

  getCharts(): FakeEmbeddedChart[] {
    return this.charts.getCharts();
  }

  // --- rows and columns ---

  insertRows(rowIndex: number, numRows = 1): void {
    this.rows.splice(rowIndex - 1, 0, ...Array.from({ length: numRows }, () => []));
    this.maxRows += numRows;
  }

  insertRowBefore(beforePosition: number): FakeSheet {
    return this.insertRowsBefore(beforePosition, 1);
  }

  insertRowAfter(afterPosition: number): FakeSheet {
    return this.insertRowsAfter(afterPosition, 1);
  }

  insertRowsBefore(beforePosition: number, howMany: number): FakeSheet {
    this.insertRows(beforePosition, howMany);
    return this;
  }

  insertRowsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.insertRows(afterPosition + 1, howMany);
    return this;
  }

  deleteRow(rowPosition: number): FakeSheet {
    return this.deleteRows(rowPosition, 1);
  }

  deleteRows(rowPosition: number, howMany: number): FakeSheet {
    this.checkRect({ row: rowPosition, column: 1, numRows: howMany, numColumns: 1 });
    if (howMany >= this.maxRows - this.frozenRows) {
      throw gasError('Sorry, it is not possible to delete all non-frozen rows.');
    }
    this.rows.splice(rowPosition - 1, howMany);
    this.maxRows -= howMany;
    this.parent.afterDelete(this, 'row', rowPosition, howMany);
    return this;
  }

  insertColumns(columnIndex: number, numColumns = 1): void {
    for (const cells of this.rows) cells?.splice(columnIndex - 1, 0, ...new Array<undefined>(numColumns));
    this.maxColumns += numColumns;
  }

  insertColumnBefore(beforePosition: number): FakeSheet {
    return this.insertColumnsBefore(beforePosition, 1);
  }

  insertColumnAfter(afterPosition: number): FakeSheet {
    return this.insertColumnsAfter(afterPosition, 1);
  }

  insertColumnsBefore(beforePosition: number, howMany: number): FakeSheet {
    this.insertColumns(beforePosition, howMany);
    return this;
  }

  insertColumnsAfter(afterPosition: number, howMany: number): FakeSheet {
    this.insertColumns(afterPosition + 1, howMany);
    return this;
  }

  deleteColumn(columnPosition: number): FakeSheet {
    return this.deleteColumns(columnPosition, 1);
  }

  deleteColumns(columnPosition: number, howMany: number): FakeSheet {
    this.checkRect({ row: 1, column: columnPosition, numRows: 1, numColumns: howMany });
    if (howMany >= this.maxColumns) throw gasError('Sorry, it is not possible to delete all columns.');
    for (const cells of this.rows) cells?.splice(columnPosition - 1, howMany);
    this.maxColumns -= howMany;
    this.parent.afterDelete(this, 'column', columnPosition, howMany);
    return this;
  }

  sort(columnPosition: number, ascending = true): FakeSheet {
    const lastRow = this.getLastRow();
    const first = this.frozenRows + 1;
    if (lastRow >= first) {
      this.getRange(first, 1, lastRow - first + 1, Math.max(1, this.getLastColumn())).sort({
        column: columnPosition,
        ascending,
      });
    }
    return this;
  }

  /** Cosmetic calls an add-on makes; they change nothing observable here. */
  setColumnWidth(): FakeSheet {
    return this;
  }

  autoResizeColumns(): FakeSheet {
    return this;
  }

  // --- state ---

  exportCells(): { row: number; column: number; cell: Cell }[] {
    const out: { row: number; column: number; cell: Cell }[] = [];
    this.rows.forEach((cells, r) =>
      cells?.forEach((cell, c) => cell && out.push({ row: r + 1, column: c + 1, cell })),
    );
    return out;
  }

  get layout(): SheetLayout {
    return {
      hidden: this.hidden,
      frozenRows: this.frozenRows,
      maxRows: this.maxRows,
      maxColumns: this.maxColumns,
      charts: this.charts.exportSpecs(),
    };
  }

  restoreLayout(layout: SheetLayout): void {
    ({
      hidden: this.hidden,
      frozenRows: this.frozenRows,
      maxRows: this.maxRows,
      maxColumns: this.maxColumns,
    } = layout);
    this.charts.restore(layout.charts);
  }
}
