/** What the playground's page and its server say to each other (types only; the page imports them with `import type`). */

import type { GridRect } from '../gas/spreadsheet/a1';

export type { GridRect };

export interface MenuView {
  title: string;
  items: { label: string; handler: string }[];
}

/** Everything the page draws, fetched about once a second. */
export interface PlaygroundState {
  /** The spreadsheet's name, shown above the menus (and in the names of the add-on's jobs). */
  title: string;
  sheets: string[];
  activeSheet: string;
  /** The active sheet's data range as Sheets displays it. */
  grid: string[][];
  /** The same range's formulas ("" where a cell holds none): what the formula bar shows and edits. */
  formulas: string[][];
  /** Why each #ERROR! of the active sheet failed: the custom function's message, shown on hover. */
  errors: { row: number; column: number; message: string }[];
  selection: GridRect[];
  /** Extensions › <title> menus the add-on's onOpen registered. */
  menus: MenuView[];
  /** The sidebar the add-on last showed, unless the user closed it; `version` grows with each show. */
  sidebar: { version: number; title: string } | null;
  /** Toasts and alerts the add-on showed, oldest first, numbered so the page shows each once. */
  messages: { id: number; title: string; text: string }[];
  /** The active sheet's embedded charts: each one's title and the table its first range holds. */
  charts: ChartView[];
  /** The add-on's clock (ms since the epoch), and how far ahead of real time the clock control moved it. */
  clock: { now: number; aheadMs: number };
}

/** The answer of every POST: Apps Script hands over the return value or the thrown error's message. */
export type CallAnswer = { ok: true; value?: unknown } | { ok: false; message: string };

/** An embedded chart as the page draws it (stacked columns: a category per row, a series per column). */
export interface ChartView {
  title: string;
  /** Its range as Sheets displays it: a header row, then a category and its numbers per row. */
  table: string[][];
}
