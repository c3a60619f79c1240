/**
 * Issue 41's done-when for the team chaos (`npm run chaos -- --users 3`): the Spending tab's
 * figures equal the emulator's books. The books (GET /__admin/books) list what each key was charged
 * per job, on the add-on's clock when the job started; a job's name says its run, and the run's
 * record says who started it (two people sharing one key are told apart so) and its kind. Compared
 * per person and day, and per kind: the tab books what a job sent again by the user's Retry charged
 * as "retry", which the books cannot tell from its run's own kind, so a kind may fall short in the
 * tab by what "retry" holds, and no more.
 */
import type { AdminClient } from '../../dev/emulator/admin-client';
import type { Addon } from '../../dev/gas/harness';
import { SPEND_WORDS, sourceWord } from '../../src/domain/runs';
import { dayIn } from '../../src/store/local-time';
import type { RunRecord } from '../../src/store/registry';
import { SPENDING_SHEET } from '../../src/store/spending';
import { sheetTable } from './chaos-team-setup';

/** What the benchmark keeps of each run it saw in the registry: who paid for its jobs, of what kind. */
export type SeenRun = Pick<RunRecord, 'source' | 'automatic' | 'startedAt' | 'startedBy'>;

/** The run a job's name belongs to (the add-on names jobs "… · run ID job N"). */
export const runOfJob = (name: string): string => / · run (\S+) job \d+$/.exec(name)?.[1] ?? '';

export interface SpendingCheck {
  /** Credits per person (who started the run), from the books. */
  books_by_person: Record<string, number>;
  /** The same from the Spending tab. */
  tab_by_person: Record<string, number>;
  /** Person-days, and kinds, whose credits differ (0 is the target). */
  mismatches: number;
  /** Each difference, in words (empty when the figures agree). */
  differences: string[];
}

type Totals = Map<string, number>;
const add = (totals: Totals, key: string, credits: number) =>
  totals.set(key, (totals.get(key) ?? 0) + credits);

export async function checkSpending(
  ann: Addon,
  admin: AdminClient,
  runs: ReadonlyMap<string, SeenRun>,
): Promise<SpendingCheck> {
  const zone = ann.spreadsheet.getSpreadsheetTimeZone();
  const books = { day: new Map() as Totals, kind: new Map() as Totals, person: new Map() as Totals };
  for (const charge of await admin.books()) {
    const run = runs.get(runOfJob(charge.name));
    const person = run?.startedBy || 'unknown';
    add(books.day, `${person} ${dayIn(zone, charge.at)}`, charge.credits);
    add(books.kind, run ? sourceWord(run) : 'unknown', charge.credits);
    add(books.person, person, charge.credits);
  }
  const tab = { day: new Map() as Totals, kind: new Map() as Totals, person: new Map() as Totals };
  const [, ...lines] = ann.spreadsheet.getSheetByName(SPENDING_SHEET) ? sheetTable(ann, SPENDING_SHEET) : [];
  for (const [day, person, kind, credits] of lines) {
    const amount = Number(credits);
    if (!(amount > 0)) continue;
    add(tab.day, `${person} ${day}`, amount);
    add(tab.kind, kind!, amount);
    add(tab.person, person!, amount);
  }
  const differences: string[] = [];
  for (const key of new Set([...books.day.keys(), ...tab.day.keys()]))
    if ((books.day.get(key) ?? 0) !== (tab.day.get(key) ?? 0))
      differences.push(`${key}: books ${books.day.get(key) ?? 0}, tab ${tab.day.get(key) ?? 0}`);
  const retries = tab.kind.get(SPEND_WORDS.retry) ?? 0;
  let short = 0;
  for (const kind of new Set([...books.kind.keys(), ...tab.kind.keys()])) {
    if (kind === SPEND_WORDS.retry) continue;
    const gap = (books.kind.get(kind) ?? 0) - (tab.kind.get(kind) ?? 0);
    if (gap < 0) differences.push(`${kind}: books ${books.kind.get(kind) ?? 0}, tab ${tab.kind.get(kind)}`);
    else short += gap;
  }
  if (short !== retries) differences.push(`kinds short by ${short} in the tab, its retries ${retries}`);
  return {
    books_by_person: Object.fromEntries(books.person),
    tab_by_person: Object.fromEntries(tab.person),
    mismatches: differences.length,
    differences,
  };
}
