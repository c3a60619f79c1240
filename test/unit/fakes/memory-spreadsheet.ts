/**
 * In-memory SheetPort / SpreadsheetPort. Cells hold strings; every port call that touches cells is
 * counted (reads, writes), the way the Apps Script adapter makes one Range call for each.
 */
import type {
  CellBlock,
  CellRef,
  ChartBlock,
  RowSpan,
  SheetPort,
  SpreadsheetPort,
} from '../../../src/platform/ports';

/** A "row:column" key, as tests name a cell. */
const cellOf = (key: string) => key.split(':').map(Number) as [number, number];

/**
 * A string per cell, by row and column, with a Map's get / set / has by "row:column" for tests.
 * Rows of arrays, not a Map of "row:column" keys: a 100,000-row run writes half a million cells,
 * and such a Map took about a third of the CPU of the tests that make one (its keys, then their GC).
 */
export class CellGrid {
  private rows: (string | undefined)[][] = [];
  at(row: number, column: number): string | undefined {
    return this.rows[row]?.[column];
  }
  put(row: number, column: number, value: string): void {
    (this.rows[row] ??= [])[column] = value;
  }
  clear(row: number, column: number): void {
    const cells = this.rows[row];
    if (cells?.[column] !== undefined) cells[column] = undefined;
  }
  /** Like Sheets: the rows from `row` down move one down. */
  insertRow(row: number): void {
    if (row < this.rows.length) this.rows.splice(row, 0, []);
  }
  get(key: string): string | undefined {
    return this.at(...cellOf(key));
  }
  set(key: string, value: string): this {
    this.put(...cellOf(key), value);
    return this;
  }
  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
}

export class MemorySheet implements SheetPort {
  cells: string[][];
  /** Number format per cell ("@" after writeText). */
  formats = new CellGrid();
  /** Formula per cell ("row:column" → "=…"); the cell's value is then what it shows. */
  formulas = new CellGrid();
  reads = 0;
  writes = 0;
  /** Throws on the n-th writeText from now on (1 = the next one): an execution killed mid-write. */
  failOnWrite = 0;

  constructor(
    private readonly sheetId: number,
    private sheetName: string,
    values: (string | number)[][] = [],
  ) {
    this.cells = values.map((row) => row.map(String));
  }

  id(): number {
    return this.sheetId;
  }
  name(): string {
    return this.sheetName;
  }
  lastRow(): number {
    for (let row = this.cells.length; row > 0; row--)
      if (this.cells[row - 1]!.some((cell) => cell !== '')) return row;
    return 0;
  }
  lastColumn(): number {
    // A loop, not Math.max(...rows): the fake must hold sheets of 100,000+ rows.
    return this.cells.reduce(
      (widest, row) =>
        Math.max(
          widest,
          row.reduce((last, cell, index) => (cell !== '' ? index + 1 : last), 0),
        ),
      0,
    );
  }
  /** readDisplayValues calls (how the engine reads a whole table). */
  tableReads = 0;
  readDisplayValues(row: number, column: number, rows: number, columns: number): string[][] {
    this.reads++;
    this.tableReads++;
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => this.cells[row - 1 + r]?.[column - 1 + c] ?? ''),
    );
  }
  /** findRows calls: each one is a search of its whole range on Sheets' side, counted as a read. */
  searches = 0;
  /** Throws on findRows, as a runtime refusing TextFinder to a custom function would. */
  refuseSearch = false;
  findRows(text: string, row: number, column: number, rows: number): number[] {
    if (this.refuseSearch) throw new Error('You do not have permission to call createTextFinder');
    this.reads++;
    this.searches++;
    const found: number[] = [];
    for (let r = row; r < row + rows; r++) if (this.get(r, column) === text) found.push(r);
    return found;
  }
  writeText(row: number, column: number, values: string[][]): void {
    if (this.failOnWrite > 0 && --this.failOnWrite === 0) throw new Error('Exceeded maximum execution time');
    this.writes++;
    const width = values[0]?.length ?? 0;
    values.forEach((cells, r) => {
      if (cells.length !== width)
        throw new Error('The number of columns in the data does not match the range.');
      cells.forEach((value, c) => {
        if (typeof value !== 'string') throw new Error('writeText got a non-string');
        this.set(row + r, column + c, value);
        this.formats.put(row + r, column + c, '@');
      });
    });
  }

  /**
   * Like Sheets: the rows from `row` down move one down, with their formats and formulas. Tests
   * pass `values` to play a user inserting a filled row.
   */
  insertRowBefore(row: number, values: string[] = []): void {
    if (row <= this.cells.length) this.cells.splice(row - 1, 0, values);
    else values.forEach((value, index) => this.set(row, index + 1, value));
    this.formats.insertRow(row);
    this.formulas.insertRow(row);
  }

  readFormulas(row: number, column: number, rows: number, columns: number): string[][] {
    return this.readCells(row, column, rows, columns).formulas;
  }
  readCells(row: number, column: number, rows: number, columns: number): CellBlock {
    this.reads += 3;
    const each = <T>(cell: (r: number, c: number) => T): T[][] =>
      Array.from({ length: rows }, (_, r) =>
        Array.from({ length: columns }, (_, c) => cell(row + r, column + c)),
      );
    return {
      values: each((r, c) => (this.formulas.at(r, c) !== undefined ? '' : this.get(r, c))),
      formulas: each((r, c) => this.formulas.at(r, c) ?? ''),
      formats: each((r, c) => this.formats.at(r, c) ?? 'General'),
    };
  }
  /** The block keepChart was last given (the chart itself is the local runtime's to model). */
  chart: ChartBlock | undefined;
  keepChart(block: ChartBlock): void {
    this.chart = { ...block };
  }
  /** Like Sheets: in a cell not formatted as text, "=…" becomes a formula and a quote prefix is dropped. */
  writeCells(
    row: number,
    column: number,
    values: unknown[][],
    textCells: readonly CellRef[],
    formulaCells: readonly CellRef[] = [],
  ): void {
    if (this.failOnWrite > 0 && --this.failOnWrite === 0) throw new Error('Exceeded maximum execution time');
    this.writes += 1 + (textCells.length ? 1 : 0) + (formulaCells.length ? 1 : 0);
    for (const [r, c] of textCells) this.formats.put(r, c, '@');
    for (const [r, c] of formulaCells) this.formats.put(r, c, 'General');
    values.forEach((cells, r) =>
      cells.forEach((value, c) => {
        const [at, to] = [row + r, column + c];
        const text = String(value ?? '');
        this.formulas.clear(at, to);
        if (this.formats.at(at, to) === '@') this.set(at, to, text);
        else if (text.startsWith("'")) this.set(at, to, text.slice(1));
        else if (text.startsWith('=')) {
          this.formulas.put(at, to, text);
          this.set(at, to, '');
        } else this.set(at, to, text);
      }),
    );
  }

  /** Test helpers (not part of the port). */
  set(row: number, column: number, value: string): void {
    while (this.cells.length < row) this.cells.push([]);
    const cells = this.cells[row - 1]!;
    while (cells.length < column) cells.push('');
    cells[column - 1] = value;
  }
  get(row: number, column: number): string {
    return this.cells[row - 1]?.[column - 1] ?? '';
  }
  /** The cell under the header `header` (row 1 unless told) on `row`. */
  cell(row: number, header: string, headerRow = 1, nth = 1): string {
    let seen = 0;
    const index = (this.cells[headerRow - 1] ?? []).findIndex((text) => text === header && ++seen === nth);
    if (index < 0) throw new Error(`No column "${header}"`);
    return this.get(row, index + 1);
  }
  column(header: string, headerRow = 1, nth = 1): string[] {
    return this.cells
      .slice(headerRow)
      .map((_, offset) => this.cell(headerRow + 1 + offset, header, headerRow, nth));
  }
  /** Moves rows around as a user's sort would (rows below the header). */
  reorder(order: (rows: string[][]) => string[][], headerRow = 1): void {
    this.cells = [...this.cells.slice(0, headerRow), ...order(this.cells.slice(headerRow))];
  }
  deleteRow(row: number): void {
    this.cells.splice(row - 1, 1);
  }
}

