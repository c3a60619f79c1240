/**
 * The CSV flow shared by `npm run enrich`, `npm run bench` and the integration tests: a CSV becomes a
 * sheet in the local Apps Script runtime, and the built dist/Code.js runs on it exactly as in Sheets
 * (planRun, startRun, then the time-driven trigger until no job is pending).
 */
import { INPUTS_BY_KIND } from '../../src/domain/inputs';
import type { JobKind } from '../../src/domain/runs';
import type { PlanView, ProgressView, StartView } from '../../src/app/sidebar-contract';
import type { Addon } from '../../dev/gas/harness';
import { callOrExplain, openRuntime } from './cli-runtime';
import { columnLetters } from '../../dev/gas/spreadsheet/a1';
import { loadRowsAsSheet, selectDataRows } from './csv-sheet';
import { outputRows, type InputWidths } from './sheet-outputs';
import { EnrichRunError, messageOf } from './run-error';
import { STATUS } from '../../src/domain/statuses';
import { plural } from '../../src/domain/words';
import { withoutSecrets } from './state-file';
import { importJobById, running } from './enrich-resume';
import { DEFAULT_POLL_MS } from './pump';
import { pollWaits } from './poll-pacer';
import { CsvRun } from './csv-run';
import type { CsvEnrichmentSummary, CsvRunOptions } from './csv-run-types';
import {
  importJournaledStarts,
  awaitingIds,
  journalStarts,
  readStartJournal,
  settleStartJournal,
} from './start-journal';

export { EnrichRunError, messageOf };
export type { CsvEnrichmentSummary, CsvRunOptions } from './csv-run-types';

export interface CsvEnrichmentOptions extends CsvRunOptions {
  /** The CSV's rows, header first. */
  rows: readonly (readonly string[])[];
}

export { pumpUntilDone, runOf, sleep, type PumpOptions } from './pump';
export { loadRowsAsSheet, selectDataRows } from './csv-sheet';

/** One runtime for a command: the rows of one or more slices go through it (enrich-stream.ts). */
export interface CsvSession {
  addon: Addon;
  run: CsvRun;
  /** Saves the state when the last execution started jobs (their ids). */
  afterPoll(): void;
  /** Saves the state now; false without options.saveState (nothing saved). */
  save(): boolean;
}

/** dist/Code.js opened for a command, saving the state before any job start leaves. */
export function openCsvSession(options: CsvRunOptions): CsvSession {
  let startedJobs = false;
  let idsComing = false;
  /** A store write since the last save: each start's marker is saved before its request leaves. */
  let unsaved = true;
  // Called only once the runtime exists (its fetches come after openRuntime returns).
  const save = (): boolean => {
    options.saveState?.(withoutSecrets(addon.exportState()));
    unsaved = false;
    return !!options.saveState;
  };
  const addon: Addon = openRuntime({
    ...options,
    ...(options.startJournal ? { journalAnswers: journalStarts(options.startJournal) } : {}),
    // Paid once across kills: the job is in the registry (state "sending") before its start leaves.
    beforeFetch: (requests) => {
      if (!options.saveState || !requests.some((request) => request.method === 'POST')) return;
      startedJobs = true;
      idsComing = true;
      // Starts leave one by one, each start's outcome saved with the next one's marker (below).
      if (unsaved) save();
    },
    // The engine's first store write after a start records the id it got back, with the next
    // start's marker (job-starter.ts): saved at once, a kill later leaves no lost start.
    afterDocumentWrite: () => {
      unsaved = true;
      if (!idsComing) return;
      idsComing = false;
      dieHereWhenTold();
      save();
    },
  });
  const afterPoll = () => {
    // The ids the starts got back, all recorded once the execution ended: the journal's lines of
    // the jobs the saved state now holds are let go (start-journal.ts).
    if (startedJobs && save() && options.startJournal)
      settleStartJournal(options.startJournal, awaitingIds(addon));
    startedJobs = false;
  };
  // When the engine can do something: the API's pace it learnt (poll-pacer.ts).
  const nextWaitMs = pollWaits(addon, { initialMs: options.pollMs ?? DEFAULT_POLL_MS });
  const run = new CsvRun(addon, { ...options, nextWaitMs }, afterPoll);
  return { addon, run, afterPoll, save };
}

