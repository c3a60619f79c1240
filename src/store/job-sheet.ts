/**
 * The bulky half of the job registry: each job's input fingerprints, in a hidden sheet, so that a
 * run of 100,000 rows (1,000 jobs × 100 fingerprints, about 1.5 MB) fits where document properties
 * (500 KB) cannot. The small, often-rewritten half (state, id, counts) stays in properties.
 *
 * One row per job: A = the job's key, B = its fingerprints separated by spaces (1,300 characters
 * for 100, far below a cell's 50,000), C = its id when it is known as the row is written: an
 * imported job's, and a re-homed one's, which the provider's dashboard names after another run, so
 * that the id still finds it if its records are damaged (fuzz finding 35). Rows are
 * appended (one Range write per run start); when a job's list changes, a new row is appended and
 * the later row wins. A job's fingerprints never change after it is sent, so a row is written
 * before its job can be sent and read whenever the engine needs the list (one Range read per
 * execution). Pruning rewrites the sheet without the rows of deleted jobs once they are most of it.
 */
import type { SheetPort, SpreadsheetPort } from '../platform/ports';
import { appendBelow, keepRows } from '../platform/sheet-rows';

export const JOB_SHEET_NAME = '_sheet_enrich_jobs';
const HEADER = ['job', 'fingerprints', 'id'];
const SEPARATOR = ' ';

/** What the sheet says of a job: its contacts, and its id if known when the row was written. */
export interface JobSheetRow {
  list: readonly string[];
  id?: string | undefined;
}

/** A job's row: its key, its fingerprints in one cell, its id. */
const rowsOf = (rows: ReadonlyMap<string, JobSheetRow>) =>
  [...rows].map(([key, { list, id }]) => [key, list.join(SEPARATOR), id ?? '']);

export interface JobSheetContents {
  /** Job key → fingerprints, from the latest row of each key. */
  fingerprints: Map<string, string[]>;
  /** Job key → id, where the latest row of the key has one. */
  ids: Map<string, string>;
  /** Data rows the sheet holds, live or not: pruning compares it with the live jobs. */
  rows: number;
}

/** The data rows (below the header) of one of the add-on's own sheets, `columns` wide; none without it. */
export function dataRows(sheet: SheetPort | null, columns: number): string[][] {
  const lastRow = sheet?.lastRow() ?? 0;
  return lastRow < 2 ? [] : sheet!.readDisplayValues(2, 1, lastRow - 1, columns);
}

export function readJobSheet(spreadsheet: SpreadsheetPort): JobSheetContents {
  const fingerprints = new Map<string, string[]>();
  const ids = new Map<string, string>();
  const values = dataRows(spreadsheet.hiddenSheet(JOB_SHEET_NAME, false), HEADER.length);
  for (const [key, list, id] of values) {
    if (!key) continue;
    fingerprints.set(key, list ? list.split(SEPARATOR) : []);
    if (id) ids.set(key, id);
    else ids.delete(key);
  }
  return { fingerprints, ids, rows: values.length };
}

/** Appends one row per job, in one write; call before the jobs are saved in properties. */
export function appendToJobSheet(spreadsheet: SpreadsheetPort, rows: ReadonlyMap<string, JobSheetRow>): void {
  if (rows.size === 0) return;
  appendBelow(spreadsheet.hiddenSheet(JOB_SHEET_NAME, true)!, HEADER, rowsOf(rows));
}

/**
 * Rewrites the sheet with only the given jobs' rows, blanking the rows below (one write), when
 * rows of deleted jobs are at least half of it: pruning stays one write every so often, not every
 * poll. Returns the data rows the sheet holds afterwards.
 */
export function compactJobSheet(
  spreadsheet: SpreadsheetPort,
  live: ReadonlyMap<string, JobSheetRow>,
  rows: number,
): number {
  if (rows === 0 || live.size * 2 > rows) return rows;
  const sheet = spreadsheet.hiddenSheet(JOB_SHEET_NAME, false);
  if (!sheet) return 0;
  const kept = rowsOf(live);
  keepRows(sheet, kept, rows, HEADER.length);
  return kept.length;
}
