/**
 * Undo a run: every cell it wrote gets back what it held before (its value; a formula as its
 * formula), read from the record its writes left (store/undo-record.ts). Its answers stay in the
 * ledger, so running it again costs nothing (and no run is undone while the ledger is damaged). A
 * cell that no longer shows what the run wrote was edited since (by the user, a later run, a sort):
 * it is left as it is, and so is the rest of its row; the rows left are counted.
 *
 * No progress is kept: putting a cell back is idempotent (a cell that shows what it held is
 * counted as put back and not written), so a call cut short, or killed, is simply made again
 * (the page does) and goes over the rows done before with reads only, never writing over a cell
 * edited meanwhile. The run record says it was undone once every cell was gone over.
 */
import { UserError } from '../../domain/user-error';
import {
  ledgerOf,
  registryOf,
  saveRecordsOf,
  type AppContext,
  type RunSourceHooks,
} from '../../engine/context';
import { actorOf, assertOwnRun, ownsRun } from '../../engine/team';
import { syncPollTrigger } from '../../engine/poll-trigger';
import { hasTime, withDocumentLock } from '../../engine/timing';
import { runsWithDamagedJobs, type JobBase, type Registry, type RunRecord } from '../../store/registry';
import type { CellRef, SheetPort } from '../../platform/ports';
import { consecutiveRuns } from '../../sheet/text';
import { keptAsItWas } from '../../sheet/writer';
import { spilledCells, writeAround } from '../../sheet/spills';
import { noteRunLog } from '../../store/run-log';
import { ledgerDamageWhat, type LedgerDamage } from '../../store/ledger';
import { readUndoRecord, type RecordedCell } from '../../store/undo-record';

/** How long one call puts cells back: a sidebar call has 30 s. */
const STEP_MS = 20_000;
/** Rows per chunk: a read and a write of their columns each. */
const CHUNK_ROWS = 2_000;

export interface UndoView {
  /** Cells the run wrote (the page's confirmation says how many). */
  cells: number;
  /** Once every cell was gone over: what the undo did, in words (the card and the log say it too). */
  undone?: string;
}

/**
 * `go` false: how many cells the run wrote, for the confirmation. True: puts them back for up to
 * STEP_MS; the page calls again until the answer says `undone`.
 */
export function undoRun(ctx: AppContext, runId: string, go: boolean): UndoView {
  return withDocumentLock(ctx, () => {
    const registry = registryOf(ctx);
    const run = registry.runs.get(runId);
    if (run) assertOwnRun(ctx, run);
    return undoStep(ctx, registry, runId, go, ctx.clock.now() + STEP_MS);
  });
}

/** Why no run is undone on a damaged ledger, in words: "the saved results are damaged (…): …". */
const damageWords = (damage: LedgerDamage | undefined): string | undefined =>
  damage && `${ledgerDamageWhat(damage)}: its answers may be saved on its rows alone`;

/** Puts cells back until `until`; says `undone` once every cell was gone over. Under the lock. */
function undoStep(ctx: AppContext, registry: Registry, runId: string, go: boolean, until: number): UndoView {
  const run = registry.runs.get(runId);
  const sheet = run && ctx.spreadsheet.sheetById(run.sheetId);
  const cells = !run
    ? 'it is no longer listed'
    : // A job not applied may still write its rows, or holds them as "may have been bought"
      // (their Status says so, and must go on saying it: docs/money-rule.md).
      run.state === 'running' || registry.jobs.some((job) => job.run === runId && job.state !== 'applied')
      ? 'its results are not all written yet'
      : // Nor one that cannot be read: its rows' words may be all that holds what it bought.
        runsWithDamagedJobs(registry).has(runId)
        ? 'a job of it cannot be read and may have been paid; import it by its id first (Jobs panel)'
        : !sheet
          ? 'its sheet was deleted'
          : // Nor while the saved results are damaged: its rows may hold the only copy of what it
            // bought (fuzz seed 64062: undone, the answers were bought again).
            (damageWords(ledgerOf(ctx).damaged()) ?? readUndoRecord(ctx.spreadsheet, runId));
  if (typeof cells === 'string') throw new UserError(`This run cannot be undone: ${cells}.`);
  const counts = { restored: 0, edited: 0 };
  go &&= !run!.undone; // undone once: said once
  if (go && !run!.undoing) {
    // Saved before any cell goes back: should this call be cut short or the page close, the
    // background check goes on with it (UNDO_HOOKS), as it goes on with a run.
    run!.undoing = true;
    saveRecordsOf(ctx, [run!], []);
    syncPollTrigger(ctx, registry);
  }
  for (let next = 0, end = 0; go && next < cells.length; next = end) {
    if (ctx.clock.now() > until) return { cells: cells.length };
    while (end < cells.length && cells[end]!.row < cells[next]!.row + CHUNK_ROWS) end++;
    restore(sheet!, cells.slice(next, end), counts);
  }
  if (go) {
    run!.undone = `Undone: ${counts.restored} cells put back, ${leftRows(counts.edited)}.`;
    delete run!.undoing;
    noteRunLog(ctx, runId, run!.undone);
    saveRecordsOf(ctx, [run!], []);
  }
  return { cells: cells.length, undone: run!.undone };
}

