/**
 * Fuzz finding 160 (the lead's search of seed 38001 with `--swarm --steps 40`, case 252;
 * /work/tasks/findings-fix160.md), replayed as fuzz-replays.test.ts does: a run of row 9 for the
 * work and personal email was killed while it started (its answer lost: a lost start), and the job
 * sheet lost its list, so only the row's "pending" (then, once the run ended, "job record damaged")
 * held the work email it bought. A "look up again" of that row for the phone alone sent it past the
 * hold, and its answer ("not found") replaced the words that held it; the next plain run bought
 * the work email again. "Look up again" consents to buy again only what it asks: it now sends past
 * a run hiding a job only when it asks every field that run asked (paid-once.ts sendRule).
 */
import type { Action } from '../../scripts/lib/fuzz-model';
import { fuzzCases } from '../support/fuzz-cases';

/** Ann's run of row 9 for both emails, killed at its start, and the job sheet's last list garbled. */
const hiddenStart: Action[] = [
  {
    kind: 'run',
    who: 'ann',
    rows: [7],
    lookUpAgain: false,
    kill: { at: 'Properties.setProperties', nth: 3 },
    fields: ['work_email', 'personal_email'],
  },
  { kind: 'damage', what: 'jobSheet' },
];
const phoneAgain: Action = { kind: 'run', who: 'ann', rows: [7], lookUpAgain: true, fields: ['phone'] };

describe("the fuzzer's case of finding 160, replayed", () => {
  const { replay } = fuzzCases();
  it('160: a "look up again" of the phone does not free a row a hidden email job holds', async () => {
    // While the hidden job's run is in flight; the final re-run bought the work email again.
    await replay([...hiddenStart, phoneAgain], 1025234321);
  }, 60_000);
  it('160, once the run ended: "job record damaged" stays until the fields it holds are asked', async () => {
    await replay(
      [
        ...hiddenStart,
        { kind: 'poll', who: 'ann', idle: true },
        phoneAgain,
        { kind: 'wait' },
        { kind: 'poll', who: 'ann', idle: true },
        { kind: 'run', who: 'ann', rows: [7], lookUpAgain: false, fields: ['work_email', 'personal_email'] },
      ],
      1025234321,
    );
  }, 60_000);
  it("160: the fuzzer's 17 steps", async () => {
    await replay(
      [
        hiddenStart[0]!,
        { kind: 'fault', fault: 'lost' },
        { kind: 'fault', fault: 'lost' },
        { kind: 'elsewhere', op: 'run', kill: { at: 'Properties.setProperty', nth: 1 } },
        { kind: 'credits', who: 'bob', balance: 2 },
        { kind: 'run', who: 'bob', rows: [7], lookUpAgain: false, fields: ['work_email', 'personal_email'] },
        {
          kind: 'run',
          who: 'bob',
          rows: [7],
          lookUpAgain: false,
          kill: { at: 'Range.setValues', nth: 1 },
          fields: ['work_email', 'personal_email'],
        },
        { kind: 'revoke', who: 'bob', back: true },
        { kind: 'elsewhere', op: 'poll', kill: { at: 'Range.setValues', nth: 1 } },
        { kind: 'damage', what: 'jobSheet' },
        { kind: 'formulas', rows: [7] },
        { kind: 'run', who: 'bob', rows: [7], lookUpAgain: false },
        { kind: 'getThem', who: 'bob' },
        { kind: 'again', who: 'bob', kill: { at: 'Properties.setProperties', nth: 3 } },
        { kind: 'run', who: 'ann', rows: [7], lookUpAgain: true, fields: ['phone'] },
        { kind: 'getThem', who: 'ann' },
        { kind: 'poll', who: 'bob' },
      ],
      1025234321,
    );
  }, 90_000);
});
