/**
 * Fuzz finding 73 (docs/fuzz-findings.md; seed 38002 with `--swarm --steps 40`, case 68), shrunk
 * by hand and replayed as fuzz-replays.test.ts does.
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's case of finding 73, replayed", () => {
  const { replay } = fuzzCases();
  it('73: an answer saved by a poll killed at its cache write is not bought again', async () => {
    await replay([
      { kind: 'run', who: 'ann', rows: [5], lookUpAgain: false },
      { kind: 'wait' },
      { kind: 'poll', who: 'ann' },
      { kind: 'formulas', rows: [5], asks: 'personal_email' },
      { kind: 'getThem', who: 'ann' },
      { kind: 'wait' },
      // The formula run's answer (the personal email) is appended to the ledger; the cache keeps
      // the older one (the work email alone), and the final run bought the personal email again.
      { kind: 'poll', who: 'ann', kill: { at: 'Cache.putAll', nth: 1 } },
    ]);
  }, 60_000);
});
