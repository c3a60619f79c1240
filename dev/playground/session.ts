/**
 * One spreadsheet with the add-on installed: the local Apps Script runtime running dist/Code.js,
 * plus what the page needs to draw it (grid, selection, menus, sidebar, messages). Every call runs
 * synchronously on this thread, one execution at a time, as a single user's would.
 */
import { loadAddon, type Addon } from '../gas/harness';
import { columnLetters } from '../gas/spreadsheet/a1';
import type { CallAnswer, MenuView, PlaygroundState } from './protocol';
import { scriptRunReturn } from './web/script-run-values';

export interface ApiTarget {
  baseUrl: string;
  apiKey: string;
}

export interface SheetData {
  name: string;
  values: unknown[][];
}

export interface ResetOptions {
  /** Load the demo sheet (default true). */
  demo?: boolean;
  /** Open the sidebar as if from the menu (default true). */
  sidebar?: boolean;
}

const KEPT_MESSAGES = 20;
const HOUR_MS = 60 * 60 * 1000;

/** The demo spreadsheet's name. */
export const DEMO_TITLE = 'Demo contacts';

/** Apps Script refuses google.script.run calls to names ending in "_" (private functions). */
const isPrivate = (name: string): boolean => name.endsWith('_') || name.length === 0;

export class PlaygroundSession {
  private addon!: Addon;
  private closedSidebarVersion = 0;
  private messages: PlaygroundState['messages'] = [];
  private seenToasts = 0;
  private seenAlerts = 0;
  private nextMessageId = 1;

  constructor(
    private readonly api: ApiTarget,
    /** Loaded on reset; the first one's rows are selected. */
    private readonly demo: readonly SheetData[],
  ) {
    this.reset();
  }

  /** The API the add-on calls (the emulator's address, whose /__admin routes tests use for faults). */
  get apiBaseUrl(): string {
    return this.api.baseUrl;
  }

  /** A fresh spreadsheet: the demo contacts (rows selected) and the sidebar open, unless told otherwise. */
  reset(options: ResetOptions = {}): void {
    this.addon?.close();
    this.addon = loadAddon({
      apiBaseUrl: this.api.baseUrl,
      apiKey: this.api.apiKey,
      addon: true,
      allowLoopback: true,
    });
    this.closedSidebarVersion = 0;
    this.messages = [];
    this.seenToasts = 0;
    this.seenAlerts = 0;
    const [first] = this.demo;
    if (options.demo !== false && first) {
      // The document's one name: the page's title and the add-on's job names both read it.
      this.addon.spreadsheet.rename(DEMO_TITLE);
      this.addon.spreadsheet.getSheets()[0]?.setName(first.name);
      for (const sheet of this.demo) this.loadSheet(sheet);
      const lastColumn = columnLetters(Math.max(...first.values.map((row) => row.length)));
      this.addon.setSelection(`A2:${lastColumn}${first.values.length}`, first.name);
    }
    this.run('onOpen', [{ authMode: 'LIMITED' }]);
    if (options.sidebar !== false) this.run('showSidebar', []);
  }

  /**
   * Sheets recalculates custom functions by itself after edits and after a script ran; the local
   * runtime does it when asked, with Sheets' rule (a formula runs again only when its text or its
   * arguments changed), so the page calls it after everything that may change either.
   */
  private recalculate(): void {
    this.addon.recalculate();
  }

