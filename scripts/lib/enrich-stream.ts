/**
 * A CSV of any length through the same built add-on, a slice at a time (issue 32): the slice's
 * rows become a sheet, its saved answers go into the ledger (slice-answers.ts), the add-on plans
 * and starts it (startRows), then the slice before is waited for (finishRows), its rows appended
 * to the output and its answers moved to the answers store. Two slices overlap, on two sheets, so
 * the API keeps working while the CLI writes one and reads the next; memory and the state file
 * hold two slices at most.
 *
 * Paid once across kills: the state (with a cursor: slices written, bytes of output) is saved
 * before every job start and after every slice. A rerun writes the output on from the cursor, skips
 * the slices written and takes the slice in flight up again: its jobs are collected, never resent;
 * the rows an earlier command wrote of it stay until this one has newer ones.
 * A cursor of another output or input is not followed: the file is written anew from the answers
 * kept (output-cursor.ts). A wide slice enters the runtime with its needed columns only
 * (column-projection.ts).
 */
import type { RuntimeState } from '../../dev/gas/harness';
import type { AnswersStore } from './answers-store';
import { formatCsv } from './csv';
import { UTF8_BOM } from './csv-encoding';
import type { CsvSource } from './csv-stream';
import type { ProgressView } from '../../src/app/sidebar-contract';
import {
  finishRows,
  openCheckedSession,
  startRows,
  type CsvEnrichmentSummary,
  type CsvRunOptions,
  type CsvSession,
  type StartedRows,
} from './enrich-run';
import { addCounts, jobsAtWork, lostJobs, running } from './enrich-resume';
import { safeToOpen } from './sheet-outputs';
import { keepAnswers, restoreAnswers, sliceFingerprints } from './slice-answers';
import type { StreamCursor } from './state-file';
import { OutputFile, type InputIdentity } from './output-cursor';
import { projectColumns, type Projection } from './column-projection';

export interface StreamOptions extends Omit<CsvRunOptions, 'saveState'> {
  out: string;
  answers: AnswersStore;
  /** Where an interrupted command stopped; absent: from the start. */
  cursor?: StreamCursor;
  /** The input's identity: a cursor of another input is not followed (output-cursor.ts). */
  input?: InputIdentity;
  /** Told why the cursor was not followed: the output is written anew, from saved answers. */
  onRebuild?: (why: string) => void;
  /** The input had a BOM: the output gets one. */
  bom: boolean;
  /** The input started with Excel's `sep=` line: the output does too (Excel reads the delimiter). */
  sepLine?: boolean;
  saveState: (state: RuntimeState, cursor: StreamCursor | undefined) => void;
  /** After every slice written: rows written so far, credits so far (awaited before the next). */
  onSlice?: (written: number, summary: CsvEnrichmentSummary) => void | Promise<void>;
}

export type StreamSummary = CsvEnrichmentSummary;

/** Sums of two slices' summaries; the later one's state, message and counters win. */
function add(total: CsvEnrichmentSummary | undefined, next: CsvEnrichmentSummary): CsvEnrichmentSummary {
  if (!total) return { ...next, table: [] };
  const statuses = addCounts(total.statuses, next.statuses);
  return {
    ...next,
    rows: total.rows + next.rows,
    sent: total.sent + next.sent,
    rowsFromLedger: total.rowsFromLedger + next.rowsFromLedger,
    rowsFromDuplicates: total.rowsFromDuplicates + next.rowsFromDuplicates,
    skipped: [...total.skipped, ...next.skipped].slice(0, 1000),
    found: {
      workEmail: total.found.workEmail + next.found.workEmail,
      personalEmail: total.found.personalEmail + next.found.personalEmail,
      phone: total.found.phone + next.found.phone,
      profile: total.found.profile + next.found.profile,
    },
    statuses,
    credits: total.credits + next.credits,
    spending: addCounts(total.spending, next.spending),
    carried: total.carried + next.carried,
    recovered: total.recovered + next.recovered,
    unmatched: total.unmatched + next.unmatched,
    table: [],
  };
}

/** The summary of a command stopped before any slice was written. */
function nothingWritten(session: CsvSession, options: StreamOptions): CsvEnrichmentSummary {
  const { addon } = session;
  const progress = addon.call<ProgressView>('getProgress');
  return {
    kind: options.kind,
    rows: 0,
    sent: 0,
    rowsFromLedger: 0,
    rowsFromDuplicates: 0,
    skipped: [],
    found: { workEmail: 0, personalEmail: 0, phone: 0, profile: 0 },
    statuses: {},
    credits: 0,
    spending: {},
    state: running(progress).length ? 'running' : 'finished',
    lost: lostJobs(progress),
    carried: 0,
    recovered: 0,
    unfinished: 0,
    unmatched: 0,
    urlfetchCalls: addon.counts.urlfetch,
    rangeReads: addon.counts.rangeReads,
    rangeWrites: addon.counts.rangeWrites,
    triggerRuns: addon.counts.triggerRuns,
    wallMs: 0,
    table: [],
    runtimeState: addon.exportState(),
  };
}

/** A slice started and not yet written. */
interface LiveSlice {
  /** Slices read before it and it (the cursor once it is written). */
  index: number;
  fingerprints: ReadonlySet<string>;
  restored: Map<string, string>;
  started: StartedRows;
  /** The slice's columns the runtime does not hold, put back when it is written. */
  projection: Projection | undefined;
}

/** The two sheets a file's slices alternate on: one fills while the other's jobs are polled. */
const sheetOf = (name: string, index: number): string => (index % 2 === 1 ? name : `${name} (2)`);

