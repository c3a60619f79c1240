/** A spreadsheet: its sheets, the active sheet and the user's selection, toasts. */
import { gasError, MESSAGES } from '../errors';
import { GAS_TYPE, type GasObject } from '../membrane';
import { parseA1, type GridRect } from './a1';
import { FakeRange, FakeRangeList } from './range';
import { FakeSheet } from './sheet';
import type { Protection } from './limits';

export interface Toast {
  message: string;
  title: string;
  timeoutSeconds: number;
}

const FIRST_CELL: GridRect = { row: 1, column: 1, numRows: 1, numColumns: 1 };

export class FakeSpreadsheet implements GasObject {
  readonly [GAS_TYPE] = 'Spreadsheet';
  readonly toasts: Toast[] = [];
  /** Protected ranges and sheets of the document (spreadsheet/limits.ts, protection.ts). */
  readonly protections: Protection[] = [];
  /** The user of the execution that last took the services (runtime.ts): who makes a protection. */
  actingUser = '';
  private sheets: FakeSheet[] = [];
  private nextSheetId = 0;
  private activeSheet!: FakeSheet;
  private selection: GridRect[] = [FIRST_CELL];
  /** Sheets remembers each tab's own selection: switching back to a tab restores it. */
  private readonly selectionBySheet = new Map<FakeSheet, GridRect[]>();

  constructor(
    private readonly id: string,
    private name: string,
    /** The harness clock: typed dates without a year take the current one. */
    readonly now: () => number = Date.now,
    withDefaultSheet = true,
  ) {
    if (withDefaultSheet) this.activeSheet = this.addSheet('Sheet1');
  }

  /** A chart id unique across the spreadsheet (EmbeddedChart.getChartId): after every one in use. */
  nextChartId(): number {
    return Math.max(0, ...this.sheets.flatMap((sheet) => sheet.chartIds())) + 1;
  }

  /** Harness side: a sheet with a given id (restoring state) or the next one. */
  addSheet(name: string, sheetId = this.nextSheetId, index?: number): FakeSheet {
    const sheet = new FakeSheet(this, name, sheetId);
    this.nextSheetId = Math.max(this.nextSheetId, sheetId + 1);
    this.sheets.splice(index ?? this.sheets.length, 0, sheet);
    this.activeSheet ??= sheet;
    return sheet;
  }

  /** Harness side: sets active sheet and selection, like a user clicking. */
  select(sheet: FakeSheet, rects: GridRect[]): void {
    this.activeSheet = sheet;
    rects.forEach((rect) => sheet.checkRect(rect));
    this.selection = rects.length > 0 ? rects : [FIRST_CELL];
    this.selectionBySheet.set(sheet, this.selection);
  }

  /**
   * Rows or columns of a sheet were deleted: like Sheets, its selection keeps the cells that are
   * left (shifted), and a selection whose cells were all deleted moves to the line after them,
   * always inside the grid; it never points outside the sheet.
   */
  afterDelete(sheet: FakeSheet, line: 'row' | 'column', position: number, howMany: number): void {
    const stored = sheet === this.activeSheet ? this.selection : this.selectionBySheet.get(sheet);
    if (!stored) return;
    const max = line === 'row' ? sheet.getMaxRows() : sheet.getMaxColumns();
    const adjusted = stored.map((rect) => {
      const [start, size] = line === 'row' ? [rect.row, rect.numRows] : [rect.column, rect.numColumns];
      const end = start + size - 1;
      const kept = (from: number, to: number) => Math.max(0, Math.min(to, end) - Math.max(from, start) + 1);
      const keptSize = kept(1, position - 1) + kept(position + howMany, Number.MAX_SAFE_INTEGER);
      const newStart = Math.min(start < position ? start : Math.max(position, start - howMany), max);
      const newSize = Math.max(1, Math.min(keptSize, max - newStart + 1));
      return line === 'row'
        ? { ...rect, row: newStart, numRows: newSize }
        : { ...rect, column: newStart, numColumns: newSize };
    });
    if (sheet === this.activeSheet) this.selection = adjusted;
    this.selectionBySheet.set(sheet, adjusted);
  }

  getId(): string {
    return this.id;
  }

  getName(): string {
    return this.name;
  }

