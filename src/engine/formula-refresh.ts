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
 * Cost: one formulas read per visible sheet, then two writes per vertical run of our formulas (a
 * filled-down column is one run) and one flush.
 */
import { LIMITS } from '../domain/limits';
import type { SheetPort } from '../platform/ports';
import type { AppContext } from './context';

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
/**
 * As long as the cache keeps anything (6 h): the next poll that puts the formulas back may be the
 * killed execution's trigger, an hour later for an editor add-on.
 */
const JOURNAL_TTL_SECONDS = LIMITS.cacheMaxTtlSeconds;
/** What one cache value holds, with room to spare (100 KB values). */
const JOURNAL_MAX_CHARS = 90_000;

/** A vertical run of our formulas in one column. */
export interface FormulaRun {
  sheetId: number;
  row: number;
  column: number;
  formulas: string[];
}

/** Our formulas in a block read from (1, 1), as vertical runs. */
export function formulaRunsIn(sheetId: number, formulas: readonly (readonly string[])[]): FormulaRun[] {
  const runs: FormulaRun[] = [];
  const width = formulas[0]?.length ?? 0;
  for (let column = 1; column <= width; column++) {
    let current: FormulaRun | undefined;
    formulas.forEach((line, index) => {
      const formula = line[column - 1] ?? '';
      if (!isOurFormula(formula)) {
        current = undefined;
        return;
      }
      if (current) current.formulas.push(formula);
      else runs.push((current = { sheetId, row: index + 1, column, formulas: [formula] }));
    });
  }
  return runs;
}

/** Clears and rewrites every formula of ours, around one flush. Returns how many it refreshed. */
export function refreshFormulas(ctx: AppContext): number {
  const sheets = new Map<number, SheetPort>();
  const runs: FormulaRun[] = [];
  let chars = 0;
  for (const sheet of ctx.spreadsheet.visibleSheets()) {
    const lastRow = sheet.lastRow();
    const lastColumn = sheet.lastColumn();
    if (!lastRow || !lastColumn) continue;
    sheets.set(sheet.id(), sheet);
    for (const run of formulaRunsIn(sheet.id(), sheet.readFormulas(1, 1, lastRow, lastColumn))) {
      chars += JSON.stringify(run).length;
      // What does not fit the journal waits for the next refresh: never cleared without a copy.
      if (chars <= JOURNAL_MAX_CHARS) runs.push(run);
    }
  }
  if (runs.length === 0) return 0;
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

/** Puts back formulas a killed refresh cleared, where the cell is still empty. */
export function restoreInterruptedRefresh(ctx: AppContext): void {
  const text = ctx.cache.get(JOURNAL_KEY);
  if (!text) return;
  let runs: FormulaRun[];
  try {
    runs = JSON.parse(text) as FormulaRun[];
  } catch {
    return;
  }
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
  ctx.log.warn(`Put back ${runs.length} formula ranges that an interrupted refresh had cleared.`);
}
