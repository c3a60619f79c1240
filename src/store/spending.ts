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
  /** When it was charged, or the day itself ("2026-11-29", the document's zone). */
  at: number | string;
  /** Who started it (their email; absent or "" when Apps Script did not tell). */
  by: string | undefined;
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

/** The book's lines as the tab holds them (rows that are not a line, e.g. edited away, are skipped). */
export function readSpending(sheet: SheetPort | null): SpendingLine[] {
  const lastRow = sheet?.lastRow() ?? 0;
  return lastRow < 2
    ? []
    : sheet!.readDisplayValues(2, 1, lastRow - 1, 4).flatMap(([day, person, kind, credits]) => {
        const amount = Number(credits);
        return amount > 0 ? [{ day: day!, person: person!, kind: kind!, credits: amount }] : [];
      });
}

/**
 * What an ending run charged since it was last counted, and marks it counted (the caller saves the
 * run with its end, so the same credits are never counted twice): on the day each job was sent
 * (`chargedOn`), and anything else it counts (records of an earlier version) on the day it ends.
 * A run that ends again after the user sent a lost start again counts that as a retry.
 */
export function runCharges(run: RunRecord, now: number): Charge[] {
  const again = run.counted !== undefined;
  const kind = again && run.retriedLost ? SPEND_WORDS.retry : sourceWord(run);
  const charge = (at: number | string, credits: number): Charge => ({ at, by: run.startedBy, kind, credits });
  const byDay = Object.entries(run.chargedOn ?? {}).map(([day, credits]) => charge(day, credits));
  const rest = run.credits - (run.counted ?? 0) - byDay.reduce((sum, { credits }) => sum + credits, 0);
  run.counted = run.credits;
  delete run.chargedOn;
  return rest === 0 ? byDay : [...byDay, charge(again ? now : run.startedAt, rest)];
}

/** Adds what the API charged to the tab (nothing to add: the tab is not even read). */
export function recordSpending(ctx: PlatformPorts, charges: readonly Charge[]): void {
  if (!charges.some((charge) => charge.credits > 0)) return;
  const sheet = ctx.spreadsheet.ownVisibleSheet(SPENDING_SHEET, true)!;
  const lastRow = sheet.lastRow();
  const timeZone = ctx.spreadsheet.timeZone();
  // The book's lines by day, person and kind (the order of their keys), the new charges added.
  const book = new Map<string, SpendingLine>();
  const lines = [
    ...readSpending(sheet),
    ...charges.map(({ at, by, kind, credits }) => ({
      day: typeof at === 'string' ? at : dayIn(timeZone, at),
      person: by || 'unknown',
      kind,
      credits,
    })),
  ];
  for (const line of lines) {
    const key = `${line.day}\n${line.person}\n${line.kind}`;
    book.set(key, { ...line, credits: line.credits + (book.get(key)?.credits ?? 0) });
  }
  const sorted = [...book].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, line]) => line);
  const { values, table } = spendingBlock(sorted, lastRow);
  // Every text cell is written as text: a day stays "2026-11-29", never a date.
  const textCells: CellRef[] = [];
  values.forEach((row, r) =>
    row.forEach((cell, c) => cell && typeof cell === 'string' && textCells.push([r + 1, c + 1])),
  );
  sheet.writeCells(1, 1, values, textCells);
  sheet.keepChart({ ...table, title: 'Credits per day' });
}

type Cell = string | number;

/** Credits of `lines` by a key, largest first. */
function totalsBy(lines: readonly SpendingLine[], key: (line: SpendingLine) => string): [string, number][] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(key(line), (totals.get(key(line)) ?? 0) + line.credits);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/**
 * The whole tab as one block: the book (columns A–D), the totals (F–G) and the chart's table of
 * day × person (from I), as tall as the tab was at least, so rows a shorter block leaves are blanked.
 */
function spendingBlock(lines: readonly SpendingLine[], lastRow: number) {
  const people = totalsBy(lines, (line) => line.person).map(([person]) => person);
  const section = (title: string, key: (line: SpendingLine) => string): Cell[][] => [
    [title, BOOK_HEADER[3]!],
    ...totalsBy(lines, key),
    [],
  ];
  const totals: Cell[][] = [
    ...section('By person', (line) => line.person),
    ...section('By month', (line) => line.day.slice(0, 7)),
    ...section('By kind', (line) => line.kind),
  ];
  const days = [...new Set(lines.map((line) => line.day))].slice(-31); // The chart shows the last 31 days with charges.
  const table: Cell[][] = [
    [BOOK_HEADER[0]!, ...people],
    ...days.map((day) => [
      day,
      ...people.map((person) =>
        lines.reduce((sum, line) => sum + (line.day === day && line.person === person ? line.credits : 0), 0),
      ),
    ]),
  ];
  const book: Cell[][] = [
    BOOK_HEADER,
    ...lines.map((line) => [line.day, line.person, line.kind, line.credits]),
  ];
  const pad = (row: Cell[] = [], width: number): Cell[] => [
    ...row,
    ...Array<Cell>(width - row.length).fill(''),
  ];
  const height = Math.max(book.length, totals.length, table.length, lastRow);
  return {
    values: Array.from({ length: height }, (_, r) => [
      ...pad(book[r], 5),
      ...pad(totals[r], 3),
      ...pad(table[r], people.length + 1),
    ]),
    // Column I: after the book, a blank column, the totals and another blank.
    table: { row: 1, column: 9, rows: table.length, columns: people.length + 1 },
  };
}
