/** The run use cases the sidebar calls: preview a run on the selection, start it, poll, progress. */
import * as z from 'zod/mini';
import { ENRICH_FIELDS } from '../../domain/fields';
import { INPUT_KEYS } from '../../domain/inputs';
import { JOB_KINDS } from '../../domain/runs';
import type { AppContext } from '../../engine/context';
import { wholeNumber } from '../../rpc/table';
import { buildPlan, refreshCutoff } from '../../engine/plan';
import { pollOnce } from '../../engine/poll';
import { explainHolds, storePlan } from '../../engine/start';
import { progressView, type ProgressView } from './progress';
import type { PlanView } from '../../rpc/shapes';
import { readFieldChoice, rememberFieldChoice } from './field-choice';
import { sheetPlanView } from '../../rpc/plan-view';
import { loadRegistrySummary } from '../../store/registry';
import { outputCell, readSheetTable } from '../../sheet/table';
import { STATUS } from '../../domain/statuses';
import { UserError } from '../../domain/user-error';
import type { RowSpan } from '../../platform/ports';

export const planRequest = () =>
  z.object({
    kind: z.enum(JOB_KINDS),
    /** Absent: the fields this user chose last (PlanView.fields says which). Given: remembered for next time. */
    fields: z.optional(z.array(z.enum(ENRICH_FIELDS))),
    /** The user's corrections (input → 1-based column); absent means the detected (or remembered) mapping. */
    mapping: z.optional(z.partialRecord(z.enum(INPUT_KEYS), wholeNumber(1, 18278))),
    /**
     * "Look up again": ask the API anew for every field of every selected row (saved answers are not
     * reused, see PlanView.reasked), and rewrite rows that have an answer and cells the user edited.
     * Default false.
     */
    overwrite: z.optional(z.boolean()),
    /** A refresh: only the rows whose answer is older than this many days are looked up again. */
    refreshDays: z.optional(wholeNumber(1, 3650)),
    /**
     * For a sheet where no row reads as headers: whether row 1 holds them all the same. Absent: what
     * the user said last for this sheet, else a guess from row 1 (PlanView.headerRow says which won).
     */
    firstRowHeaders: z.optional(z.boolean()),
    /**
     * With one cell selected (PlanView.cell): plan that cell's row alone instead of the whole table.
     * Ignored once the selection is something else.
     */
    onlyCellRow: z.optional(wholeNumber(1, 10_000_000)),
  });

/** What the Enrich and Reverse panels ask a preview for. */
export type PlanRequest = z.output<ReturnType<typeof planRequest>>;

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
    overwrite: request.overwrite || !!request.refreshDays,
    refreshBefore: request.refreshDays && refreshCutoff(ctx.clock.now(), request.refreshDays),
    spans,
    firstRowHeaders: request.firstRowHeaders,
    guessHeaders: true,
  });
  explainHolds(ctx, plan);
  const cell = cellRow === null ? null : { row: cellRow, wholeTable: !onlyRow };
  return sheetPlanView(ctx, plan, storePlan(ctx, plan, spans), cell);
}

/**
 * "Run the rest…" of a run out of credits: a plan, by the same planner and rule as any run, of the
 * rows of its tab whose Status says "out of credits" (a row with its answer is never sent again).
 */
export function planRest(ctx: AppContext, runId: string): PlanView {
  const run = loadRegistrySummary(ctx.documentStore).runs.get(runId);
  const sheet = run && ctx.spreadsheet.sheetById(run.sheetId);
  if (!sheet) throw new UserError('This run or its tab is gone.');
  const table = readSheetTable(sheet);
  const spans: RowSpan[] = [];
  table.values.forEach((_, index) => {
    if (outputCell(table, run!.kind, 'status', index + 1) !== STATUS.outOfCredits) return;
    const last = spans.at(-1);
    if (last?.end === index) last.end++;
    else spans.push({ start: index + 1, end: index + 1 });
  });
  if (!spans.length) throw new UserError('No row of this tab waits for credits now.');
  const { kind, fields, mapping } = run!;
  const plan = buildPlan(ctx, sheet, { kind, fields, mapping, overwrite: false, spans });
  return sheetPlanView(ctx, plan, storePlan(ctx, plan, spans), null);
}

/** Polls what is pending (unless another poller is at it) and returns the progress of every run. */
export function pollJobs(ctx: AppContext): ProgressView {
  pollOnce(ctx);
  return progressView(ctx);
}

/**
 * Polls, and stops waiting for this key's jobs started by `startedBefore` (ms) that are not ready:
 * what they found so far is fetched (forceResults, spec §4.2) and kept. They stay open: the job goes
 * on at the API, and a later poll collects the rest (the CLI's --force-results).
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
