/**
 * The "Spending" tab: the credits the API charged, by day, person and kind (domain/runs.ts words),
 * drawn from one append-only record of what the API reported charging each job (a hidden sheet,
 * a line per job's charge, written by the poll that read it, engine/poll.ts) and each search load
 * (features/search), never estimated. Beside that book, totals by person, month and kind, and the
 * table of the last days per person that Sheets' own chart draws. One update is one read of the
 * record, one append to it and one write of the tab's whole block (its text cells' format, then
 * the values); the chart is inserted once and moved only when its table grows.
 *
 * Why a record per job rather than counts kept on the run and added to the tab when it ends: the
 * tab and the registry cannot be written in one step, so an execution killed between the two lost
 * the run's credits (counted, not shown; fuzz finding 25) or would count them twice. A job's line
 * holds the credits it has charged so far, the job's own figure: written again (its poll killed
 * before the job was saved), it replaces itself, and the tab is redrawn from the whole record.
 */
import type { CellRef, PlatformPorts, SheetPort } from '../platform/ports';
import { appendBelow } from '../platform/sheet-rows';
import { dataRows } from './job-sheet';
import { dayIn } from './local-time';

export const SPENDING_SHEET = 'Spending';
export const CHARGES_SHEET = '_sheet_enrich_charges';

/** Credits the API charged, for one person and one kind of spending. */
export interface Charge {
  /** The job's id: its line gives what the job charged so far (absent: a charge of its own, a search's). */
  job?: string;
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
  return dataRows(sheet, 4).flatMap(([day, person, kind, credits]) => {
    const amount = Number(credits);
    return amount > 0 ? [{ day: day!, person: person!, kind: kind!, credits: amount }] : [];
  });
}

/**
 * Adds what the API charged to the record, and draws the tab from it (nothing to add: neither is
 * read). A job's later line gives its credits so far: its first line says its day, person and kind.
 */
export function recordSpending(ctx: PlatformPorts, charges: readonly Charge[]): void {
  if (!charges.some((charge) => charge.credits > 0)) return;
  const sheet = ctx.spreadsheet.ownVisibleSheet(SPENDING_SHEET, true)!;
  const record = ctx.spreadsheet.hiddenSheet(CHARGES_SHEET, false);
  const timeZone = ctx.spreadsheet.timeZone();
  // A tab drawn before the record existed: its book becomes the record's first lines.
  const earlier = record
    ? []
    : readSpending(sheet).map(({ day, person, kind, credits }) => ({ at: day, by: person, kind, credits }));
  const added = [...earlier, ...charges]
    .filter((charge) => charge.credits > 0)
    .map(({ job, at, by, kind, credits }: Charge) => [
      job ?? '',
      typeof at === 'string' ? at : dayIn(timeZone, at),
      by || 'unknown',
      kind,
      String(credits),
    ]);
  const jobs = new Map<string, SpendingLine>();
  const lines: SpendingLine[] = [];
  for (const [job, day, person, kind, credits] of [...dataRows(record, 5), ...added]) {
    const amount = Number(credits) || 0;
    const line = job ? jobs.get(job) : undefined;
    if (line) line.credits = Math.max(line.credits, amount);
    else {
      const first = { day: day!, person: person!, kind: kind!, credits: amount };
      lines.push(first);
      if (job) jobs.set(job, first);
    }
  }
  appendBelow(record ?? ctx.spreadsheet.hiddenSheet(CHARGES_SHEET, true)!, ['Job', ...BOOK_HEADER], added);
  // The tab, drawn from the record: its book's lines by day, person and kind (the order of their keys).
  const lastRow = sheet.lastRow();
  const book = new Map<string, SpendingLine>();
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