/** Enriches the source into options.out, slice by slice; see the module comment. */
export async function runCsvStream(source: CsvSource, options: StreamOptions): Promise<StreamSummary> {
  const startedAt = Date.now();
  let cursor = options.cursor;
  const { saveState, ...runOptions } = options;
  // Refused before anything was touched: the output, the state and the journal stay as they are.
  const session = openCheckedSession({ ...runOptions, saveState: (state) => saveState(state, cursor) });
  const output = OutputFile.open(options.out, cursor, options.input);
  if (output.rebuilt) options.onRebuild?.(output.rebuilt);
  cursor = output.cursor;
  let total: CsvEnrichmentSummary | undefined;
  /** Run ids of this command's slices: each summary counts its own run's credits and jobs. */
  const sliceRuns = new Set<string>();
  let live: LiveSlice | undefined;
  let next: LiveSlice | undefined;

  /** Waits for a slice's run, then writes its rows; false when its jobs still run (it stays). */
  const finish = async (slice: LiveSlice): Promise<boolean> => {
    const own = slice.started.start?.runId;
    const others = new Set([...sliceRuns].filter((id) => id !== own));
    const summary = await finishRows(session, slice.started, startedAt, others);
    total = add(total, summary);
    // Nothing planned (earlier runs still at work): this sheet holds the input again and no answer
    // yet, so what an earlier command wrote of the slice (its answers, "pending") stays as it is.
    // Written over, a rerun that stopped waiting again emptied every answer of the file.
    if (slice.started.waiting && output.tailKept()) return false;
    const table = safeToOpen(slice.projection ? slice.projection.expand(summary.table) : summary.table);
    const text = formatCsv(output.empty ? table : table.slice(1), source.delimiter);
    const head = output.empty
      ? `${options.bom ? UTF8_BOM : ''}${options.sepLine ? `sep=${source.delimiter}\r\n` : ''}`
      : '';
    const chunk = Buffer.from(head + text, 'utf8');
    // Jobs still running: the rows as they are now (what --force-results found, "pending" for the
    // rest) are there to read, but the cursor stays before them, so the next command writes the
    // slice again once its jobs are done.
    output.write(chunk, summary.unfinished === 0);
    if (summary.unfinished > 0) {
      // The slices kept so far, and this file as theirs: the next command takes it up there.
      cursor = output.cursorAfter(slice.index - 1, options.input);
      return false;
    }
    // The next slice's saved answers stay out of the store's appends (they are there already).
    keepAnswers(session.addon, options.answers, new Map([...slice.restored, ...(next?.restored ?? [])]));
    cursor = output.cursorAfter(slice.index, options.input);
    // Written while the next slice is on the other sheet: the state, saved before every job start,
    // need not carry both (the file's last slice stays, as it did before slices overlapped).
    if (next) session.addon.spreadsheet.getSheetByName(slice.started.sheetName)?.clear();
    session.save();
    await options.onSlice?.(total.rows, total);
    return true;
  };

  let index = 0;
  let stoppedEarly = false;
  let stuck = false;
  try {
    for await (const slice of source.slices) {
      if (index++ < (cursor?.slice ?? 0)) continue;
      // Before every slice's starts, the first one's too: a Ctrl-C before anything was sent
      // sends nothing (issue 39).
      if (options.shouldStop?.()) {
        stoppedEarly = true;
        break;
      }
      const whole = [source.header, ...slice];
      // A wide slice enters the runtime with the columns the add-on uses only (column-projection.ts).
      const projection = projectColumns(whole);
      const rows = projection?.rows ?? whole;
      const fingerprints = sliceFingerprints(rows, options.kind);
      // A contact of the slice in flight would wait for its job (paid once): that slice ends first,
      // and its answer is then saved, free for this one.
      if (live && fingerprints.some((fp) => live!.fingerprints.has(fp))) {
        if (!(await finish(live))) {
          stuck = true;
          break;
        }
        live = undefined;
      }
      const restored = restoreAnswers(session.addon, fingerprints, options.answers);
      const first = total === undefined && live === undefined;
      const started = await startRows(
        session,
        rows,
        { ...runOptions, sheetName: sheetOf(options.sheetName, index), ...(first ? {} : { importJobs: [] }) },
        first,
      );
      if (started.stopped) {
        stoppedEarly = true;
        break;
      }
      if (started.start) sliceRuns.add(started.start.runId);
      next = { index, fingerprints: new Set(fingerprints), restored, started, projection };
      // The slice before is waited for while this one's jobs queue for the room its jobs leave.
      if (live && !(await finish(live))) {
        stuck = true;
        break;
      }
      live = next;
      next = undefined;
      if (started.waiting) break;
    }
    if (live && !stuck && !stoppedEarly) {
      if (!(await finish(live))) stuck = true;
      live = undefined;
    }
    // Nothing read: stopped before a slice was written (Ctrl-C while an earlier command's jobs were
    // collected, or before the first start: "interrupted", exit 3), or every slice was written by a
    // command killed before it cleared its cursor (this one has nothing left: done, exit 0).
    if (!total) total = nothingWritten(session, options);
    // Every slice written: the next command starts from the top (saved answers make it free).
    const done = !stoppedEarly && !stuck && !live && total.unfinished === 0;
    if (done) cursor = undefined;
    // Jobs of a slice started but not written (Ctrl-C, or the one before stopped waiting) are in
    // the state, and the next command collects them: they are told as still running.
    const progress = session.addon.call<ProgressView>('getProgress');
    const unfinished = jobsAtWork(session.addon, running(progress));
    const runtimeState = session.addon.exportState();
    return { ...total, unfinished, wallMs: Date.now() - startedAt, runtimeState, stoppedEarly };
  } finally {
    output.close();
    session.save();
    session.addon.close();
  }
}
