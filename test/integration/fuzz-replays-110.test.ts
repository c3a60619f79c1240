/**
 * Fuzz finding 110 (docs/fuzz-findings.md), replayed as fuzz-replays.test.ts does: a poll saved a
 * phone job's answers and was killed before it marked the job fetched; refused polls then held the
 * job as "may have been charged", and its Retry resent (and priced) the contacts whose answers were
 * saved already. A resend asks only for what has no answer. And 111, the fuzzer's own mistake met
 * while shrinking it: a saved answer of another field (a phone) counted as the work email's, so the
 * Retry's consent excused no second charge of the work email it resent.
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's case of finding 110, replayed", () => {
  const { replay } = fuzzCases();
  it('110: a Retry of a job whose answers were saved before a kill resends none of them', async () => {
    await replay(
      [
        { kind: 'poll', who: 'bob' },
        { kind: 'poll', who: 'bob' },
        { kind: 'formulas', rows: [2] },
        { kind: 'again', who: 'bob', fields: ['phone'] },
        { kind: 'again', who: 'bob', fields: ['phone'] },
        { kind: 'auto', who: 'bob', on: true, cap: 1 },
        { kind: 'poll', who: 'bob' },
        { kind: 'poll', who: 'bob' },
        { kind: 'formulas', rows: [0] },
        { kind: 'poll', who: 'bob', kill: { at: 'Properties.setProperties', nth: 1 } },
        { kind: 'fault', fault: 'refused' },
        { kind: 'poll', who: 'bob' },
        { kind: 'poll', who: 'bob', idle: true },
        { kind: 'poll', who: 'bob', idle: true },
        { kind: 'retry', who: 'bob' },
      ],
      116740877,
    );
  }, 90_000);
  it("111: a Retry's consent covers what it resent, though an answer of another field was saved", async () => {
    await replay(
      [
        { kind: 'poll', who: 'bob' },
        { kind: 'poll', who: 'bob' },
        { kind: 'formulas', rows: [2] },
        { kind: 'again', who: 'bob', fields: ['phone'] },
        { kind: 'again', who: 'bob', fields: ['phone'] },
        { kind: 'auto', who: 'bob', on: true, cap: 1 },
        { kind: 'poll', who: 'bob' },
        { kind: 'poll', who: 'bob' },
        { kind: 'formulas', rows: [0] },
        { kind: 'poll', who: 'bob' },
        { kind: 'fault', fault: 'refused' },
        { kind: 'poll', who: 'bob' },
        { kind: 'poll', who: 'bob', idle: true },
        { kind: 'poll', who: 'bob', idle: true },
        { kind: 'retry', who: 'bob' },
      ],
      116740877,
    );
  }, 90_000);
});