/**
 * A test's failpoint: `SHEET_ENRICH_KILL_AT=start-answers` SIGKILLs the command at the worst moment
 * for a kill, when a job start has answered and its id is not saved yet
 * (enrich-cli-resume.test.ts). A random kill lands there only now and then.
 */
function dieHereWhenTold(): void {
  if (process.env.SHEET_ENRICH_KILL_AT === 'start-answers') process.kill(process.pid, 'SIGKILL');
}

/** Enriches the rows through dist/Code.js; see the module comment and enrich-resume.ts. */
export async function runCsvEnrichment(options: CsvEnrichmentOptions): Promise<CsvEnrichmentSummary> {
  checkCsvRows(options.rows);
  const session = openCheckedSession(options);
  try {
    return await enrichRows(session, options.rows, options, Date.now());
  } finally {
    session.save();
    session.addon.close();
  }
}

/** Rows on their sheet, planned and started (or stopped before: earlier runs still running). */
export interface StartedRows {
  /** The sheet the rows are on (a streamed file alternates two: one fills while one is polled). */
  sheetName: string;
  /** Data rows. */
  rows: number;
  /** Columns of the input: the output columns come after the header's, in the CSV. */
  width: InputWidths;
  before: ProgressView;
  /** Contacts of runs an earlier command left running, collected first. */
  carried: number;
  /** Jobs a killed command started, imported by the ids its journal kept (start-journal.ts). */
  recovered: number;
  plan?: PlanView;
  start?: StartView;
  /** Earlier runs were still running when waiting ended: nothing was planned. */
  waiting?: ProgressView;
  /** Ctrl-C came before this slice's starts: nothing was planned or sent for it. */
  stopped?: true;
}

/**
 * The rows (header first) on the sheet, then what an earlier command left running collected (when
 * `collectEarlier`), then planned and started. finishRows waits for them; between the two the
 * runtime may work on another slice, whose jobs fill the room this one's leave at the API.
 */
export async function startRows(
  session: CsvSession,
  rows: readonly (readonly string[])[],
  options: CsvRunOptions,
  collectEarlier = true,
): Promise<StartedRows> {
  const { addon, run } = session;
  const width = Math.max(...rows.map((row) => row.length));
  loadRowsAsSheet(addon, options.sheetName, rows);
  selectDataRows(addon, options.sheetName, rows.length, width);
  const before = addon.call<ProgressView>('getProgress');
  // A state that never ran anything (new, or saved by a refusal) knows no row of this file; a new
  // one, none of any slice (its first slice's run is this command's, not theirs).
  if (!options.state || before.runs.length === 0) refuseForeignPending(rows, options.kind);
  const base = {
    sheetName: options.sheetName,
    rows: rows.length - 1,
    width: {
      header: rows[0]?.length ?? 0,
      rows: width,
      emptyHeaders: (rows[0] ?? []).flatMap((cell, column) => (cell.trim() ? [] : [column])),
    },
    before,
    carried: 0,
    recovered: 0,
  };
  const journaled =
    collectEarlier && options.startJournal ? readStartJournal(options.startJournal) : undefined;
  if (journaled?.size) {
    // A kill while starts were answering: the ids that arrived are imported, saved, then let go
    // (the key's workspace was checked first: openCheckedSession). An empty journal, the usual
    // case, costs no state save.
    const { imported, neverMade } = importJournaledStarts(addon, journaled);
    base.recovered = imported;
    if (session.save()) settleStartJournal(options.startJournal!, awaitingIds(addon), neverMade);
  }
  for (const jobId of options.importJobs ?? []) importJobById(addon, jobId);
  if (collectEarlier) {
    // Runs an earlier command left running are collected before anything new is planned.
    const progress = addon.call<ProgressView>('getProgress');
    if (running(progress).length) run.checkKey();
    base.carried = running(progress).reduce((n, r) => n + r.sent, 0);
    const after = await run.pump();
    if (running(after).length) return { ...base, waiting: after };
  }
  // The stop flag, before each batch of starts: a signal lands only between executions.
  if (options.shouldStop?.()) return { ...base, stopped: true };
  const plan = callOrExplain<PlanView>(addon, 'planRun', {
    kind: options.kind,
    fields: [...options.fields],
    ...(options.refreshDays ? { refreshDays: options.refreshDays } : {}),
  });
  checkPlan(plan, options.kind);
  options.onPlan?.(plan);
  if (plan.contactsToSend > 0) run.checkKey();
  const start = callOrExplain<StartView>(addon, 'startRun', plan.planId);
  session.afterPoll();
  return { ...base, plan, start };
}

