/**
 * Making formulas show answers that arrived after they were calculated.
 *
 * Sheets re-evaluates a custom function only when its formula text or the values of its arguments
 * change; our answers arrive later, in the ledger, which no formula references. We rewrite the
 * formula text around a flush: clear the cells of our formulas, flush (Sheets sees them change),
 * write the same formulas back. We chose this over an add-on-owned refresh argument (a cell or an
 * extra argument the add-on bumps) because the user's formulas stay exactly as they typed them.
 *
 * Failure window: an execution killed between the clear and the rewrite would leave the cells
 * empty. The formulas are therefore journaled in the cache before the clear, and the next poll
 * puts back any journaled formula whose cell is still empty (never over what the user typed since).
 *
 * The journal is one cache value (100 KB), so formulas go round in journal-sized batches: a column
 * of 3,400 formulas is two batches, not a block skipped forever.
 *
 * Cost: one formulas read per visible sheet, then per batch two writes per vertical run of our
 * formulas in it (a filled-down column is one run, or one piece of it) and one flush.
 */
import { plural } from '../../domain/words';
import { LIMITS } from '../../domain/limits';
import type { SheetPort } from '../../platform/ports';
import { utf8Bytes } from '../../store/registry';
import type { AppContext } from '../../engine/context';
import { leaveRefreshProbe, refreshVerdict } from './formula-refresh-check';
import { hasTime } from '../../engine/timing';

/** The custom functions' names (src/app/formulas.ts exports them; a test keeps the two equal). */
export const CUSTOM_FUNCTION_NAMES = [
  'ENRICH_EMAIL',
  'ENRICH_PERSONAL_EMAIL',
  'ENRICH_PHONE',
  'ENRICH_PROFILE',
  'REVERSE_EMAIL',
] as const;

const OUR_FORMULA = new RegExp(`^=.*\\b(${CUSTOM_FUNCTION_NAMES.join('|')})\\s*\\(`, 'i');
export const isOurFormula = (formula: string): boolean => OUR_FORMULA.test(formula);

const JOURNAL_KEY = 'formulaRefresh';
/** Where a refresh cut short by the time budget goes on (the first run it did not reach). */
const REST_KEY = 'formulaRefreshRest';
/**
 * As long as the cache keeps anything (6 h): the next poll that puts the formulas back may be the
 * killed execution's trigger, an hour later for an editor add-on.
 */
const JOURNAL_TTL_SECONDS = LIMITS.cacheMaxTtlSeconds;
/** What one journal (one cache value, at most 100 KB) holds, in UTF-8 bytes, with room to spare. */
const JOURNAL_MAX_BYTES = 90_000;

/** A vertical run of our formulas in one column. */
interface FormulaRun {
  sheetId: number;
  row: number;
  column: number;
  formulas: string[];
}

/** Our formulas in a block read from (1, 1), as vertical runs. */
export function formulaRunsIn(sheetId: number, formulas: readonly (readonly string[])[]): FormulaRun[] {
  const runs: FormulaRun[] = [];
  for (let column = 1; column <= (formulas[0]?.length ?? 0); column++) {
    let current: FormulaRun | undefined;
    formulas.forEach((line, index) => {
      const formula = line[column - 1] ?? '';
      if (!isOurFormula(formula)) current = undefined;
      else if (current) current.formulas.push(formula);
      else runs.push((current = { sheetId, row: index + 1, column, formulas: [formula] }));
    });
  }
  return runs;
}

const journalBytes = (value: unknown): number => utf8Bytes(JSON.stringify(value));

/**
 * Our runs in journals that each fit one cache value: a run too long for one (a filled-down column
 * of thousands) is cut into consecutive pieces, and short runs share a journal. A lone formula too
 * long for any journal is left alone (never cleared without a copy), with a log line.
 */
export function journalBatches(runs: readonly FormulaRun[], log?: (line: string) => void): FormulaRun[][] {
  const batches: FormulaRun[][] = [];
  let batch: FormulaRun[] = [];
  let bytes = 2; // the journal's brackets
  const close = () => {
    if (batch.length) batches.push(batch);
    [batch, bytes] = [[], 2];
  };
  for (const run of runs) {
    let piece: FormulaRun | undefined;
    run.formulas.forEach((formula, index) => {
      const size = journalBytes(formula) + 1;
      if (piece && bytes + size <= JOURNAL_MAX_BYTES) {
        piece.formulas.push(formula);
        bytes += size;
        return;
      }
      const fresh: FormulaRun = { ...run, row: run.row + index, formulas: [formula] };
      const freshBytes = journalBytes(fresh) + 1;
      if (bytes + freshBytes > JOURNAL_MAX_BYTES) close();
      if (freshBytes + 2 > JOURNAL_MAX_BYTES) {
        log?.(`Left formula ${run.column}:${run.row + index} unrefreshed: too long to journal.`);
        piece = undefined;
        return;
      }
      batch.push((piece = fresh));
      bytes += freshBytes;
    });
  }
  close();
  return batches;
}

/** Where a cut-short refresh goes on: the first run it did not reach. */
type RefreshRest = Pick<FormulaRun, 'sheetId' | 'column' | 'row'>;

