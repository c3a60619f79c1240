/**
 * The Spending tab against the provider's books (fuzz-spending.ts, books): what each job the add-on
 * knew charged is on the tab's record at the emulator's figure, and a job it stopped following (held
 * as "may have been charged", then retried: let go a day after) may show less, never more.
 */
import { FuzzWorld } from '../../scripts/lib/fuzz-world';
import { spendingAgainstBooks } from '../../scripts/lib/fuzz-spending';
import { CHARGES_SHEET } from '../../src/store/spending';
import { fuzzCases } from '../support/fuzz-cases';

describe('the Spending tab against the emulator', () => {
  const { emulator } = fuzzCases();

  it('holds for a plain purchase, and breaks when a known job is booked short or not at all', async () => {
    const world = await FuzzWorld.open(emulator(), 1);
    try {
      await world.step({ kind: 'run', who: 'ann', rows: [0, 1, 2], lookUpAgain: false });
      await world.step({ kind: 'wait' });
      await world.step({ kind: 'poll', who: 'ann' });
      world.noteRuns();
      expect(await spendingAgainstBooks(world)).toBeUndefined();
      const record = world.views.ann.spreadsheet.getSheetByName(CHARGES_SHEET)!;
      const [, line] = record.getDataRange().getValues() as unknown[][];
      const [job, , , , text] = line as string[];
      const credits = Number(text);
      expect(credits).toBeGreaterThan(0);
      // Booked one short: the record and the tab (drawn from it) disagree with the books.
      record.getRange(2, 5).setValue(credits - 1);
      expect(await spendingAgainstBooks(world)).toMatchObject({ invariant: 'books' });
      // A job the add-on stopped following (held, then retried) may show less.
      world.books.jobIds.held.set(job!, 'run R job 1');
      world.books.retries.push({ job: 'run R job 1', at: 0 });
      const tabAgrees = await spendingAgainstBooks(world);
      expect(tabAgrees?.detail ?? '').not.toMatch(/^job /);
      world.books.retries.pop();
      // Not booked at all.
      record.deleteRow(2);
      expect(await spendingAgainstBooks(world)).toMatchObject({ invariant: 'books' });
    } finally {
      world.close();
    }
  }, 60_000);
});
