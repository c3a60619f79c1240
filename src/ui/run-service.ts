/** The run use cases the sidebar calls: preview a run on the selection, start it, poll, progress. */
import type { AppContext } from '../jobs/context';
import { buildPlan } from '../jobs/plan';
import { pollOnce, type PollOptions } from '../jobs/poll';
import { storeFormulaPlan, storePlan } from '../jobs/start';
import { ownedColumns } from '../sheet/output-layout';
import { PRICES, REVERSE_PROFILE_PRICE } from '../api/model';
import { progressView } from './progress';
import { buildFormulaPlan, FORMULA_RUN_NAME } from '../jobs/formula-run';
import { readFormulaAuto, setFormulaAuto } from '../jobs/formula-auto-setting';
import { syncPollTrigger } from '../jobs/poll-trigger';
import { loadRegistry, loadRegistrySummary } from '../jobs/registry';
import type {
  FormulaAutoRequest,
  FormulaPlanRequest,
  FormulaQueueView,
  PlanRequest,
  PlanView,
  ProgressView,
} from './rpc';
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
  const outputs = ownedColumns(plan.table.outputs);
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

/** The formula queue as the Jobs panel shows it: "N formula requests · at most X credits". */
export function formulaQueueView(ctx: AppContext): FormulaQueueView {
  const registry = loadRegistry(ctx.documentStore, ctx.spreadsheet);
  const queues = (['enrich', 'reverse'] as const).map((kind) => {
    const plan = buildFormulaPlan(ctx, kind, [], registry);
    return {
      kind,
      requests: plan.requests,
      contactsToSend: plan.toSend.length,
      fields: plan.fields,
      maxCredits: plan.maxCredits,
    };
  });
  const auto = readFormulaAuto(ctx);
  return {
    queues: queues.filter((queue) => queue.requests > 0),
    auto: auto && {
      ownerEmail: auto.email,
      dailyCap: auto.dailyCap,
      committedToday: auto.committed,
      yours: auto.email === ctx.userEmail(),
    },
  };
}

/** The same preview as planRun, for the formula requests: confirmed, startRun(planId) sends them. */
export function planFormulaRun(ctx: AppContext, request: FormulaPlanRequest): PlanView {
  const kind = request.kind ?? 'enrich';
  const plan = buildFormulaPlan(
    ctx,
    kind,
    request.fields ?? [],
    loadRegistry(ctx.documentStore, ctx.spreadsheet),
  );
  return {
    planId: storeFormulaPlan(ctx, plan),
    kind,
    sheetName: FORMULA_RUN_NAME,
    selectionLabel: `${plan.requests} formula ${plan.requests === 1 ? 'request' : 'requests'}`,
    headerRow: 0,
    columns: [],
    mapping: {},
    fields: plan.fields,
    contactsToSend: plan.toSend.length,
    rowsFromDuplicates: 0,
    rowsFromLedger: plan.answered.length,
    skipped: [],
    maxCredits: plan.maxCredits,
    reasked: { contacts: 0, maxCredits: 0 },
    prices: { ...PRICES },
    reversePrice: REVERSE_PROFILE_PRICE,
    balance: plan.toSend.length ? readCreditBalance(ctx).balance : null,
    jobs: plan.jobs,
  };
}

/** Turns automatic formula runs on or off; the trigger of the user who turned them on sends them. */
export function changeFormulaAuto(ctx: AppContext, request: FormulaAutoRequest): FormulaQueueView {
  setFormulaAuto(ctx, request.enabled, request.dailyCap);
  syncPollTrigger(ctx, loadRegistrySummary(ctx.documentStore));
  return formulaQueueView(ctx);
}