export class MemorySpreadsheet implements SpreadsheetPort {
  sheets: MemorySheet[] = [];
  active = 0;
  selection: RowSpan[] = [];
  /** The row of a lone selected cell (then `selection` is empty, as selectedRows gives it). */
  cellRow: number | null = null;
  private nextId = 1000;

  constructor(private readonly title = 'Leads') {}

  addSheet(name: string, values: (string | number)[][] = []): MemorySheet {
    const sheet = new MemorySheet(this.nextId++, name, values);
    this.sheets.push(sheet);
    return sheet;
  }
  name(): string {
    return this.title;
  }
  activeSheet(): SheetPort {
    return this.sheets[this.active]!;
  }
  sheetById(id: number): SheetPort | null {
    return this.sheets.find((sheet) => sheet.id() === id) ?? null;
  }
  selectedRows(): RowSpan[] {
    return this.selection;
  }
  selectedCellRow(): number | null {
    return this.selection.length ? null : this.cellRow;
  }
  hiddenSheet(name: string, create: boolean): SheetPort | null {
    return this.sheets.find((sheet) => sheet.name() === name) ?? (create ? this.addSheet(name) : null);
  }
  /** A user (or a damage) deleting a tab. */
  deleteSheetNamed(name: string): void {
    const index = this.sheets.findIndex((sheet) => sheet.name() === name);
    if (index < 0) throw new Error(`no sheet ${name}`);
    const active = this.sheets[this.active];
    this.sheets.splice(index, 1);
    this.active = Math.max(0, this.sheets.indexOf(active!));
  }
  visibleSheets(): SheetPort[] {
    return this.sheets.filter((sheet) => !sheet.name().startsWith('_sheet_enrich'));
  }
  flush(): void {}
  ownVisibleSheet(name: string, create: boolean): SheetPort | null {
    return this.hiddenSheet(name, create);
  }
  timeZone(): string {
    return 'Etc/UTC';
  }
  insertTab(name: string): SheetPort {
    let unique = name;
    for (let n = 2; this.sheets.some((sheet) => sheet.name() === unique); n++) unique = `${name} (${n})`;
    const sheet = this.addSheet(unique);
    this.active = this.sheets.length - 1;
    return sheet;
  }
  selectRows(sheetId: number, start: number, end: number): void {
    this.active = this.sheets.findIndex((sheet) => sheet.id() === sheetId);
    this.selection = [{ start, end }];
  }
  /** Range calls on every sheet. */
  get calls(): { reads: number; writes: number } {
    return this.sheets.reduce((sum, s) => ({ reads: sum.reads + s.reads, writes: sum.writes + s.writes }), {
      reads: 0,
      writes: 0,
    });
  }
}
