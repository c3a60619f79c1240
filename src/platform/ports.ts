/**
 * The ports: everything the add-on needs from Apps Script, as small interfaces.
 * Use cases receive these (usually bundled in an AppContext) so they run unchanged in Apps Script,
 * in the local runtime and in unit tests. Adapters in this folder are the only code that touches
 * Apps Script globals.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface HttpRequest {
  url: string;
  method: HttpMethod;
  headers?: Record<string, string>;
  /** JSON text; sent with Content-Type: application/json. */
  body?: string;
  /** Sending it twice may repeat its effect (a job start): never resent by a transport fallback. */
  unsafe?: boolean;
}

/** status 0 means the request never got an HTTP answer (DNS, refused, timeout); see networkError. */
export interface HttpResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
  networkError?: string;
}

export interface HttpPort {
  fetch(request: HttpRequest): HttpResponse;
  /** One round trip for many requests (UrlFetchApp.fetchAll); answers in the same order. */
  fetchAll(requests: HttpRequest[]): HttpResponse[];
}

/** A string key/value store: PropertiesService (document or user) behind it. */
export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  setAll(values: Record<string, string>): void;
  /** Deletes keys: one call for one key, at most two for more (callers hold the document lock). */
  deleteMany(keys: readonly string[]): void;
  /** Every key/value; one call to the service. */
  getAll(): Record<string, string>;
}

/**
 * CacheService behind it: values may vanish at any time, so it only ever sits in front of a store.
 * getAll, putAll and removeAll with no key make no call: callers need not check.
 */
export interface CachePort {
  get(key: string): string | null;
  getAll(keys: string[]): Record<string, string>;
  put(key: string, value: string, ttlSeconds: number): void;
  /** For as long as the cache keeps anything (LIMITS.cacheMaxTtlSeconds): what every caller wants. */
  putAll(values: Record<string, string>): void;
  remove(key: string): void;
  removeAll(keys: string[]): void;
}

export interface LockPort {
  /** Waits up to timeoutMs for the lock; false when another execution holds it. */
  tryLock(timeoutMs: number): boolean;
  release(): void;
}

export interface ClockPort {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): void;
}

/** How much of this execution's time is left (6 min for a run, 30 s for a custom function). */
export interface BudgetPort {
  remainingMs(): number;
}

export interface TriggerPort {
  /**
   * Installs one time-driven trigger for the handler unless one exists; returns the minutes it got.
   * `created` runs when this call installed it.
   */
  ensureEveryMinutes(handler: string, minutes: number, created?: () => void): number;
  remove(handler: string): void;
  has(handler: string): boolean;
}

export interface LogPort {
  info(message: string): void;
  warn(message: string): void;
}

/** Tells the user something outside the sidebar (a toast on the spreadsheet). Never throws. */
export interface NotifyPort {
  toast(message: string): void;
}

// --- The spreadsheet, as the engine needs it ---
/**
 * What the engine needs from a spreadsheet, and nothing more: src/platform/spreadsheet.ts implements
 * it over SpreadsheetApp. Every method that touches cells is one Range call, so counting calls here
 * counts the Range calls of a run.
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
   * The rows, in order, of the cells in `column` (rows `row`..`row + rows - 1`) showing exactly
   * `text`, case included: one search on Sheets' side (TextFinder), so the script gets the matches
   * and never the column, whatever its length.
   */
  findRows(text: string, row: number, column: number, rows: number): number[];
  /**
   * Writes a rectangular block of strings as text: plain-text number format on the block, then one
   * setValues, so `+33…`, `0612…` and `=…` stay exactly the strings given.
   */
  writeText(row: number, column: number, values: string[][]): void;
  /** Inserts an empty row above `row`: the rows below move down one (formulas follow them). */
  insertRowBefore(row: number): void;
  /** Formulas of a block ("" where a cell holds none): one getFormulas. */
  readFormulas(row: number, column: number, rows: number, columns: number): string[][];
  /** Values, formulas and number formats of a block (three Range reads): what a write must keep. */
  readCells(row: number, column: number, rows: number, columns: number): CellBlock;
  /**
   * Writes a block in one setValues after setting the plain-text format on `textCells` only (one
   * RangeList call): the other cells of the block get back what they held, with their own format.
   * `formulaCells` (an undo putting a formula back over our text) get the automatic format first
   * (one more RangeList call), or Sheets would keep the formula as text.
   */
  writeCells(
    row: number,
    column: number,
    values: unknown[][],
    textCells: readonly CellRef[],
    formulaCells?: readonly CellRef[],
  ): void;
  /**
   * Keeps one embedded chart on the sheet (Sheets' own, stacked columns) over a block whose first
   * row and column are headers: inserted once, its range updated when the block moved or grew.
   */
  keepChart(block: ChartBlock): void;
}

/** The block a chart draws (1-based), and its title; the chart sits to its right. */
export interface ChartBlock {
  row: number;
  column: number;
  rows: number;
  columns: number;
  title: string;
}

/** A block's contents as readCells gives them: values typed (numbers, dates, booleans, strings). */
export interface CellBlock {
  values: unknown[][];
  /** "" where the cell holds no formula. */
  formulas: string[][];
  formats: string[][];
}

/** [row, column], 1-based. */
export type CellRef = readonly [number, number];

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
  /**
   * The row of the one cell selected, when a lone cell is the selection (selectedRows is then
   * empty: a cell is where the cursor happens to be, and stands for the whole table); else null.
   */
  selectedCellRow(): number | null;
  /** The hidden sheet that holds the results ledger; created (hidden) when `create` is true. */
  hiddenSheet(name: string, create: boolean): SheetPort | null;
  /** A visible sheet the add-on keeps (its run log); created, without being activated, when `create`. */
  ownVisibleSheet(name: string, create: boolean): SheetPort | null;
  /**
   * A new visible tab at the end, named `name` (or "name (2)", "name (3)"… when taken), its first row
   * frozen, made active so the user sees what lands in it.
   */
  insertTab(name: string): SheetPort;
  /** Activates a sheet and selects whole rows `start`..`end` of its used columns. */
  selectRows(sheetId: number, start: number, end: number): void;
  /** The spreadsheet's time zone (e.g. "Europe/Paris"): days and times the user reads are in it. */
  timeZone(): string;
  /** Every sheet the user sees (hidden ones left out). */
  visibleSheets(): SheetPort[];
  /** Applies pending changes now (SpreadsheetApp.flush): Sheets sees what was written so far. */
  flush(): void;
}

/** Every port an execution has, in one object (src/app/context.ts builds it over Apps Script). */
export interface PlatformPorts {
  /** Document properties: job registry, remembered mappings. */
  documentStore: KeyValueStore;
  /** User properties: API key, base URL, the plan awaiting confirmation, preferences. */
  userStore: KeyValueStore;
  /** Document cache, in front of the ledger. */
  cache: CachePort;
  /** Document lock: one poller (or starter) at a time. */
  lock: LockPort;
  /** The user's lock, across all their documents (LockService.getUserLock). */
  userLock: LockPort;
  clock: ClockPort;
  budget: BudgetPort;
  triggers: TriggerPort;
  log: LogPort;
  notify: NotifyPort;
  spreadsheet: SpreadsheetPort;
  /** Who this execution runs as: whose key a trigger spends. */
  userEmail(): string;
}
