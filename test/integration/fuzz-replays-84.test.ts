/**
 * Fuzz finding 84 (docs/fuzz-findings.md), replayed as fuzz-replays.test.ts does: what a stuck
 * job found after its forced fetch, once its record was damaged.
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's case of finding 84, replayed", () => {
  const { replay } = fuzzCases();
  it("84: a stuck job's later answers are saved by its import, though the ledger answers other fields", async () => {
    // A phone run answers every row; a personal email run's job sticks, is fetched with
    // forceResults after a day (what it found so far written, its other rows held), and its record
    // is damaged. Settling, the job finishes and its import is refused (the log counts it): its
    // answers must still be saved, though each of its contacts has a saved answer (the phone's).
    await replay([
      { kind: 'runAll', who: 'bob', lookUpAgain: false, fields: ['phone'] },
      { kind: 'wait' },
      { kind: 'poll', who: 'bob' },
      { kind: 'fault', fault: 'stuck' },
      { kind: 'runAll', who: 'bob', lookUpAgain: false, fields: ['personal_email'] },
      { kind: 'clock', hours: 30 },
      { kind: 'poll', who: 'bob' },
      { kind: 'damage', what: 'jobRecord' },
    ]);
  }, 90_000);
});
