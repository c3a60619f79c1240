/**
 * The fuzzer's money findings of issue 38 from 190 on (docs/fuzz-findings.md), each replayed as
 * fuzz-replays.test.ts does, on one fuzz emulator for the file (fuzz-replays-money.test.ts holds
 * the earlier ones). Each case failed on the code before its fix.
 */
import { fuzzCases } from '../support/fuzz-cases';

const { replay } = fuzzCases();

/**
 * Fuzz finding 190 (seed 38002 with `--swarm --steps 40`, case 1933; /work/tasks/findings-fix190.md):
 * Bob's phone run of every row met a 5xx on its start (a lost start, job 1, never at the provider);
 * the Jobs panel's import found no such job and retried it, its resend a job of its own (job 2),
 * which the provider charged; then job 2's record and list were damaged together. Settling, the
 * panel still listed the lost start (held until an answer is saved: finding 102), found it again
 * not at the provider and retried it: the Retry's check of an earlier resend at work read only
 * readable records, so job 3 bought the same phones job 2 had. A later record of the run no one can
 * read now holds a Retry as a resend at work does, until it is imported by its id.
 */
describe("the fuzzer's case of finding 190, replayed", () => {
  it("190: a lost start is not retried again while its first resend's record cannot be read", async () => {
    await replay(
      [
        { kind: 'fault', fault: '5xx' },
        { kind: 'again', who: 'bob', kill: { at: 'Properties.setProperties', nth: 2 }, fields: ['phone'] },
        { kind: 'sidebar', who: 'bob', kill: { at: 'Cache.putAll', nth: 1 } },
        { kind: 'import', who: 'bob' },
        { kind: 'damage', what: 'jobAndList' },
        { kind: 'cancel', who: 'bob' },
      ],
      417554531,
    );
  }, 60_000);
});
