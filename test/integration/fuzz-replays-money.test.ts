/**
 * The fuzzer's money findings of issue 38 from 73 to 160 (docs/fuzz-findings.md), each replayed as
 * fuzz-replays.test.ts does, on one fuzz emulator for the file (one emulator and one module graph
 * instead of one per finding: fewer CPU-seconds in CI). Each case failed on the code before its fix.
 */
import type { Action, Kill } from '../../scripts/lib/fuzz-model';
import { fuzzCases } from '../support/fuzz-cases';

const { replay } = fuzzCases();

/**
 * Fuzz finding 73 (docs/fuzz-findings.md; seed 38002 with `--swarm --steps 40`, case 68): the case
 * as it fails unshrunk (a stale cache, fixed with finding 93) and as the fuzzer shrinks it on main
 * (a row's hold filled over), each shrunk by hand and replayed as fuzz-replays.test.ts does.
 */
describe("the fuzzer's cases of finding 73, replayed", () => {
  it('73: an answer saved by a poll killed at its cache write is not bought again', async () => {
    await replay([
      { kind: 'run', who: 'ann', rows: [5], lookUpAgain: false },
      { kind: 'wait' },
      { kind: 'poll', who: 'ann' },
      { kind: 'formulas', rows: [5], asks: 'personal_email' },
      { kind: 'getThem', who: 'ann' },
      { kind: 'wait' },
      // The formula run's answer (the personal email) is appended to the ledger; the cache keeps
      // the older one (the work email alone), and the final run bought the personal email again.
      { kind: 'poll', who: 'ann', kill: { at: 'Cache.putAll', nth: 1 } },
    ]);
  }, 60_000);
  it("73, the fuzzer's shrink: a saved work email does not free a row whose damaged phone job hides", async () => {
    const runAll = (fields: ('phone' | 'work_email')[]): Action => ({
      kind: 'runAll',
      who: 'bob',
      lookUpAgain: false,
      fields,
    });
    await replay([
      runAll(['work_email']),
      { kind: 'wait' },
      { kind: 'poll', who: 'bob' },
      runAll(['phone']),
      { kind: 'poll', who: 'bob' },
      { kind: 'damage', what: 'jobAndList' },
      // The phone run ends "failed", hiding its job: its rows read "job record damaged".
      { kind: 'poll', who: 'bob' },
      // The saved work emails filled those rows, "found (saved)" over the words that held them,
      // and the next run bought the phones the hidden job had bought.
      runAll(['work_email']),
      runAll(['work_email', 'phone']),
    ]);
  }, 60_000);
});

/**
 * Fuzz finding 83 (docs/fuzz-findings.md), replayed as fuzz-replays.test.ts does. Shrunk: two jobs
 * of the same contacts collected in one poll (a rerun's work email and phone, and the import of a
 * lost start whose list the job sheet lost) each saved and wrote their answers over the other's.
 * Unshrunk: a lost start retried under a revoked key, its rows' "pending" replaced with the stopped
 * run's words by a teammate's plan, then its list lost: the run's end marks only "pending" rows
 * "job record damaged", the words held nothing, and the rows were bought again.
 */
