/** The run use cases the sidebar calls: preview a run on the selection, start it, poll, progress. */
import type { AppContext } from '../../engine/context';
import { buildPlan } from '../../engine/plan';
import { pollOnce } from '../../engine/poll';
import { storePlan } from '../../engine/start';
import { progressView } from '../../views/progress';
import type { PlanView, ProgressView } from '../../views/rpc';
import type { PlanRequest } from './runs-rpc';
import { readFieldChoice, rememberFieldChoice } from '../../store/field-choice';
import { sheetPlanView } from '../../views/plan-view';

/**
 * Plans a run on the active sheet's selection: all data rows when a lone cell is selected, unless
 * the page asks for that cell's row alone. The fields given are remembered for the user.
 */
export function planRun(ctx: AppContext, request: PlanRequest): PlanView {
  const sheet = ctx.spreadsheet.activeSheet();
  const selected = ctx.spreadsheet.selectedRows();
  const cellRow = selected.length ? null : ctx.spreadsheet.selectedCellRow();
  const onlyRow = cellRow !== null && request.onlyCellRow === cellRow;
  const spans = onlyRow ? [{ start: cellRow, end: cellRow }] : selected;
  const enrich = request.kind === 'enrich';
  if (enrich && request.fields) rememberFieldChoice(ctx, request.fields);
  const plan = buildPlan(ctx, sheet, {
    kind: request.kind,
    fields: enrich ? (request.fields ?? readFieldChoice(ctx)) : [],
    mapping: request.mapping,
    overwrite: request.overwrite ?? false,
    spans,
    firstRowHeaders: request.firstRowHeaders,
    guessHeaders: true,
  });
  const cell = cellRow === null ? null : { row: cellRow, wholeTable: !onlyRow };
  return sheetPlanView(ctx, plan, storePlan(ctx, plan, spans), cell);
}

/** Polls what is pending (unless another poller is at it) and returns the progress of every run. */
export function pollJobs(ctx: AppContext): ProgressView {
  pollOnce(ctx);
  return progressView(ctx);
}

/**
 * Polls, and stops waiting for this key's jobs started by `startedBefore` (ms) that are not ready:
 * what they found so far is fetched (forceResults, spec §4.2) and kept, and they are closed (the
 * CLI's --force-results).
 */
export function collectJobsNow(ctx: AppContext, request: { startedBefore: number }): ProgressView {
  pollOnce(ctx, { force: true, stopWaiting: request });
  return progressView(ctx);
}

/**
 * What the plan panels compare to see the sheet's selection move (another tab, other rows) and plan
 * again without reopening: the active sheet and its selected rows, in a few bytes.
 */
export function selectionKey(ctx: AppContext): string {
  const { spreadsheet } = ctx;
  const spans = spreadsheet.selectedRows().map((span) => `${span.start}-${span.end}`);
  return `${spreadsheet.activeSheet().id()}:${spans.join(',')}:${spreadsheet.selectedCellRow() ?? ''}`;
}
