/**
 * Fuzz finding 93 (docs/fuzz-findings.md): a poll killed after it saved an answer to the ledger's
 * sheet, before the cache in front of it took the new answer. The cache kept the answer saved
 * before (the phone alone), and every hourly tick after read the row's work email as an answer the
 * ledger lacks (a row edited since its answer) and bought it again.
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's case of finding 93, replayed", () => {
  const { replay } = fuzzCases();
  it('93: a schedule does not buy again an answer whose save to the cache a kill cut short', async () => {
    await replay([
      {
        kind: 'schedule',
        who: 'bob',
        on: true,
        perRun: 150,
        perDay: 300,
        fields: ['work_email', 'personal_email', 'phone'],
      },
      // Row 1's phone, saved and cached; then the hourly tick sends the row for its emails.
      { kind: 'run', who: 'bob', rows: [0], lookUpAgain: false, fields: ['phone'] },
      { kind: 'wait' },
      { kind: 'poll', who: 'bob' },
      { kind: 'wait' },
      // The tick's answers reach the ledger's sheet; the kill stops them before the cache.
      { kind: 'poll', who: 'bob', kill: { at: 'Cache.putAll', nth: 1 } },
    ]);
  }, 90_000);
});