/** Our formulas on the visible sheets, one formulas read per sheet, in sheet, column, row order. */
function ourFormulaRuns(ctx: AppContext): { sheets: Map<number, SheetPort>; runs: FormulaRun[] } {
  const sheets = new Map<number, SheetPort>();
  const runs: FormulaRun[] = [];
  for (const sheet of ctx.spreadsheet.visibleSheets()) {
    const lastRow = sheet.lastRow();
    const lastColumn = sheet.lastColumn();
    if (!lastRow || !lastColumn) continue;
    sheets.set(sheet.id(), sheet);
    runs.push(...formulaRunsIn(sheet.id(), sheet.readFormulas(1, 1, lastRow, lastColumn)));
  }
  return { sheets, runs };
}

/** The runs from `rest` on; all of them when its place is gone (a refresh more is harmless). */
function runsFrom(runs: FormulaRun[], rest: RefreshRest): FormulaRun[] {
  const at = runs.findIndex(
    (run) =>
      run.sheetId === rest.sheetId &&
      (run.column > rest.column || (run.column === rest.column && run.row + run.formulas.length > rest.row)),
  );
  if (at < 0) return runs;
  // The run it stopped in goes on from the row it stopped at: the rows above were refreshed.
  const first = runs[at]!;
  const skip = first.column === rest.column ? Math.max(0, rest.row - first.row) : 0;
  return [{ ...first, row: first.row + skip, formulas: first.formulas.slice(skip) }, ...runs.slice(at + 1)];
}

/**
 * Clears and rewrites every formula of ours, one journal's worth around each flush, so a column of
 * any length shows its answers. What the time budget leaves undone is noted in the cache and taken
 * up by the next poll (restoreInterruptedRefresh). Returns how many formulas it refreshed.
 */
export function refreshFormulas(ctx: AppContext, from?: RefreshRest): number {
  // Rewritten whatever the verdict (formula-refresh-check.ts): "fails" only adds the Jobs panel's line.
  const verdict = refreshVerdict(ctx);
  const { sheets, runs } = ourFormulaRuns(ctx);
  const batches = journalBatches(from ? runsFrom(runs, from) : runs, (line) => ctx.log.warn(line));
  let refreshed = 0;
  for (const [index, batch] of batches.entries()) {
    if (index > 0 && !hasTime(ctx)) {
      const { sheetId, column, row } = batch[0]!;
      ctx.cache.put(REST_KEY, JSON.stringify({ sheetId, column, row }), JOURNAL_TTL_SECONDS);
      return refreshed;
    }
    refreshed += refreshBatch(ctx, sheets, batch);
    if (verdict !== 'holds') leaveRefreshProbe(ctx);
  }
  ctx.cache.remove(REST_KEY);
  return refreshed;
}

/** One journal's worth: journaled, cleared, flushed (Sheets sees the change), written back. */
function refreshBatch(ctx: AppContext, sheets: Map<number, SheetPort>, runs: readonly FormulaRun[]): number {
  ctx.cache.put(JOURNAL_KEY, JSON.stringify(runs), JOURNAL_TTL_SECONDS);
  const writeAll = (text: (formula: string) => string) => {
    for (const { sheetId, row, column, formulas } of runs)
      sheets.get(sheetId)!.writeCells(
        row,
        column,
        formulas.map((formula) => [text(formula)]),
        [],
      );
  };
  writeAll(() => '');
  ctx.spreadsheet.flush();
  writeAll((formula) => formula);
  ctx.cache.remove(JOURNAL_KEY);
  return runs.reduce((sum, run) => sum + run.formulas.length, 0);
}

/** Cached JSON, or undefined when absent or unreadable. */
function cachedJson<T>(ctx: AppContext, key: string): T | undefined {
  const text = ctx.cache.get(key);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * Puts back formulas a killed refresh cleared, where the cell is still empty; then refreshes what
 * a refresh cut short by its time budget had not reached.
 */
export function restoreInterruptedRefresh(ctx: AppContext): void {
  restoreJournal(ctx);
  const rest = cachedJson<RefreshRest>(ctx, REST_KEY);
  if (rest) refreshFormulas(ctx, rest);
}

function restoreJournal(ctx: AppContext): void {
  const runs = cachedJson<FormulaRun[]>(ctx, JOURNAL_KEY);
  if (!runs) return;
  for (const { sheetId, row, column, formulas } of runs) {
    const sheet = ctx.spreadsheet.sheetById(sheetId);
    if (!sheet) continue;
    const now = sheet.readCells(row, column, formulas.length, 1);
    const restored = formulas.map((formula, index) => {
      // What the cell holds now: a formula the user typed since, else its value.
      const current = now.formulas[index]![0] || now.values[index]![0];
      return [String(current ?? '') === '' ? formula : current];
    });
    sheet.writeCells(row, column, restored, []);
  }
  ctx.cache.remove(JOURNAL_KEY);
  ctx.log.warn(`Put back ${plural(runs.length, 'formula range')} that an interrupted refresh had cleared.`);
}
