/**
 * Fuzz finding 110 (docs/fuzz-findings.md), replayed as fuzz-replays.test.ts does: a poll saved a
 * phone job's answers and was killed before it marked the job fetched; refused polls then held the
 * job as "may have been charged", and its Retry resent (and priced) the contacts whose answers were
 * saved already. A resend asks only for what has no answer. And 111, the fuzzer's own mistake met
 * while shrinking it: a saved answer of another field (a phone) counted as the work email's, so the
 * Retry's consent excused no second charge of the work email it resent.
 */
import type { Action, Kill } from '../../scripts/lib/fuzz-model';
import { fuzzCases } from '../support/fuzz-cases';

/** Bob's phone runs and formulas, a poll (`kill`: killed), refused polls, then a Retry. */
const retriedAfter = (kill?: Kill): Action[] => [
  { kind: 'poll', who: 'bob' },
  { kind: 'poll', who: 'bob' },
  { kind: 'formulas', rows: [2] },
  { kind: 'again', who: 'bob', fields: ['phone'] },
  { kind: 'again', who: 'bob', fields: ['phone'] },
  { kind: 'auto', who: 'bob', on: true, cap: 1 },
  { kind: 'poll', who: 'bob' },
  { kind: 'poll', who: 'bob' },
  { kind: 'formulas', rows: [0] },
  { kind: 'poll', who: 'bob', ...(kill ? { kill } : {}) },
  { kind: 'fault', fault: 'refused' },
  { kind: 'poll', who: 'bob' },
  { kind: 'poll', who: 'bob', idle: true },
  { kind: 'poll', who: 'bob', idle: true },
  { kind: 'retry', who: 'bob' },
];

describe("the fuzzer's cases of findings 110 and 111, replayed", () => {
  const { replay } = fuzzCases();
  it('110: a Retry of a job whose answers were saved before a kill resends none of them', async () => {
    await replay(retriedAfter({ at: 'Properties.setProperties', nth: 1 }), 116740877);
  }, 90_000);
  it("111: a Retry's consent covers what it resent, though an answer of another field was saved", async () => {
    await replay(retriedAfter(), 116740877);
  }, 90_000);
});
