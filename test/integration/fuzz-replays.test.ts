/**
 * The fuzzer's shrunk cases of issue 38's findings (docs/fuzz-findings.md), replayed through its
 * world: each broke an invariant (nothing lost, rows held with why) on the code before its fix.
 * Each job start is a UrlFetchApp.fetch of its own since stop 71 (polls still read results in one
 * fetchAll): a start's kill recorded at fetchAll nth N is at fetch nth 1 (N = 1) or at fetchAll
 * nth N - 1 (the poll after it) in every fuzz-replays file, or the case no longer loses its start.
 */
import { fuzzCases } from '../support/fuzz-cases';
import type { Action } from '../../scripts/lib/fuzz-model';

describe("the fuzzer's cases of findings 21, 22, 28, 30 to 32, 34, 35, 38, 39, 41 to 46, 49 to 54, 58 to 61, 200 and 220, replayed", () => {
  const { replay } = fuzzCases();
  it('21: a start killed as it leaves, its run record damaged: the row says why it is held', async () => {
    await replay([
      {
        kind: 'run',
        who: 'ann',
        rows: [0],
        lookUpAgain: false,
        kill: { at: 'UrlFetchApp.fetch', nth: 1 },
      },
      { kind: 'damage', what: 'runRecord' },
    ]);
  }, 60_000);
  it('28: a paid job whose record was damaged is imported although later damaged jobs list its rows', async () => {
    const lookUpAgainKilled = (rows?: number[]): Action =>
      rows
        ? { kind: 'run', who: 'ann', rows, lookUpAgain: true, kill: { at: 'UrlFetchApp.fetch', nth: 1 } }
        : { kind: 'runAll', who: 'ann', lookUpAgain: true, kill: { at: 'UrlFetchApp.fetch', nth: 1 } };
    await replay([
      lookUpAgainKilled(),
      { kind: 'damage', what: 'jobRecord' },
      lookUpAgainKilled([0]),
      { kind: 'damage', what: 'jobRecord' },
      lookUpAgainKilled([0]),
    ]);
  }, 60_000);
  it('22: a lost start of "look up again", its run record damaged: its answer is imported', async () => {
    await replay([
      {
        kind: 'run',
        who: 'ann',
        rows: [0],
        lookUpAgain: true,
        kill: { at: 'Properties.setProperties', nth: 3 },
      },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'poll', who: 'ann' },
    ]);
  }, 60_000);
  it('30: a retry of a lost start killed before its resend, its run record damaged: its answer is imported', async () => {
    // The job sat queued without its run: held for nothing, sent and collected by nothing, and the
    // panel said "still collected", so the fuzzer (following it) imported nothing.
    await replay([
      { kind: 'again', who: 'bob', kill: { at: 'Properties.setProperties', nth: 3 } },
      { kind: 'sidebar', who: 'ann', kill: { at: 'Properties.setProperties', nth: 2 } },
      { kind: 'retry', who: 'bob', kill: { at: 'Properties.setProperties', nth: 2 } },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'sidebar', who: 'ann', kill: { at: 'Properties.setProperties', nth: 1 } },
    ]);
  }, 60_000);
  it("31: a formula run's start killed once registered, its job record damaged: the row says why it is held", async () => {
    // The formula run has no rows: its damaged job's list held the sheet's row, its Status empty.
    await replay([
      { kind: 'formulas', rows: [0] },
      { kind: 'getThem', who: 'ann', kill: { at: 'Properties.setProperties', nth: 2 } },
      { kind: 'damage', what: 'jobRecord' },
      { kind: 'poll', who: 'ann' },
    ]);
  }, 60_000);
  it('32: a lost start of "look up again", its job record damaged: Jobs names it, and its answer is imported', async () => {
    // The panel said only "Rows of its job may stay pending", the rows "import the job by its id
    // under Jobs": nobody could tell which job, and the paid answer stayed at the provider.
    await replay([
      {
        kind: 'run',
        who: 'ann',
        rows: [6],
        lookUpAgain: true,
        kill: { at: 'Properties.setProperties', nth: 3 },
      },
      { kind: 'sidebar', who: 'ann' },
      { kind: 'damage', what: 'jobRecord' },
      { kind: 'poll', who: 'ann' },
    ]);
  }, 60_000);
  it('34: a stuck job closed on its early answers, its record then damaged: what it found later is saved', async () => {
    // The panel names the damaged record's job; its import was refused ("the log tab counts it"),
    // and the 3 answers the job charged after it was closed never reached the ledger.
    await replay([
      { kind: 'fault', fault: 'stuck' },
      { kind: 'again', who: 'carol' },
      { kind: 'clock', hours: 24 },
      { kind: 'poll', who: 'carol' },
      { kind: 'damage', what: 'jobRecord' },
    ]);
  }, 60_000);
  it('35: an imported job whose record is damaged before its poll: the panel names its id, whose import saves the answer', async () => {
    // The panel said the dashboard names the job after the run the import made; it names it after
    // the formula run that started it, so nobody could find the paid answer's job.
    await replay([
      { kind: 'formulas', rows: [0] },
      { kind: 'getThem', who: 'ann' },
      { kind: 'damage', what: 'jobRecord' },
      { kind: 'fault', fault: '403' },
      { kind: 'import', who: 'ann' },
      { kind: 'unstick' },
      { kind: 'damage', what: 'jobRecord' },
      { kind: 'poll', who: 'ann', kill: { at: 'Properties.setProperties', nth: 1 } },
    ]);
  }, 60_000);
  it("38: a formula run's stuck job, its list then lost: the rows it holds say why once run again", async () => {
    // The run of every row skipped them (held by the lost list) and wrote nothing: they read "".
    await replay([
      { kind: 'fault', fault: 'stuck' },
      { kind: 'formulas', rows: [0, 1] },
      { kind: 'getThem', who: 'ann' },
      { kind: 'clock', hours: 24 },
      { kind: 'poll', who: 'ann' },
      { kind: 'damage', what: 'jobSheet' },
    ]);
  }, 60_000);
  it('39: a deleted ledger, remade by later answers, is still known lost: no plan buys its answers unwarned', async () => {
    await replay([
      { kind: 'formulas', rows: [0] },
      { kind: 'getThem', who: 'bob' },
      { kind: 'wait' },
      { kind: 'poll', who: 'bob' },
      { kind: 'damage', what: 'ledgerDelete' },
      { kind: 'clock', hours: 7 },
      { kind: 'run', who: 'bob', rows: [5], lookUpAgain: false },
      { kind: 'wait' },
      { kind: 'poll', who: 'bob' },
      { kind: 'run', who: 'bob', rows: [0], lookUpAgain: false },
      { kind: 'wait' },
      { kind: 'poll', who: 'bob' },
    ]);
  }, 60_000);
  it("41: a sheet run's job no one can read: a formula of one of its rows is not bought again", async () => {
    // The rows said "job record damaged", which holds them for plans of that sheet only: the
    // formula run of the same person bought it a second time.
    await replay([
      { kind: 'runAll', who: 'bob', lookUpAgain: false },
      { kind: 'damage', what: 'jobAndList' },
      { kind: 'sheet', op: 'insert', at: 0, n: 1 },
      { kind: 'formulas', rows: [5] },
      { kind: 'poll', who: 'bob' },
      { kind: 'getThem', who: 'bob', kill: { at: 'Properties.setProperties', nth: 2 } },
    ]);
  }, 60_000);
  it('42: a start killed as it leaves, its run record damaged: "look up again" sends its rows', async () => {
    // The lost start held its rows even from "look up again", with no run to Retry and no job at
    // the provider to import: 8 rows "pending" for good.
    await replay([
      { kind: 'again', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'runAll', who: 'ann', lookUpAgain: true, kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
    ]);
  }, 60_000);
  it('43: a job whose run record, record and list are all damaged holds its rows from a plain run', async () => {
    // Nothing told its kind or its rows: row 2 read "pending", which holds nothing, and was bought again.
    await replay([
      { kind: 'again', who: 'ann', kill: { at: 'UrlFetchApp.fetchAll', nth: 1 } },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'damage', what: 'jobAndList' },
      {
        kind: 'run',
        who: 'ann',
        rows: [1],
        lookUpAgain: false,
        kill: { at: 'UrlFetchApp.fetch', nth: 1 },
      },
      { kind: 'wait' },
    ]);
  }, 60_000);
  it('44: a run whose job no one can read, its end cut short: its "pending" rows are not bought again', async () => {
    await replay([
      {
        kind: 'run',
        who: 'ann',
        rows: [1],
        lookUpAgain: false,
        kill: { at: 'UrlFetchApp.fetchAll', nth: 1 },
      },
      { kind: 'damage', what: 'jobAndList' },
      { kind: 'poll', who: 'ann', kill: { at: 'Range.getValues', nth: 1 } },
      {
        kind: 'run',
        who: 'ann',
        rows: [1],
        lookUpAgain: false,
        kill: { at: 'UrlFetchApp.fetch', nth: 1 },
      },
    ]);
  }, 60_000);
  it("45: an import of a running capped run's damaged job: the run gives back only what it did not spend", async () => {
    // The run ended "finished" with no job left and gave its whole estimate (3) back to the day's
    // count while its job was charged 3: the next automatic run spent past the cap of 3. The job
    // now goes back into its run, whose end counts its charge.
    await replay([
      { kind: 'auto', who: 'ann', on: true, cap: 3 },
      { kind: 'formulas', rows: [0, 1, 2] },
      { kind: 'poll', who: 'ann' },
      { kind: 'damage', what: 'jobRecord' },
      { kind: 'wait' },
      { kind: 'import', who: 'ann' },
      { kind: 'formulas', rows: [3, 4, 5] },
      { kind: 'poll', who: 'ann', idle: true },
    ]);
  }, 60_000);
  it('49: a start killed before it was sent, its run record and list damaged: its rows are sent again', async () => {
    // The job never left (queued, no marker), yet with its list and run record lost it held every
    // contact: its rows read "pending" for good, and no run sent them.
    await replay([
      {
        kind: 'run',
        who: 'bob',
        rows: [1, 7],
        lookUpAgain: false,
        kill: { at: 'Properties.setProperty', nth: 3 },
      },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'damage', what: 'jobSheet' },
    ]);
  }, 60_000);
  it("52: a formula run's job no one can read, its queued request damaged too: a plain run does not buy it again", async () => {
    // The run ended hiding its job; what it may have sent was told by the formula queue only, whose
    // unreadable request held nothing: a plain run of the rows bought the formula's person twice.
    await replay([
      { kind: 'formulas', rows: [2] },
      { kind: 'getThem', who: 'bob', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'damage', what: 'formulaQueue' },
      { kind: 'poll', who: 'bob', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'poll', who: 'bob', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'damage', what: 'jobAndList' },
      { kind: 'poll', who: 'bob', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'again', who: 'bob', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
    ]);
  }, 60_000);
  it("54: a re-homed job's record and list damaged: the job sheet keeps its id, whose import saves the answer", async () => {
    // The compaction of the job sheet kept only damaged rows whose list could be read: the id (the
    // only way to the job, which the dashboard names after the run that started it) went with it.
    await replay([
      { kind: 'run', who: 'ann', rows: [4], lookUpAgain: true, kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'auto', who: 'ann', on: true, cap: 1 },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'damage', what: 'jobAndList' },
      { kind: 'wait' },
      { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
      { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 } },
    ]);
  }, 60_000);
  it('50 and 51: a preview that sends nothing still writes why its held rows are held', async () => {
    // A hold of a lost start whose run record was lost (51: the rows "pending"; 50: its list lost too,
    // every contact held, rows nobody ran "") was written only by a start, and a plan that sends
    // nothing is never started: the rows kept "pending" or "" for good.
    const killed = { at: 'UrlFetchApp.fetchAll', nth: 1 } as const;
    await replay([
      { kind: 'again', who: 'ann', kill: killed },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'run', who: 'ann', rows: [4], lookUpAgain: false, kill: killed },
    ]);
    await replay([
      { kind: 'fault', fault: '5xx' },
      { kind: 'wait' },
      { kind: 'formulas', rows: [1] },
      { kind: 'getThem', who: 'ann', kill: killed },
      { kind: 'poll', who: 'ann', kill: killed },
      { kind: 'damage', what: 'jobSheet' },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'wait' },
      { kind: 'poll', who: 'ann', kill: killed },
      { kind: 'getThem', who: 'ann', kill: killed },
    ]);
  }, 90_000);
  it("46: a retry after the job's row was deleted: the first job's answer for that row's person is saved", async () => {
    // The retry resent the rows left and its record took the new job's id: the first job's id was
    // gone, and its paid answer for the deleted row's person was never fetched.
    const killed = { at: 'UrlFetchApp.fetch', nth: 1 } as const;
    await replay([
      { kind: 'again', who: 'ann', kill: killed },
      { kind: 'fault', fault: 'refused' },
      { kind: 'poll', who: 'ann', kill: killed },
      { kind: 'poll', who: 'ann', kill: killed, idle: true },
      { kind: 'sheet', op: 'delete', at: 0, n: 1 },
      { kind: 'poll', who: 'ann', kill: killed, idle: true },
      { kind: 'retry', who: 'ann', kill: killed },
      { kind: 'poll', who: 'ann', kill: killed },
    ]);
  }, 60_000);
  it('58: the hold\'s words a preview wrote over "pending" hold the row as "pending" did', async () => {
    // A run hiding a job (its record and list damaged) ended; its rows' "pending" held them for every
    // planner. A preview wrote the hold's words over one, which no longer held it: the next run of
    // that row bought it again (seed 46012, case 1325).
    const written = { at: 'Range.setValues', nth: 1 } as const;
    const cached = { at: 'Cache.putAll', nth: 1 } as const;
    await replay([
      { kind: 'runAll', who: 'bob', lookUpAgain: true, kill: written },
      { kind: 'fault', fault: 'stuck' },
      { kind: 'poll', who: 'bob', kill: written },
      { kind: 'poll', who: 'bob', kill: written },
      { kind: 'runAll', who: 'bob', lookUpAgain: false, kill: cached },
      { kind: 'poll', who: 'bob', kill: written },
      { kind: 'damage', what: 'jobAndList' },
      { kind: 'run', who: 'bob', rows: [6], lookUpAgain: true, kill: written },
      { kind: 'poll', who: 'bob', kill: { at: 'Range.setValues', nth: 2 } },
      { kind: 'run', who: 'bob', rows: [6], lookUpAgain: false, kill: written },
      { kind: 'schedule', who: 'bob', on: true, perRun: 1, perDay: 2 },
      { kind: 'run', who: 'bob', rows: [6, 7], lookUpAgain: false, kill: cached },
    ]);
  }, 90_000);
  it("60: a row showing a running job's hold is given the hold it has once that run ended", async () => {
    const killed = { at: 'UrlFetchApp.fetchAll', nth: 1 } as const;
    await replay([
      { kind: 'formulas', rows: [5] },
      { kind: 'auto', who: 'ann', on: true, cap: 1 },
      { kind: 'poll', who: 'ann', kill: killed },
      { kind: 'formulas', rows: [5] },
      { kind: 'run', who: 'ann', rows: [5], lookUpAgain: true, kill: killed },
      { kind: 'poll', who: 'ann', kill: killed },
      { kind: 'damage', what: 'jobRecord' },
      { kind: 'wait' },
      { kind: 'poll', who: 'ann', kill: killed },
      { kind: 'poll', who: 'ann', kill: killed },
    ]);
  }, 90_000);
  it('61: rows held by a job no one can read, its run record lost too, say why: "pending" and a cap\'s words', async () => {
    const killed = { at: 'UrlFetchApp.fetchAll', nth: 1 } as const;
    await replay([
      { kind: 'schedule', who: 'bob', on: true, perRun: 1, perDay: 2 },
      { kind: 'schedule', who: 'bob', on: true, perRun: 1, perDay: 2 },
      { kind: 'formulas', rows: [1] },
      { kind: 'run', who: 'bob', rows: [1], lookUpAgain: true, kill: killed },
      { kind: 'damage', what: 'jobAndList' },
      { kind: 'run', who: 'bob', rows: [3], lookUpAgain: false, kill: killed },
      { kind: 'poll', who: 'bob', kill: killed },
      { kind: 'damage', what: 'runRecord' },
      { kind: 'wait' },
      { kind: 'poll', who: 'bob', kill: killed },
      { kind: 'damage', what: 'jobAndList' },
      { kind: 'formulas', rows: [1] },
    ]);
  }, 90_000);

  it('200: settling stops waiting for a lost start no import answers, and the rows are run again once nothing runs', async () => {
    // Before, the lost start (never at the provider: only a Retry answers it, which settling never
    // does) counted as work for all 12 rounds, and every row was run again while an automatic
    // formula run, one contact a day under its cap, was still at work: row 6 kept its words,
    // "waiting for a running job", after that job ended.
    await replay(
      [
        { kind: 'auto', who: 'ann', on: true, cap: 1 },
        {
          kind: 'run',
          who: 'ann',
          rows: [2],
          lookUpAgain: true,
          kill: { at: 'UrlFetchApp.fetch', nth: 1 },
          fields: ['phone'],
        },
        { kind: 'again', who: 'ann', kill: { at: 'UrlFetchApp.fetch', nth: 1 }, fields: ['phone'] },
        { kind: 'formulas', rows: [7, 2], array: true },
        { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetchAll', nth: 2 } },
        { kind: 'damage', what: 'jobRecord' },
        { kind: 'wait' },
        { kind: 'schedule', who: 'ann', on: true, perRun: 1, perDay: 2, reverse: true },
        { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetchAll', nth: 1 } },
        { kind: 'sidebar', who: 'ann', kill: { at: 'UrlFetchApp.fetchAll', nth: 1 } },
        { kind: 'damage', what: 'jobSheet' },
        { kind: 'poll', who: 'ann', kill: { at: 'UrlFetchApp.fetchAll', nth: 1 } },
      ],
      19656767,
    );
  }, 60_000);
  it("220: settling imports in each document only the jobs that document's panel names", async () => {
    // Ann's first document's run ended with a damaged job (its Retry's list garbled); settling her
    // second document imported that run's jobs there too (one memory of runs to import for both),
    // and its ledger's older answer of those people hid the first's newer one from the check.
    await replay([
      { kind: 'fault', fault: 'lost' },
      { kind: 'elsewhere', op: 'run' },
      { kind: 'runAll', who: 'ann', lookUpAgain: true },
      { kind: 'revoke', who: 'ann', back: false },
      { kind: 'retry', who: 'ann' },
      { kind: 'damage', what: 'jobSheet' },
      { kind: 'run', who: 'bob', rows: [3], lookUpAgain: true, fields: ['work_email', 'personal_email'] },
    ]);
  }, 60_000);
});
