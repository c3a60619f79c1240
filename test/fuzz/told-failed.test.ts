/**
 * A start the user was told failed never spends (fuzz-invariants.ts told-failed): Ann protects the
 * output columns of the contacts sheet, so a teammate's start is refused by Sheets before anything
 * is registered (run-launch.ts), and nothing of it is sent later (mutant refused-start-registers).
 */
import { FuzzWorld } from '../../scripts/lib/fuzz-world';
import { fuzzCases } from '../support/fuzz-cases';
import { checkCharges, checkStep } from '../../scripts/lib/fuzz-invariants';
import type { ProgressView } from '../../src/app/sidebar-contract';

describe('a start refused by a protected range', () => {
  const { emulator } = fuzzCases();

  it('registers and spends nothing, and a run that spent after such a refusal fails the books', async () => {
    const world = await FuzzWorld.open(emulator(), 1);
    try {
      await world.step({ kind: 'sheet', op: 'protect', at: 0, n: 1 });
      await world.step({ kind: 'run', who: 'bob', rows: [0, 1], lookUpAgain: false });
      await world.step({ kind: 'sidebar', who: 'bob' });
      expect(await checkStep(world, 'bob')).toBeUndefined();
      expect(world.views.bob.call<ProgressView>('getProgress').runs).toEqual([]);
      expect(await emulator().admin.jobs()).toEqual([]);
      // The owner lifts it (a second protect edit), and the same start goes through and charges.
      await world.step({ kind: 'sheet', op: 'protect', at: 0, n: 1 });
      await world.step({ kind: 'run', who: 'bob', rows: [0, 1], lookUpAgain: false });
      await world.step({ kind: 'wait' });
      await world.step({ kind: 'poll', who: 'bob' });
      expect(await checkCharges(world)).toBeUndefined();
      // Had that run been one whose start answered with an error, its charge breaks the books.
      const [run] = world.views.bob.call<ProgressView>('getProgress').runs;
      world.books.refusedRuns.add(run!.runId);
      expect(await checkCharges(world)).toMatchObject({ invariant: 'told-failed' });
    } finally {
      world.close();
    }
  }, 60_000);
});