  /** Runs a top-level function of dist/Code.js as one execution (a menu item, a google.script.run call). */
  run(name: string, args: unknown[]): CallAnswer {
    if (isPrivate(name)) return { ok: false, message: `Script function not found: ${name}` };
    try {
      // A return value google.script.run refuses (a Date…) fails the call, as it does in Sheets.
      return { ok: true, value: scriptRunReturn(this.addon.call(name, ...args)) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    } finally {
      this.recalculate();
      this.collectMessages();
    }
  }

  /** Runs every installed trigger now, as trigger executions. Returns the new failures, for the terminal. */
  pumpTriggers(): string[] {
    const before = this.addon.triggerFailures().length;
    this.addon.fireTriggers({ all: true });
    this.recalculate();
    return this.addon
      .triggerFailures()
      .slice(before)
      .map(({ handler, error }) => `${handler}: ${error instanceof Error ? error.message : String(error)}`);
  }

  loadSheet(sheet: SheetData): void {
    const existing = this.addon.spreadsheet.getSheetByName(sheet.name);
    // addSheetFromValues only reuses an empty sheet: replacing data starts from a cleared one.
    existing?.clear();
    this.addon.addSheetFromValues(sheet.name, sheet.values);
    this.recalculate();
  }

  readSheet(name: string): { values: unknown[][]; displayValues: string[][] } | null {
    const sheet = this.addon.spreadsheet.getSheetByName(name);
    if (!sheet) return null;
    const range = sheet.getDataRange();
    return { values: range.getValues(), displayValues: range.getDisplayValues() };
  }

  /** Like a user typing into a cell: Sheets' parsing rules apply. */
  editCell(sheetName: string, row: number, column: number, value: string): void {
    const sheet = this.requireSheet(sheetName);
    sheet.ensureSize(row, column);
    sheet.getRange(row, column).setValue(value);
    this.recalculate();
  }

  /** Several cells typed at once (a fill or a paste): the custom functions recalculate once. */
  editCells(sheetName: string, edits: readonly { row: number; column: number; value: string }[]): void {
    const sheet = this.requireSheet(sheetName);
    for (const { row, column, value } of edits) {
      sheet.ensureSize(row, column);
      sheet.getRange(row, column).setValue(value);
    }
    this.recalculate();
  }

  /** Deletes whole rows (each span: its first row and how many), as Edit › Delete rows does. */
  deleteRows(sheetName: string, spans: readonly { row: number; numRows: number }[]): void {
    const sheet = this.requireSheet(sheetName);
    // Bottom up: a deletion moves the rows below it, not the ones above.
    for (const { row, numRows } of [...spans].sort((a, b) => b.row - a.row)) sheet.deleteRows(row, numRows);
    this.recalculate();
  }

  /** Moves the add-on's clock forward (the trigger's hour, the schedule's day, the caps' midnight). */
  advanceClock(ms: number): void {
    this.addon.advanceClock(ms);
  }

  /**
   * "Run the hourly trigger now": the clock moves to the next hour of the add-on's time-driven
   * trigger and every installed trigger runs, as at that hour (a due schedule ticks). Its failures.
   */
  runHourlyTrigger(): string[] {
    this.addon.advanceClock(HOUR_MS);
    return this.pumpTriggers();
  }

  select(ranges: string[], sheetName?: string): void {
    if (sheetName !== undefined) this.requireSheet(sheetName);
    this.addon.setSelection(ranges, sheetName);
  }

  activate(sheetName: string): void {
    this.requireSheet(sheetName).activate();
  }

  closeSidebar(): void {
    this.closedSidebarVersion = this.addon.ui.sidebars.length;
  }

  /** The page served in the sidebar iframe: what the add-on passed to showSidebar. */
  sidebarContent(): string | undefined {
    return this.addon.ui.lastSidebar?.content;
  }

  state(): PlaygroundState {
    const spreadsheet = this.addon.spreadsheet;
    const active = spreadsheet.getActiveSheet();
    const sidebars = this.addon.ui.sidebars;
    const last = this.addon.ui.lastSidebar;
    return {
      title: spreadsheet.getName(),
      // Sheets shows no tab for a hidden sheet (the add-on keeps its saved results in one).
      sheets: spreadsheet
        .getSheets()
        .filter((sheet) => !sheet.isSheetHidden() || sheet === active)
        .map((sheet) => sheet.getName()),
      activeSheet: active.getName(),
      grid: active.getLastRow() === 0 ? [] : active.getDataRange().getDisplayValues(),
      formulas: active.getLastRow() === 0 ? [] : active.getDataRange().getFormulas(),
      errors: this.addon.formulaErrors(active.getName()),
      selection: spreadsheet.getSheetSelectionRects(),
      menus: this.addon.ui.menus.map(menuView),
      sidebar:
        last && sidebars.length > this.closedSidebarVersion
          ? { version: sidebars.length, title: last.title }
          : null,
      messages: this.messages,
      clock: { now: this.addon.now(), aheadMs: this.addon.now() - Date.now() },
      charts: active.getCharts().map((chart) => ({
        title: String(chart.getOptions().get('title') ?? ''),
        table: chart.getRanges()[0]?.getDisplayValues() ?? [],
      })),
    };
  }

  /** For tests that look deeper (triggers, counts, requests). */
  get runtime(): Addon {
    return this.addon;
  }

  close(): void {
    this.addon.close();
  }

  private requireSheet(name: string) {
    const sheet = this.addon.spreadsheet.getSheetByName(name);
    if (!sheet) throw new Error(`No sheet named "${name}".`);
    return sheet;
  }

  private collectMessages(): void {
    const { toasts, alerts } = this.addon.ui;
    for (const toast of toasts.slice(this.seenToasts)) this.addMessage(toast.title, toast.message);
    for (const alert of alerts.slice(this.seenAlerts)) this.addMessage(alert.title ?? '', alert.prompt);
    this.seenToasts = toasts.length;
    this.seenAlerts = alerts.length;
  }

  private addMessage(title: string, text: string): void {
    this.messages = [...this.messages, { id: this.nextMessageId++, title, text }].slice(-KEPT_MESSAGES);
  }
}

function menuView(menu: Addon['ui']['menus'][number]): MenuView {
  const items: MenuView['items'] = [];
  for (const entry of menu.items)
    if ('label' in entry) items.push({ label: entry.label, handler: entry.handler });
  return { title: menu.title, items };
}
