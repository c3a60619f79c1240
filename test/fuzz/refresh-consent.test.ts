/**
 * A refresh's consent (fuzz-invariants.ts paid-once): "refresh answers older than N days" consents
 * to buy again the answers saved before its cutoff, never one saved since (mutant
 * refresh-buys-fresh-answers). The world notes which, from its ledger, as the user starts it.
 */
import { FuzzWorld } from '../../scripts/lib/fuzz-world';
import { fuzzCases } from '../support/fuzz-cases';
import { checkCharges } from '../../scripts/lib/fuzz-invariants';
import type { Action } from '../../scripts/lib/fuzz-model';

/** Rows 2–3 bought, a day later rows 4–5, then a refresh of answers older than a day. */
const BOUGHT_A_DAY_APART: Action[] = [
  { kind: 'run', who: 'ann', rows: [0, 1], lookUpAgain: false },
  { kind: 'wait' },
  { kind: 'poll', who: 'ann' },
  { kind: 'clock', hours: 25 },
  { kind: 'run', who: 'ann', rows: [2, 3], lookUpAgain: false },
  { kind: 'wait' },
  { kind: 'poll', who: 'ann' },
  { kind: 'refresh', who: 'ann', days: 1 },
  { kind: 'wait' },
  { kind: 'poll', who: 'ann' },
];

describe("a refresh's consent", () => {
  const { emulator } = fuzzCases();

  it('covers the answers older than its cutoff alone, which it buys again', async () => {
    const world = await FuzzWorld.open(emulator(), 1);
    try {
      for (const action of BOUGHT_A_DAY_APART) await world.step(action);
      const [old, ...others] = [...world.books.refreshedRuns.values()];
      expect(others).toEqual([]);
      // Rows 2–3's people (found: their answers saved), not rows 4–5's, saved a day later.
      expect(old!.size).toBeGreaterThan(0);
      expect(old!.size).toBeLessThanOrEqual(2);
      const charged = await emulator().admin.outcomes();
      const again = charged.filter((outcome) => outcome.credits > 0 && old!.has(outcome.fp));
      expect(again.length).toBeGreaterThan(old!.size); // bought, then refreshed
      expect(await checkCharges(world)).toBeUndefined();
    } finally {
      world.close();
    }
  }, 60_000);
});
