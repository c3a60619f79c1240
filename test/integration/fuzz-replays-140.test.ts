/**
 * Fuzz finding 140 (seed 38003, /work/tasks/findings-fix140.md), replayed as fuzz-replays.test.ts
 * does: a phone job's record and list were damaged while it worked, so once its run ended its rows'
 * "job record damaged" was all that held them. A plain run of the work email, saved for every row,
 * filled them free and wrote "found (saved)" over those words, and the next run of work email and
 * phone bought a phone the damaged job had bought. The mechanism of finding 73's shrunk case, by
 * another road (a killed run, "look up again"): a row an ended run hiding a job holds is filled free
 * only with the fields that run asked too (paid-once.ts sendRule, fix73's).
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's case of finding 140, replayed", () => {
  const { replay } = fuzzCases();
  it("140: an answer of another field leaves a damaged job's rows held, and their phone is not bought again", async () => {
    await replay(
      [
        { kind: 'runAll', who: 'carol', lookUpAgain: true },
        {
          kind: 'run',
          who: 'carol',
          rows: [0, 3],
          lookUpAgain: false,
          kill: { at: 'Properties.setProperty', nth: 3 },
          fields: ['work_email', 'personal_email', 'phone'],
        },
        { kind: 'poll', who: 'carol', idle: true },
        { kind: 'runAll', who: 'carol', lookUpAgain: false, fields: ['work_email', 'phone'] },
        { kind: 'damage', what: 'jobAndList' },
        { kind: 'poll', who: 'carol', idle: true },
        { kind: 'runAll', who: 'carol', lookUpAgain: false },
        { kind: 'again', who: 'carol', fields: ['work_email', 'phone'] },
      ],
      1692413556,
    );
  }, 90_000);
});
