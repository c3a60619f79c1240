/**
 * Fuzz finding 83 (docs/fuzz-findings.md), replayed as fuzz-replays.test.ts does. Shrunk: two jobs
 * of the same contacts collected in one poll (a rerun's work email and phone, and the import of a
 * lost start whose list the job sheet lost) each saved and wrote their answers over the other's.
 * Unshrunk: a lost start retried under a revoked key, its rows' "pending" replaced with the stopped
 * run's words by a teammate's plan, then its list lost: the run's end marks only "pending" rows
 * "job record damaged", the words held nothing, and the rows were bought again.
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's case of finding 83, replayed", () => {
  const { replay } = fuzzCases();
  it('83: two jobs of one contact collected in the same poll both keep their answers, saved and shown', async () => {
    await replay(
      [
        { kind: 'fault', fault: 'lost' },
        { kind: 'elsewhere', op: 'run' },
        { kind: 'runAll', who: 'ann', lookUpAgain: true },
        { kind: 'run', who: 'ann', rows: [3], lookUpAgain: true, fields: ['phone'] },
        { kind: 'revoke', who: 'ann', back: false },
        { kind: 'retry', who: 'ann' },
        { kind: 'runAll', who: 'ann', lookUpAgain: true },
        { kind: 'damage', what: 'jobSheet' },
      ],
      2043884313,
    );
  }, 90_000);
  it('83, unshrunk: a teammate\'s plan leaves a stopped run\'s rows "pending", which read "job record damaged" once its job\'s list is lost', async () => {
    await replay(
      [
        { kind: 'fault', fault: 'lost' },
        { kind: 'elsewhere', op: 'run' },
        { kind: 'runAll', who: 'ann', lookUpAgain: false },
        { kind: 'revoke', who: 'ann', back: false },
        { kind: 'retry', who: 'ann' },
        { kind: 'runAll', who: 'carol', lookUpAgain: false },
        { kind: 'damage', what: 'jobSheet' },
      ],
      2043884313,
    );
  }, 90_000);
});
