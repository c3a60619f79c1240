/**
 * Fuzz finding 84 (docs/fuzz-findings.md), replayed as fuzz-replays.test.ts does: what a stuck
 * job found after its forced fetch, once its record was damaged; and finding 120, met in the fuzz
 * of that fix: two jobs answering one contact in one poll.
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's cases of findings 84 and 120, replayed", () => {
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
  it('120: a work email and a phone job answering one contact in one poll both reach the ledger', async () => {
    // Row 2's work email and phone job loses its list (the job sheet damaged); "look up again" of
    // the row for the phone sends it again. One poll collects both jobs: the work email one bought
    // must be saved beside the phone, not replaced by the phone job's answer.
    await replay([
      { kind: 'run', who: 'carol', rows: [1], lookUpAgain: false, fields: ['work_email', 'phone'] },
      { kind: 'damage', what: 'jobSheet' },
      { kind: 'run', who: 'carol', rows: [1], lookUpAgain: true, fields: ['phone'] },
      { kind: 'poll', who: 'carol', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
    ]);
  }, 60_000);
});
