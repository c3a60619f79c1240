/**
 * Fuzz finding 73 (docs/fuzz-findings.md; seed 38002 with `--swarm --steps 40`, case 68), 100 and
 * 101 (the same seed's cases 17 and 569, on the fuzzer of `ef83b1b`), shrunk by hand and replayed
 * as fuzz-replays.test.ts does.
 */
import type { Action } from '../../scripts/lib/fuzz-model';
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's cases of findings 73, 100 and 101, replayed", () => {
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
  it("100: a counted job's import saves the field it bought beside a saved answer of another", async () => {
    const run = (fields: ('phone' | 'work_email')[]): Action => ({
      kind: 'run',
      who: 'bob',
      rows: [0],
      lookUpAgain: false,
      fields,
    });
    await replay([
      run(['phone']),
      { kind: 'wait' },
      { kind: 'poll', who: 'bob' },
      { kind: 'fault', fault: 'stuck' },
      run(['work_email']),
      { kind: 'clock', hours: 24 },
      // The stuck job is given up on ("may have been charged"), then its record and list damaged:
      // the panel asks for its import, refused as counted by the log, which saved only what the
      // ledger lacked, by contact: the saved "no phone" dropped the work email the job bought.
      { kind: 'poll', who: 'bob' },
      { kind: 'damage', what: 'jobAndList' },
    ]);
  }, 60_000);
  it('101: two jobs of a contact answered in one poll both save their fields', async () => {
    await replay([
      { kind: 'again', who: 'ann', fields: ['work_email', 'personal_email', 'phone'] },
      // Its list lost, a "look up again" of the work email sends the rows in a second job; one
      // poll collects both, and the second's answer (the work email) replaced the first's (the
      // phone too) in that poll's answers: the phone was bought again.
      { kind: 'damage', what: 'jobSheet' },
      { kind: 'runAll', who: 'ann', lookUpAgain: true },
      { kind: 'poll', who: 'ann' },
    ]);
  }, 60_000);
});
