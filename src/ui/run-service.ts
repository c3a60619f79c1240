/** The run use cases the sidebar calls: preview a run on the selection, start it, poll, progress. */
import type { AppContext } from '../jobs/context';
import { buildPlan } from '../jobs/plan';
import { pollOnce, type PollOptions } from '../jobs/poll';
import { storeFormulaPlan, storePlan } from '../jobs/start';
import { PRICES, REVERSE_PROFILE_PRICE } from '../domain/fields';
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
import { readFieldChoice, rememberFieldChoice } from '../jobs/field-choice';
import { sheetPlanView } from './plan-view';

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
    rows: plan.requests,
    cell: null,
    headerRow: 0,
    headerDetected: true,
    columns: [],
    mapping: {},
    mappingComplete: true,
    fields: plan.fields,
    contactsToSend: plan.toSend.length,
    rowsFromDuplicates: 0,
    rowsFromLedger: plan.answered.length,
    skipped: [],
    maxCredits: plan.maxCredits,
    reasked: { contacts: 0, maxCredits: 0 },
    rowsDone: 0,
    lookUpAgain: { contacts: 0, maxCredits: 0 },
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
