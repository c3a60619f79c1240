/**
 * Fuzz finding 73 (docs/fuzz-findings.md; seed 38002 with `--swarm --steps 40`, case 68): the case
 * as it fails unshrunk (a stale cache, fixed with finding 93) and as the fuzzer shrinks it on main
 * (a row's hold filled over), each shrunk by hand and replayed as fuzz-replays.test.ts does.
 */
import type { Action } from '../../scripts/lib/fuzz-model';
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's cases of finding 73, replayed", () => {
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
  it("73, the fuzzer's shrink: a saved work email does not free a row whose damaged phone job hides", async () => {
    const runAll = (fields: ('phone' | 'work_email')[]): Action => ({
      kind: 'runAll',
      who: 'bob',
      lookUpAgain: false,
      fields,
    });
    await replay([
      runAll(['work_email']),
      { kind: 'wait' },
      { kind: 'poll', who: 'bob' },
      runAll(['phone']),
      { kind: 'poll', who: 'bob' },
      { kind: 'damage', what: 'jobAndList' },
      // The phone run ends "failed", hiding its job: its rows read "job record damaged".
      { kind: 'poll', who: 'bob' },
      // The saved work emails filled those rows, "found (saved)" over the words that held them,
      // and the next run bought the phones the hidden job had bought.
      runAll(['work_email']),
      runAll(['work_email', 'phone']),
    ]);
  }, 60_000);
});
