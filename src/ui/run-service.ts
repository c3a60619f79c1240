/** The run use cases the sidebar calls: preview a run on the selection, start it, poll, progress. */
import type { AppContext } from '../jobs/context';
import { buildPlan } from '../jobs/plan';
import { pollOnce, type PollOptions } from '../jobs/poll';
import { storePlan } from '../jobs/start';
import { outputColumnSet } from '../sheet/output-columns';
import { PRICES, REVERSE_PROFILE_PRICE } from '../api/model';
import { progressView } from './progress';
import type { PlanRequest, PlanView, ProgressView } from './rpc';
import { readCreditBalance } from './settings';

/** Plans a run on the active sheet's selection (all data rows when a lone cell is selected). */
export function planRun(ctx: AppContext, request: PlanRequest): PlanView {
  const sheet = ctx.spreadsheet.activeSheet();
  const spans = ctx.spreadsheet.selectedRows();
  const plan = buildPlan(ctx, sheet, {
    kind: request.kind,
    fields: request.fields,
    mapping: request.mapping,
    overwrite: request.overwrite ?? false,
    spans,
  });
  const rows = [
    ...plan.toSend.flatMap((contact) => contact.rows),
    ...plan.fromLedger.map((hit) => hit.row),
    ...plan.skipped.map((skip) => skip.row),
  ];
  // A loop, not Math.min(...rows): spreading 100,000+ arguments overflows the call stack.
  const firstRow = rows.reduce((low, row) => Math.min(low, row), Infinity);
  const lastRow = rows.reduce((high, row) => Math.max(high, row), -Infinity);
  const outputs = outputColumnSet(plan.table.blocks);
  return {
    planId: storePlan(ctx, plan, spans),
    kind: request.kind,
    sheetName: sheet.name(),
    selectionLabel: Number.isFinite(firstRow) ? `rows ${firstRow}–${lastRow}` : 'no rows',
    headerRow: plan.table.headerRow,
    columns: plan.table.headers
      .map((header, index) => ({ index: index + 1, header }))
      .filter((column) => column.header.trim() !== '' && !outputs.has(column.index)),
    mapping: plan.mapping,
    fields: plan.fields,
    contactsToSend: plan.toSend.length,
    rowsFromDuplicates: plan.duplicateRows,
    rowsFromLedger: plan.fromLedger.length,
    skipped: plan.skipped.map(({ row, reason }) => ({ row, reason })),
    maxCredits: plan.maxCredits,
    reasked: plan.reasked,
    prices: { ...PRICES },
    reversePrice: REVERSE_PROFILE_PRICE,
    balance: plan.toSend.length ? readCreditBalance(ctx).balance : null,
    jobs: plan.jobs,
  };
}

/** Polls what is pending (unless another poller is at it) and returns the progress of every run. */
export function pollJobs(ctx: AppContext, options: PollOptions = {}): ProgressView {
  pollOnce(ctx, options);
  return progressView(ctx);
}