  rename(name: string): void {
    this.name = name;
  }

  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this.id}/edit`;
  }

  /** A new spreadsheet's zone here; a real one starts in its creator's (File › Settings changes it). */
  private timeZone = 'Etc/UTC';

  getSpreadsheetTimeZone(): string {
    return this.timeZone;
  }

  setSpreadsheetTimeZone(timeZone: string): void {
    this.timeZone = timeZone;
  }

  getSpreadsheetLocale(): string {
    return 'en_US';
  }

  getSheets(): FakeSheet[] {
    return [...this.sheets];
  }

  getNumSheets(): number {
    return this.sheets.length;
  }

  getSheetByName(name: string): FakeSheet | null {
    return this.sheets.find((sheet) => sheet.getName() === name) ?? null;
  }

  getSheetById(id: number): FakeSheet | null {
    return this.sheets.find((sheet) => sheet.getSheetId() === id) ?? null;
  }

  /** insertSheet(), insertSheet(index), insertSheet(name), insertSheet(name, index); the new sheet becomes active. */
  insertSheet(nameOrIndex?: string | number, index?: number): FakeSheet {
    const name = typeof nameOrIndex === 'string' ? nameOrIndex : this.nextSheetName();
    const position = typeof nameOrIndex === 'number' ? nameOrIndex : index;
    if (this.getSheetByName(name)) {
      throw gasError(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
    const sheet = this.addSheet(name, undefined, position);
    this.select(sheet, [FIRST_CELL]);
    return sheet;
  }

  private nextSheetName(): string {
    for (let n = this.sheets.length + 1; ; n++) if (!this.getSheetByName(`Sheet${n}`)) return `Sheet${n}`;
  }

  deleteSheet(sheet: FakeSheet): void {
    const index = this.sheets.indexOf(sheet);
    if (index < 0) throw gasError('Sheet not found');
    if (this.sheets.length === 1) throw gasError("You can't remove all the sheets in a document.");
    this.sheets.splice(index, 1);
    if (this.activeSheet === sheet) this.select(this.sheets[Math.max(0, index - 1)]!, [FIRST_CELL]);
  }

  getActiveSheet(): FakeSheet {
    return this.activeSheet;
  }

  setActiveSheet(sheet: FakeSheet): FakeSheet {
    if (!this.sheets.includes(sheet)) throw gasError('Sheet not found');
    if (sheet !== this.activeSheet) this.select(sheet, this.selectionBySheet.get(sheet) ?? [FIRST_CELL]);
    return sheet;
  }

  /** The last range the user selected. */
  getActiveRange(): FakeRange {
    return this.activeSheet.rangeOf(this.selection[this.selection.length - 1]!);
  }

  getActiveRangeList(): FakeRangeList {
    return new FakeRangeList(this.selection.map((rect) => this.activeSheet.rangeOf(rect)));
  }

  getCurrentCell(): FakeRange {
    const last = this.selection[this.selection.length - 1]!;
    return this.activeSheet.rangeOf({ ...last, numRows: 1, numColumns: 1 });
  }

  getSelection(): FakeSelection {
    return new FakeSelection(this);
  }

  getRange(a1: string): FakeRange {
    const reference = parseA1(a1);
    const sheet =
      reference.sheetName === undefined ? this.activeSheet : this.getSheetByName(reference.sheetName);
    if (!sheet) throw gasError(MESSAGES.rangeNotFound);
    return sheet.getRange(a1.slice(a1.lastIndexOf('!') + 1));
  }

  getRangeByName(): null {
    return null;
  }

  toast(message: string, title = '', timeoutSeconds = 5): void {
    this.toasts.push({ message: String(message), title: String(title), timeoutSeconds });
  }

  getSheetSelectionRects(): GridRect[] {
    return this.selection.map((rect) => ({ ...rect }));
  }
}

export class FakeSelection implements GasObject {
  readonly [GAS_TYPE] = 'Selection';

  constructor(private readonly spreadsheet: FakeSpreadsheet) {}

  getActiveSheet(): FakeSheet {
    return this.spreadsheet.getActiveSheet();
  }

  getActiveRange(): FakeRange {
    return this.spreadsheet.getActiveRange();
  }

  getActiveRangeList(): FakeRangeList {
    return this.spreadsheet.getActiveRangeList();
  }

  getCurrentCell(): FakeRange {
    return this.spreadsheet.getCurrentCell();
  }
}
