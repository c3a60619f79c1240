/**
 * A CSV of any length through the same built add-on, a slice at a time (issue 32): the slice's
 * rows become the sheet, its saved answers go into the ledger (slice-answers.ts), the add-on plans,
 * starts and polls it as for a whole file (enrichRows), then its rows are appended to the output
 * and its answers leave for the answers store. Memory and the state file hold one slice.
 *
 * Paid once across kills: the state (with a cursor: slices written, bytes of output) is saved
 * before every job start and after every slice. A rerun truncates the output to the cursor, skips
 * the slices written and takes the slice in flight up again: its jobs are collected, never resent.
 */
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import type { RuntimeState } from '../../dev/gas/harness';
import type { AnswersStore } from './answers-store';
import { formatCsv } from './csv';
import { UTF8_BOM } from './csv-encoding';
import type { CsvSource } from './csv-stream';
import { enrichRows, openCsvSession, type CsvEnrichmentSummary, type CsvRunOptions } from './enrich-run';
import { safeToOpen } from './sheet-outputs';
import { keepAnswers, restoreAnswers } from './slice-answers';
import type { StreamCursor } from './state-file';

export interface StreamOptions extends Omit<CsvRunOptions, 'saveState'> {
  out: string;
  answers: AnswersStore;
  /** Where an interrupted command stopped; absent: from the start. */
  cursor?: StreamCursor;
  /** The input had a BOM: the output gets one. */
  bom: boolean;
  saveState: (state: RuntimeState, cursor: StreamCursor | undefined) => void;
  /** After every slice written: rows written so far, credits so far. */
  onSlice?: (written: number, summary: CsvEnrichmentSummary) => void;
}

export type StreamSummary = CsvEnrichmentSummary;

/** Sums of two slices' summaries; the later one's state, message and counters win. */
function add(total: CsvEnrichmentSummary | undefined, next: CsvEnrichmentSummary): CsvEnrichmentSummary {
  if (!total) return { ...next, table: [] };
  const statuses = { ...total.statuses };
  for (const [status, count] of Object.entries(next.statuses))
    statuses[status] = (statuses[status] ?? 0) + count;
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
    carried: total.carried + next.carried,
    unmatched: total.unmatched + next.unmatched,
    table: [],
  };
}

/** Enriches the source into options.out, slice by slice; see the module comment. */
export async function runCsvStream(source: CsvSource, options: StreamOptions): Promise<StreamSummary> {
  const startedAt = Date.now();
  let cursor = options.cursor;
  const { saveState, ...runOptions } = options;
  const session = openCsvSession({ ...runOptions, saveState: (state) => saveState(state, cursor) });
  const fd = openSync(options.out, cursor ? 'r+' : 'w');
  let bytes = cursor?.outputBytes ?? 0;
  // What a killed run wrote past its last saved slice is written again.
  if (cursor) ftruncateSync(fd, bytes);
  let total: CsvEnrichmentSummary | undefined;
  let index = 0;
  let stoppedEarly = false;
  try {
    for await (const slice of source.slices) {
      if (index++ < (cursor?.slice ?? 0)) continue;
      if (total && options.shouldStop?.()) {
        stoppedEarly = true;
        break;
      }
      const rows = [source.header, ...slice];
      const restored = restoreAnswers(session.addon, rows, options.kind, options.answers);
      const first = total === undefined;
      const summary = await enrichRows(
        session,
        rows,
        { ...runOptions, ...(first ? {} : { importJobs: [] }) },
        startedAt,
      );
      total = add(total, summary);
      // Jobs still running: the slice stays in the state, the cursor before it.
      if (summary.unfinished > 0) break;
      keepAnswers(session.addon, options.answers, restored);
      const table = safeToOpen(summary.table);
      const text = formatCsv(bytes === 0 ? table : table.slice(1), source.delimiter);
      const chunk = Buffer.from(bytes === 0 && options.bom ? UTF8_BOM + text : text, 'utf8');
      writeSync(fd, chunk, 0, chunk.length, bytes);
      bytes += chunk.length;
      cursor = { slice: index, outputBytes: bytes };
      session.save();
      options.onSlice?.(total.rows, total);
    }
    // Every slice written: the next command starts from the top (saved answers make it free).
    if (!stoppedEarly && total?.unfinished === 0) cursor = undefined;
    if (!total) throw new Error('no slice was read');
    const runtimeState = session.addon.exportState();
    return { ...total, wallMs: Date.now() - startedAt, runtimeState, stoppedEarly };
  } finally {
    closeSync(fd);
    session.save();
    session.addon.close();
  }
}