describe("the fuzzer's case of finding 83, replayed", () => {
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

/**
 * Fuzz finding 84 (docs/fuzz-findings.md), replayed as fuzz-replays.test.ts does: what a stuck
 * job found after its forced fetch, once its record was damaged; and finding 120, met in the fuzz
 * of that fix: two jobs answering one contact in one poll.
 */
describe("the fuzzer's cases of findings 84 and 120, replayed", () => {
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

/**
 * Fuzz finding 93 (docs/fuzz-findings.md): a poll killed after it saved an answer to the ledger's
 * sheet, before the cache in front of it took the new answer. The cache kept the answer saved
 * before (the phone alone), and every hourly tick after read the row's work email as an answer the
 * ledger lacks (a row edited since its answer) and bought it again.
 */
describe("the fuzzer's case of finding 93, replayed", () => {
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

/**
 * Fuzz finding 110 (docs/fuzz-findings.md), replayed as fuzz-replays.test.ts does: a poll saved a
 * phone job's answers and was killed before it marked the job fetched; refused polls then held the
 * job as "may have been charged", and its Retry resent (and priced) the contacts whose answers were
 * saved already. A resend asks only for what has no answer. And 111, the fuzzer's own mistake met
 * while shrinking it: a saved answer of another field (a phone) counted as the work email's, so the
 * Retry's consent excused no second charge of the work email it resent.
 */
describe("the fuzzer's cases of findings 110 and 111, replayed", () => {
  it('110: a Retry of a job whose answers were saved before a kill resends none of them', async () => {
    await replay(retriedAfter({ at: 'Properties.setProperties', nth: 1 }), 116740877);
  }, 90_000);
  it("111: a Retry's consent covers what it resent, though an answer of another field was saved", async () => {
    await replay(retriedAfter(), 116740877);
  }, 90_000);
});

/**
 * Fuzz finding 140 (seed 38003, /work/tasks/findings-fix140.md), replayed as fuzz-replays.test.ts
 * does: a phone job's record and list were damaged while it worked, so once its run ended its rows'
 * "job record damaged" was all that held them. A plain run of the work email, saved for every row,
 * filled them free and wrote "found (saved)" over those words, and the next run of work email and
 * phone bought a phone the damaged job had bought. The mechanism of finding 73's shrunk case, by
 * another road (a killed run, "look up again"): a row an ended run hiding a job holds is filled free
 * only with the fields that run asked too (paid-once.ts sendRule, fix73's).
 */
describe("the fuzzer's case of finding 140, replayed", () => {
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

/**
 * Fuzz finding 150 (docs/fuzz-findings.md), the fuzzer's own mistake: a poll killed after it made
 * the ledger's sheet, that empty sheet renamed, a new one made and renamed too. The add-on kept
 * every answer in the second (the document remembers its id); the fuzzer read the first sheet
 * renamed "old results", empty, and reported the answers lost.
 */
describe("the fuzzer's case of finding 150, replayed", () => {
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

/**
 * Fuzz finding 102 (seed 38002 `--swarm --steps 40`, case 5, /work/tasks/findings-fix102.md),
 * replayed as fuzz-replays.test.ts does: Carol's scheduled reverse lookup lost its job's start
 * (the provider made the job and charged a profile); held "may have been started", it was retried
 * at 0 credits. The Retry's resend got an id and ran out of credits, buying nothing, and took the
 * lost start's place: its row read "out of credits", and the schedule's next tick, after a top-up,
 * bought the profile again. The resend is now a job of its own (job-starter.ts), and the lost start
 * holds what it left unanswered under its own name, until imported or retried (paid-once.ts).
 */
describe("the fuzzer's case of finding 102, replayed", () => {
  it('102: a Retry whose resend ran out of credits leaves its lost start held, and the schedule does not buy it again', async () => {
    await replay(
      [
        { kind: 'import', who: 'ann' },
        { kind: 'fault', fault: 'lost' },
        { kind: 'again', who: 'ann', fields: ['phone'] },
        { kind: 'import', who: 'ann' },
        { kind: 'schedule', who: 'carol', on: true, perRun: 90, perDay: 300, reverse: true },
        { kind: 'poll', who: 'carol' },
        { kind: 'credits', who: 'ann', balance: 0 },
        { kind: 'retry', who: 'carol' },
        { kind: 'again', who: 'ann' },
      ],
      2147483635,
    );
  }, 90_000);
});

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

/**
 * Fuzz finding 170 (seed 60001 with `--swarm`, case 1472; /work/tasks/findings-fix170.md): the
 * fuzzer's books, not the add-on. Ann retried a lost start (row 4, run X job 1); its resend, a job
 * of its own since fix102 (job 2), bought the row again, as the Retry's price said it might. A
 * later Retry click, from a Jobs panel read before another execution saved job 2's answer and
 * closed the lost start, was refused; but the fuzzer had noted, before it, the row's answer as one
 * the job "had saved before a retry", in one set per job, which took back the first Retry's consent.
 */
describe("the fuzzer's case of finding 170, replayed", () => {
  it('170: a refused later Retry takes back no consent of the Retry whose resend bought', async () => {
    await replay(
      [
        { kind: 'fault', fault: 'lost' },
        { kind: 'elsewhere', op: 'run' },
        { kind: 'run', who: 'ann', rows: [2], lookUpAgain: false },
        { kind: 'retry', who: 'ann' },
        { kind: 'run', who: 'ann', rows: [3], lookUpAgain: true },
        { kind: 'fault', fault: '429' },
        // Retries row 5's lost start, whose execution collects row 4's resend; then row 4's, refused.
        { kind: 'retry', who: 'ann' },
      ],
      2106574606,
    );
  }, 60_000);
});

/**
 * Fuzz finding 180 (seed 61002 with `--swarm`, case 4,300; docs/fuzz-findings.md): Carol's
 * automatic run sent two jobs (formulas of ranges: a phone and a personal email), the second's
 * record was damaged, and the Jobs panel's import of it (a run of its own then) ended, and was
 * pruned, before the run's first job: the run then ended with no mark of its lost job and gave its
 * whole estimate back. The import now puts the job back into its run, which counts what it cost.
 */
describe("the fuzzer's case of finding 180, replayed", () => {
  it('180: a run whose damaged job was imported gives back only what it did not spend', async () => {
    await replay([
      { kind: 'auto', who: 'carol', on: true, cap: 150 },
      { kind: 'formulas', rows: [0], asks: 'phone', array: true },
      { kind: 'formulas', rows: [0, 4], asks: 'personal_email', array: true },
      { kind: 'poll', who: 'carol' },
      { kind: 'damage', what: 'jobRecord' },
    ]);
  }, 60_000);
});

/**
 * Fuzz finding 190 (the mutation search at seed 38002, case 1,934; docs/fuzz-findings.md), and chaos
 * seeds 2 and 12 (78 and 84 people charged twice): a lost start's Retry resent its contacts in a job
 * of its own, which was charged, and whose record and list were then damaged; the Jobs panel still
 * offered the lost start's Retry, whose check read only the records it could read, and a third job
 * bought them again. The lost start now names the job its Retry went in (`resentIn`): while that one
 * cannot be read, a Retry waits for its import.
 */
describe("the fuzzer's case of finding 190, replayed", () => {
  it("190: a second Retry waits while the first one's job cannot be read", async () => {
    await replay([
      { kind: 'fault', fault: '5xx' },
      { kind: 'again', who: 'bob', kill: { at: 'Properties.setProperties', nth: 2 }, fields: ['phone'] },
      { kind: 'sidebar', who: 'bob', kill: { at: 'Cache.putAll', nth: 1 } },
      { kind: 'import', who: 'bob' },
      { kind: 'damage', what: 'jobAndList' },
      { kind: 'cancel', who: 'bob' },
    ]);
  }, 60_000);
});

/**
 * Fuzz finding 210 (the mutation search at seed 38003, case 1,129): the ledger row of row 9's work
 * email garbled while a phone job of that row and a "look up again" of the others ran; both jobs
 * were collected in one poll, whose second write called row 9 "inputs changed… run this row again"
 * over its answer, and the re-run bought the lost work email again. Either fix holds it: the lost
 * answer's row now holds its contact (Ledger.lost), and a row one job answers is no other's orphan.
 */
describe("the fuzzer's case of finding 210, replayed", () => {
  it('210: a work email whose ledger row was garbled is not bought again', async () => {
    const killAt = (nth: number): Kill => ({ at: 'UrlFetchApp.fetchAll', nth });
    await replay([
      { kind: 'again', who: 'carol', kill: killAt(1) },
      { kind: 'wait' },
      { kind: 'poll', who: 'carol', kill: killAt(2) },
      { kind: 'run', who: 'ann', rows: [7], lookUpAgain: false, fields: ['phone'] },
      { kind: 'runAll', who: 'ann', lookUpAgain: true, kill: killAt(1), fields: ['phone'] },
      { kind: 'damage', what: 'ledgerRows' },
      { kind: 'run', who: 'ann', rows: [3], lookUpAgain: true, kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
    ]);
  }, 60_000);
});
