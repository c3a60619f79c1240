/**
 * The "Spending" tab: the credits the API charged, by day, person and kind (domain/runs.ts words),
 * added to as runs end (engine/run-end.ts) and searches load (features/search), never estimated.
 * Beside that book, totals by person, month and kind, and the table of the last days per person that
 * Sheets' own chart draws. One update is one read of the book and one write of the whole block
 * (two Range calls: its text cells' format, then the values); the chart is inserted once and moved
 * only when its table grows.
 */
import type { CellRef, PlatformPorts, SheetPort } from '../platform/ports';
import { dayIn } from './local-time';
import { SPEND_WORDS, sourceWord } from '../domain/runs';
import type { RunRecord } from './registry';

export const SPENDING_SHEET = 'Spending';

/** Credits the API charged at one moment, for one person and one kind of spending. */
export interface Charge {
  at: number;
  /** Who started it (their email; "" when Apps Script did not tell). */
  by: string;
  /** Its word in SPEND_WORDS (domain/runs.ts). */
  kind: string;
  credits: number;
}

/** One line of the book: a day's credits of one person for one kind. */
export interface SpendingLine {
  day: string;
  person: string;
  kind: string;
  credits: number;
}

const BOOK_HEADER = ['Day', 'Person', 'Kind', 'Credits'];
const BOOK_COLUMNS = BOOK_HEADER.length;
/** Where the totals start (a blank column after the book), and the chart's table (after them). */
const TOTALS_COLUMN = BOOK_COLUMNS + 2;
const TABLE_COLUMN = TOTALS_COLUMN + 3;
/** The chart shows the last days that had charges. */
const CHART_DAYS = 31;
const UNKNOWN_PERSON = 'unknown';
const DAY = /^\d{4}-\d\d-\d\d$/;

/** The book's lines as the tab holds them (rows that are not a line, e.g. edited away, are skipped). */
export function readSpending(sheet: SheetPort | null): SpendingLine[] {
  const lastRow = sheet?.lastRow() ?? 0;
  if (!sheet || lastRow < 2) return [];
  return sheet.readDisplayValues(2, 1, lastRow - 1, BOOK_COLUMNS).flatMap(([day, person, kind, credits]) => {
    const amount = Number(credits!.replace(/,/g, ''));
    return DAY.test(day!) && kind && amount > 0
      ? [{ day: day!, person: person!, kind, credits: amount }]
      : [];
  });
}

/**
 * What an ending run charged since it was last counted, and marks it counted (the caller saves the
 * run with its end, so the same credits are never counted twice). A run that ends again counts on
 * that day, as a retry when the user sent a lost start again.
 */
export function runCharge(run: RunRecord, now: number): Charge {
  const again = run.counted !== undefined;
  const credits = run.credits - (run.counted ?? 0);
  run.counted = run.credits;
  const kind = again && run.retriedLost ? SPEND_WORDS.retry : sourceWord(run);
  return { at: again ? now : run.startedAt, by: run.startedBy ?? '', kind, credits };
}

/** Adds what the API charged to the tab (nothing to add: the tab is not even read). */
export function recordSpending(ctx: PlatformPorts, charges: readonly Charge[]): void {
  const fresh = charges.filter((charge) => charge.credits > 0);
  if (fresh.length === 0) return;
  const sheet = ctx.spreadsheet.ownVisibleSheet(SPENDING_SHEET, true)!;
  const lastRow = sheet.lastRow();
  const book = new Map<string, SpendingLine>();
  const add = (line: SpendingLine) => {
    const key = `${line.day}\n${line.person}\n${line.kind}`;
    const kept = book.get(key);
    if (kept) kept.credits += line.credits;
    else book.set(key, { ...line });
  };
  readSpending(sheet).forEach(add);
  const timeZone = ctx.spreadsheet.timeZone();
  for (const charge of fresh)
    add({
      day: dayIn(timeZone, charge.at),
      person: charge.by || UNKNOWN_PERSON,
      kind: charge.kind,
      credits: charge.credits,
    });
  const lines = [...book.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.person.localeCompare(b.person) || a.kind.localeCompare(b.kind),
  );
  const { values, table } = spendingBlock(lines, lastRow);
  sheet.writeCells(1, 1, values, textCellsOf(values));
  sheet.keepChart({ ...table, title: 'Credits per day by person' });
}

/** Totals of `lines` by a key, largest first. */
export function totalsBy(
  lines: readonly SpendingLine[],
  key: (line: SpendingLine) => string,
): [string, number][] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(key(line), (totals.get(key(line)) ?? 0) + line.credits);
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

type Cell = string | number;

/**
 * The whole tab as one block: the book, the totals, and the chart's table (day × person), as tall as
 * the tab was at least, so rows a shorter block leaves behind are blanked.
 */
function spendingBlock(lines: readonly SpendingLine[], lastRow: number) {
  const people = totalsBy(lines, (line) => line.person).map(([person]) => person);
  const section = (title: string, key: (line: SpendingLine) => string): Cell[][] => [
    [title, 'Credits'],
    ...totalsBy(lines, key),
    ['', ''],
  ];
  const totals: Cell[][] = [
    ...section('By person', (line) => line.person),
    ...section('By month', (line) => line.day.slice(0, 7)),
    ...section('By kind', (line) => line.kind),
    ['Total', lines.reduce((sum, line) => sum + line.credits, 0)],
  ];
  const days = [...new Set(lines.map((line) => line.day))].slice(-CHART_DAYS);
  const perDay = new Map(days.map((day) => [day, people.map(() => 0)]));
  for (const line of lines) {
    const row = perDay.get(line.day);
    if (row) row[people.indexOf(line.person)]! += line.credits;
  }
  const table: Cell[][] = [['Day', ...people], ...days.map((day) => [day, ...perDay.get(day)!])];
  const book: Cell[][] = [
    BOOK_HEADER,
    ...lines.map((line) => [line.day, line.person, line.kind, line.credits]),
  ];
  const height = Math.max(book.length, totals.length, table.length, lastRow);
  const width = TABLE_COLUMN - 1 + table[0]!.length;
  const values = Array.from({ length: height }, (_, row) => {
    const cells: Cell[] = Array<Cell>(width).fill('');
    const put = (part: Cell[][], column: number) =>
      part[row]?.forEach((cell, i) => (cells[column - 1 + i] = cell));
    put(book, 1);
    put(totals, TOTALS_COLUMN);
    put(table, TABLE_COLUMN);
    return cells;
  });
  return {
    values,
    table: { row: 1, column: TABLE_COLUMN, rows: table.length, columns: table[0]!.length },
  };
}

/** Every non-blank text cell is written as text: a day stays "2026-11-29", never a date. */
function textCellsOf(values: readonly Cell[][]): CellRef[] {
  const cells: CellRef[] = [];
  values.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (typeof cell === 'string' && cell) cells.push([r + 1, c + 1]);
    }),
  );
  return cells;
}
