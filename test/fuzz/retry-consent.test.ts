/**
 * A retry's consent (fuzz-invariants.ts paid-once): it excuses a second charge only of the people its
 * job had no answer for. The world notes, as the user retries, whom a stuck job's forced fetch
 * answered (fuzz-ledger.ts), so that a resend buying them again (the stuck-job retry, mutant
 * early-answers-resent) is not counted as consented.
 */
import { FuzzWorld, startFuzzEmulator } from '../../scripts/lib/fuzz-world';
import { checkCharges, checkStep } from '../../scripts/lib/fuzz-invariants';
import type { Action } from '../../scripts/lib/fuzz-model';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';

/** Ann's second run gets stuck; a day later its forced fetch writes what it found; she retries. */
const STUCK_THEN_RETRIED: Action[] = [
  { kind: 'fault', fault: 'stuck' },
  { kind: 'run', who: 'ann', rows: [7], lookUpAgain: false },
  { kind: 'runAll', who: 'ann', lookUpAgain: false },
  { kind: 'wait' },
  { kind: 'poll', who: 'ann' },
  { kind: 'clock', hours: 25 },
  { kind: 'poll', who: 'ann' },
  { kind: 'fault', fault: 'none' },
  { kind: 'retry', who: 'ann' },
  { kind: 'wait' },
  { kind: 'poll', who: 'ann' },
];

describe("a retry's consent", () => {
  let emulator: SpawnedEmulator | undefined;
  beforeAll(async () => {
    emulator = await startFuzzEmulator();
  });
  afterAll(async () => emulator?.stop());

  it('leaves out whom the retried job answered before it, and the resend buys none of them', async () => {
    const world = await FuzzWorld.open(emulator!, 1);
    try {
      // As a case runs (fuzz.ts runCase): each step's invariants, which note the runs seen.
      for (const action of STUCK_THEN_RETRIED) {
        await world.step(action);
        expect(await checkStep(world, 'ann')).toBeUndefined();
      }
      // Both runs' jobs were stuck and retried; the forced fetch had answered some of their people,
      // whom the retry's price left out.
      const answered = world.books.retries.map(({ answered }) => answered?.size ?? 0);
      expect(answered.some((size) => size > 0)).toBe(true);
      expect(await checkCharges(world)).toBeUndefined();
    } finally {
      world.close();
    }
  }, 60_000);
});