/**
 * Waits for the started rows' run to end; `others`: runs of other slices, whose credits and jobs
 * are theirs (they run meanwhile).
 */
export async function finishRows(
  session: CsvSession,
  started: StartedRows,
  startedAt: number,
  others: ReadonlySet<string> = new Set(),
): Promise<CsvEnrichmentSummary> {
  const { run } = session;
  if (started.waiting) return run.summary({ ...started, progress: started.waiting, startedAt, others });
  const runId = started.start!.runId;
  const progress = await run.pump(runId, others);
  return run.summary({ ...started, progress, startedAt, others });
}

/**
 * openCsvSession, then before anything polls, imports or touches the journal, the output or the state: when the state
 * holds work at the API (runs still running, lost starts, a journal of starts' answers, jobs to
 * import), the key must work and be of the state's workspace. A key of another workspace would poll
 * and import those jobs in vain, and the run would end as if nothing were left (issue 39).
 */
export function openCheckedSession(options: CsvRunOptions): CsvSession {
  const session = openCsvSession(options);
  try {
    const progress = session.addon.call<ProgressView>('getProgress');
    const pending =
      (options.importJobs?.length ?? 0) > 0 ||
      (options.startJournal !== undefined && readStartJournal(options.startJournal).size > 0) ||
      running(progress).length > 0 ||
      progress.runs.some((run) => (run.ambiguousJobs ?? []).length > 0);
    if (pending) session.run.checkKey();
    return session;
  } catch (error) {
    // Refused before anything was touched: the state and the journal stay as they are (no save).
    session.addon.close();
    throw error;
  }
}

/** startRows then finishRows: one slice of a file, or all of it. */
export async function enrichRows(
  session: CsvSession,
  rows: readonly (readonly string[])[],
  options: CsvRunOptions,
  startedAt: number,
): Promise<CsvEnrichmentSummary> {
  return finishRows(session, await startRows(session, rows, options), startedAt);
}

/**
 * Rows reading "pending" in a file a new state knows nothing of: an unfinished run's output, run
 * again as input (habits: its state file is the other input's). That run may have been charged
 * for them; taken for rows never sent, they were bought twice (247 people of 300). A state of its
 * own writes "pending" only into the output, never into its input.
 */
function refuseForeignPending(rows: readonly (readonly string[])[], kind: JobKind): void {
  const pending = outputRows(rows, kind).filter((row) => row.status === STATUS.pending).length;
  if (pending)
    throw new EnrichRunError(
      `${plural(pending, 'row')} of this file read "pending": the command that wrote them (another input's state file) may have been charged for them. Run that command again to collect them (nothing is bought twice), or empty their Status cells to send them anew.`,
    );
}

/** An empty file or a header alone: nothing to enrich (checked before any emulator is started). */
export function checkCsvRows(rows: readonly (readonly string[])[]): void {
  if (rows.length === 0) throw new EnrichRunError('The file is empty.');
  if (rows.length === 1) throw new EnrichRunError('The file has a header row but no data rows.');
}

/** A file none of whose columns the add-on recognised: say what it needs instead of sending nothing. */
function checkPlan(plan: PlanView, kind: JobKind): void {
  const mapped = Object.keys(plan.mapping);
  const usable =
    kind === 'reverse'
      ? mapped.includes('email')
      : mapped.some((key) => (INPUTS_BY_KIND.enrich as readonly string[]).includes(key));
  if (usable) return;
  // A file without a header row is read from its first line: its columns go by letter.
  const headers =
    plan.columns
      .map((column) => (column.header ? `"${column.header}"` : `column ${columnLetters(column.index)}`))
      .join(', ') || 'none';
  throw new EnrichRunError(
    kind === 'reverse'
      ? `No email column found (columns: ${headers}). Name it "Email".`
      : `No usable column found (columns: ${headers}). Name them e.g. "First name", "Last name", "Company" or "LinkedIn URL".`,
  );
}