/** This user's undos a closed page left part-way. */
const undosOf = (ctx: AppContext, registry: Registry<JobBase>): RunRecord[] => {
  const actor = actorOf(ctx);
  return [...registry.runs.values()].filter((run) => run.undoing && !run.undone && ownsRun(actor, run));
};

/**
 * The background check's part (plugged in by src/app with the run sources): an undo the page left
 * part-way goes on, within the execution's time; one that can no longer be done stops (Undo… says
 * why when asked again).
 */
export const UNDO_HOOKS: RunSourceHooks = {
  keepsTrigger: (ctx, registry) => undosOf(ctx, registry).length > 0,
  afterPoll(ctx, registry) {
    for (const run of undosOf(ctx, registry)) {
      if (!hasTime(ctx)) return;
      try {
        undoStep(ctx, registry, run.id, true, ctx.clock.now() + ctx.budget.remainingMs() / 2);
      } catch (error) {
        // It can no longer be done (its sheet deleted, its record damaged): Undo… says why.
        if (!(error instanceof UserError)) throw error;
        ctx.log.warn(error.message);
        delete run.undoing;
        saveRecordsOf(ctx, [run], []);
      }
    }
  },
};

/**
 * Puts a chunk's cells back: per run of adjacent columns, one read of its rows and one write. A row
 * is put back whole or not at all: after a sort, a cell may show what the run wrote on another row
 * ("found", the same minute), and putting it back alone blanked a Status beside an answer kept.
 */
function restore(
  sheet: SheetPort,
  chunk: readonly RecordedCell[],
  counts: { restored: number; edited: number },
): void {
  const first = chunk[0]!.row;
  const rows = chunk[chunk.length - 1]!.row - first + 1;
  const columns = [...new Set(chunk.map((cell) => cell.column))].sort((a, b) => a - b);
  const segments = consecutiveRuns(columns, (column) => column).map((segment) => ({
    segment,
    existing: sheet.readCells(first, segment[0]!, rows, segment.length),
  }));
  const read = (cell: RecordedCell) => {
    const { segment, existing } = segments.find((each) => each.segment.includes(cell.column))!;
    const [r, c] = [cell.row - first, cell.column - segment[0]!];
    return { formula: existing.formulas[r]![c], value: existing.values[r]![c] };
  };
  const shows = (cell: RecordedCell): 'after' | 'before' | 'edited' => {
    const { formula, value } = read(cell);
    if (!formula && value === cell.after) return 'after';
    return (formula ? formula === cell.before : sameValue(value, cell.before)) ? 'before' : 'edited';
  };
  const states = new Map(chunk.map((cell) => [cell, shows(cell)]));
  const edited = new Set(chunk.filter((cell) => states.get(cell) === 'edited').map((cell) => cell.row));
  counts.edited += edited.size;
  for (const { segment, existing } of segments) {
    const start = segment[0]!;
    // Every other cell of the block is written back as it is (as writer.ts does).
    const block = existing.values.map((cells, r) => cells.map((_, c) => keptAsItWas(existing, r, c)));
    const text: CellRef[] = [];
    const formulas: CellRef[] = [];
    const restored: CellRef[] = [];
    for (const cell of chunk) {
      if (!segment.includes(cell.column)) continue;
      if (edited.has(cell.row)) continue;
      counts.restored++; // or put back already, by a call cut short
      if (states.get(cell) !== 'after') continue;
      block[cell.row - first]![cell.column - start] = cell.before;
      restored.push([cell.row, cell.column]);
      // Text goes back as the same text ("=x", "+33…" included): the plain-text format the run left.
      if (cell.formula) formulas.push([cell.row, cell.column]);
      else if (typeof cell.before === 'string') text.push([cell.row, cell.column]);
    }
    // Around another formula's spilled cells (sheet/spills.ts): a value written there blocks it.
    const spilled = spilledCells(existing.formulas, first, start, sheet.lastRow());
    writeAround(sheet, first, start, block, restored, text, spilled, formulas);
  }
}

const leftRows = (rows: number): string =>
  rows === 1 ? '1 row edited since left as it was' : `${rows} rows edited since left as they were`;

const sameValue = (value: unknown, before: unknown): boolean =>
  value instanceof Date && before instanceof Date ? value.getTime() === before.getTime() : value === before;
