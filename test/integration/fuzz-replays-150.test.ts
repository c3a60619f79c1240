/**
 * Fuzz finding 150 (docs/fuzz-findings.md), the fuzzer's own mistake: a poll killed after it made
 * the ledger's sheet, that empty sheet renamed, a new one made and renamed too. The add-on kept
 * every answer in the second (the document remembers its id); the fuzzer read the first sheet
 * renamed "old results", empty, and reported the answers lost.
 */
import { fuzzCases } from '../support/fuzz-cases';

describe("the fuzzer's case of finding 150, replayed", () => {
  const { replay } = fuzzCases();
  it('150: the ledger read where the add-on keeps it, by the id the document remembers', async () => {
    const fetch = { at: 'UrlFetchApp.fetch', nth: 1 } as const;
    await replay(
      [
        { kind: 'run', who: 'bob', rows: [0], lookUpAgain: true, kill: fetch, fields: ['phone'] },
        { kind: 'wait' },
        { kind: 'poll', who: 'bob', kill: { at: 'Properties.setProperties', nth: 1 } },
        { kind: 'damage', what: 'ledgerRename' },
        { kind: 'poll', who: 'bob', kill: fetch },
        { kind: 'damage', what: 'ledgerRename' },
        { kind: 'poll', who: 'ann', kill: fetch },
      ],
      324207718,
    );
  }, 90_000);
});
