/**
 * books (fuzz-invariants.ts checkEnd; issue 38's "each workspace's purchases as one book"): once a
 * case settled, what each job charged, by the emulator's truth, is what the Spending tab's record
 * (store/spending.ts, a line per job's charge) says of it, and the tabs add up to their records.
 * A job whose id the add-on never held (its start's answer lost, never imported), or lost with its
 * damaged record, cannot be booked: the API lists no jobs. Nor can what a job held as "may have
 * been charged" (stuck a day) charges once the user retried it and the day it is followed from the
 * Retry passed: the add-on lets it go then (stop 56; seed 64019 case 4598 with no exception). Every
 * other charge is booked, a held job imported by its id included, even once its list of contacts
 * was lost (stop 57: that import was refused as "imported already", and its charge never booked;
 * until then this check excused every held job).
 */
import type { Addon } from '../../dev/gas/harness';
import { CHARGES_SHEET, SPENDING_SHEET } from '../../src/store/spending';
import type { FuzzWorld } from './fuzz-world';
import type { Violation } from './fuzz-held';

const DAY = /^\d{4}-\d\d-\d\d$/;

/** The values of a sheet below its header ([] when it does not exist). */
const linesOf = (doc: Addon, name: string): string[][] =>
  ((doc.spreadsheet.getSheetByName(name)?.getDataRange().getDisplayValues() as string[][]) ?? []).slice(1);

export async function spendingAgainstBooks(world: FuzzWorld): Promise<Violation | undefined> {
  const charged = new Map<string, number>();
  for (const outcome of await world.emulator.admin.outcomes())
    charged.set(outcome.job, (charged.get(outcome.job) ?? 0) + outcome.credits);
  const { ever, held } = world.books.jobIds;
  // Held, then retried: followed a day from the Retry, then let go, whatever it charges later.
  const retried = new Set(world.books.retries.map((retry) => retry.job));
  const mayBeShort = (job: string) => retried.has(held.get(job) ?? '');
  for (const doc of [world.views.ann, world.second]) {
    // A job's later line gives what it charged so far (its first, the day it counts on).
    const booked = new Map(
      linesOf(doc, CHARGES_SHEET).map(([job, , , , credits]) => [job!, Number(credits)]),
    );
    const tab = linesOf(doc, SPENDING_SHEET)
      .filter(([day]) => DAY.test(day ?? ''))
      .reduce((sum, [, , , credits]) => sum + Number(credits), 0);
    const recorded = [...booked.values()].reduce((sum, credits) => sum + credits, 0);
    if (tab !== recorded)
      return { invariant: 'books', detail: `the Spending tab shows ${tab}, its record ${recorded}` };
    // One the add-on may have stopped following may have charged more since: never less.
    for (const [job, credits] of booked)
      if (credits > (charged.get(job) ?? 0) || (credits < (charged.get(job) ?? 0) && !mayBeShort(job)))
        return {
          invariant: 'books',
          detail: `job ${job} charged ${charged.get(job) ?? 0}, booked ${credits}`,
        };
  }
  const booked = new Set(
    [world.views.ann, world.second].flatMap((doc) => linesOf(doc, CHARGES_SHEET).map(([job]) => job!)),
  );
  for (const [job, credits] of charged)
    if (credits > 0 && !booked.has(job) && ever.has(job) && !mayBeShort(job))
      return {
        invariant: 'books',
        detail: `job ${job} charged ${credits}, the Spending tab shows none of it`,
      };
  return undefined;
}
