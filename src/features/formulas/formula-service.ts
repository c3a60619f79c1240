/**
 * The formula requests as the Jobs panel shows them, a paid run of them (the same preview and
 * confirmation as a sidebar run), and the automatic mode's switch.
 */
import * as z from 'zod/mini';
import { ENRICH_FIELDS, type EnrichField } from '../../domain/fields';
import { JOB_KINDS, type JobKind } from '../../domain/runs';
import { type AppContext, ledgerOf } from '../../engine/context';
import { wholeNumber } from '../../rpc/table';
import { isPayer } from '../teams/payer';
import { buildFormulaPlan, FORMULA_RUN_NAME } from './formula-run';
import { keepPlan } from '../../engine/start';
import { ledgerDamageWhat } from '../../store/ledger';
import { syncPollTrigger } from '../../engine/poll-trigger';
import { formulaAutoPause, readFormulaAuto, setFormulaAuto } from './formula-auto-setting';
import { askAgainForCleared, clearFormulaRequests, queueUse } from './formula-queue';
import { refreshFormulas } from './formula-refresh';
import { loadRegistry, loadRegistrySummary } from '../../store/registry';
import { costView } from '../../rpc/plan-view';
import type { PlanView } from '../../rpc/shapes';
import { readOnce } from '../../store/read-once';
import { plural } from '../../domain/words';

export const formulaPlanRequest = () =>
  z.optional(
    z.object({ kind: z.optional(z.enum(JOB_KINDS)), fields: z.optional(z.array(z.enum(ENRICH_FIELDS))) }),
  );
export const formulaAutoRequest = () =>
  z.object({
    enabled: z.boolean(),
    /** Credits a day the automatic runs may cost at most. */
    dailyCap: wholeNumber(0, 1_000_000),
  });

/** planFormulaRun's request: the queue's requests of one kind (enrich by default), of these fields (all when absent). */
export type FormulaPlanRequest = NonNullable<z.output<ReturnType<typeof formulaPlanRequest>>>;
/** "Get formula results automatically" switched, with its daily cap. */
export type FormulaAutoRequest = z.output<ReturnType<typeof formulaAutoRequest>>;

/** What the formulas asked for and saved results do not answer yet, per kind (kinds with requests only). */
export interface FormulaQueueView {
  queues: {
    kind: JobKind;
    requests: number;
    /** Distinct contacts a run would send (requests whose contact a running job is getting are left out). */
    contactsToSend: number;
    fields: EnrichField[];
    maxCredits: number;
  }[];
  /** "Get formula results automatically": null when off. */
  auto: { ownerEmail: string; dailyCap: number; committedToday: number; yours: boolean } | null;
  /** Why "Get formula results automatically" switched itself off (a run lost a job start). */
  autoPaused?: string;
  /**
   * On, with requests queued, on a damaged ledger: automatic results leave to "Get them…" each
   * request whose answer a run's row shows (formula-run.ts), as that answer may be the one lost.
   */
  autoLeavesShown?: true;
  /** The queue holds all it may (LIMITS.formulaQueueBytes): new formulas wait for room. */
  full?: { requests: number };
}

/** The formula queue as the Jobs panel shows it: "N formula requests · at most X credits". */
export function formulaQueueView(execution: AppContext): FormulaQueueView {
  // The registry, both queues and the queue's budget are all in the document's properties: one read.
  const ctx = { ...execution, documentStore: readOnce(execution.documentStore) };
  const registry = loadRegistry(ctx.documentStore, ctx.spreadsheet);
  // One ledger for both kinds: its sheet is read once.
  const ledger = ledgerOf(ctx);
  const queues = (['enrich', 'reverse'] as const).map((kind) => {
    const { requests, toSend, fields, maxCredits } = buildFormulaPlan(ctx, kind, [], registry, ledger);
    return { kind, requests, contactsToSend: toSend.length, fields, maxCredits };
  });
  const auto = readFormulaAuto(ctx);
  const use = queueUse(ctx.documentStore);
  const paused = formulaAutoPause(ctx);
  return {
    ...(use.full ? { full: { requests: use.requests } } : {}),
    queues: queues.filter((queue) => queue.requests > 0),
    auto: auto && {
      ownerEmail: auto.email,
      dailyCap: auto.dailyCap,
      committedToday: auto.committed,
      yours: isPayer(ctx, auto, auto.email),
    },
    ...(paused ? { autoPaused: paused } : {}),
    ...(auto && queues.some((queue) => queue.requests) && ledger.damaged() ? { autoLeavesShown: true } : {}),
  };
}

/** The same preview as planRun, for the formula requests: confirmed, startRun(planId) sends them. */
export function planFormulaRun(ctx: AppContext, request: FormulaPlanRequest = {}): PlanView {
  const kind = request.kind ?? 'enrich';
  const ledger = ledgerOf(ctx);
  const plan = buildFormulaPlan(
    ctx,
    kind,
    request.fields ?? [],
    loadRegistry(ctx.documentStore, ctx.spreadsheet),
    ledger,
  );
  // A deleted ledger cannot tell a request from an answer it lost: the preview says so before
  // anything is bought (issue 28: "Get them…" bought 26 of 30 again with no word of damage).
  const damage = plan.toSend.length ? ledger.damaged() : undefined;
  const none = { contacts: 0, maxCredits: 0 };
  return {
    // Kept for startRun, which starts the plan again from the queue (formula-hooks.ts startPreview).
    planId: keepPlan(ctx, {
      kind,
      fields: plan.fields,
      mapping: {},
      overwrite: false,
      sheetId: 0,
      spans: [],
      maxCredits: plan.maxCredits,
      source: 'formulas',
    }),
    kind,
    sheetName: FORMULA_RUN_NAME,
    selectionLabel: plural(plan.requests, 'formula request'),
    rows: plan.requests,
    cell: null,
    headerRow: 0,
    headerDetected: true,
    columns: [],
    mapping: {},
    mappingComplete: true,
    rowsFromDuplicates: 0,
    rowsFromLedger: plan.answered.length,
    skipped: [],
    reasked: none,
    rowsDone: 0,
    lookUpAgain: none,
    // After the plan is stored, as a sheet's preview does.
    ...costView(ctx, plan),
    ...(damage
      ? {
          ledgerDamage: `Note: ${ledgerDamageWhat(damage)}: some of these requests may be answers that were lost, and would be bought again.`,
        }
      : {}),
  };
}

/** Turns automatic formula runs on or off; the trigger of the user who turned them on sends them. */
export function changeFormulaAuto(ctx: AppContext, request: FormulaAutoRequest): FormulaQueueView {
  setFormulaAuto(ctx, request.enabled, request.dailyCap);
  syncPollTrigger(ctx, loadRegistrySummary(ctx.documentStore));
  return formulaQueueView(ctx);
}

/**
 * "Clear queued formula requests": the queue empties, and its formulas are refreshed so that they
 * say they are no longer queued (and how to ask again) instead of "queued" for ever.
 */
export function clearFormulaQueue(ctx: AppContext): FormulaQueueView {
  if (clearFormulaRequests(ctx.documentStore, ctx.cache)) refreshFormulas(ctx);
  return formulaQueueView(ctx);
}

/** "Refresh results now" asks again for what was cleared: the formulas, refreshed, queue it. */
export function askAgainForClearedFormulas(ctx: AppContext): number {
  const requests = askAgainForCleared(ctx.cache);
  if (requests) refreshFormulas(ctx);
  return requests;
}
