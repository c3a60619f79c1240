/**
 * Runs of formula requests: the queue the custom functions fill, sent as a run the user confirmed
 * (same plan / confirm / start flow as a sidebar run, paid with the key of the user who clicks).
 * Such a run has no sheet and no rows: its answers go to the ledger, the requests they answer leave
 * the queue, and the formulas are refreshed so that they show them.
 */
import type { JobKind } from '../../domain/runs';
import type { EnrichField } from '../../domain/fields';
import {
  runOf,
  ledgerOf,
  type AppContext,
  type RunStarted,
  type SendableContact,
} from '../../engine/context';
import { refreshFormulas } from './formula-refresh';
import {
  askedFields,
  loadFormulaQueue,
  markRequests,
  removeRequests,
  scanFormulaQueue,
  type FormulaRequest,
} from './formula-queue';
import { type Ledger } from '../../store/ledger';
import { entryCovers, fieldsLacking, type LedgerEntry } from '../../store/ledger-entry';
import { jobsOf, maxCreditsPerContact, type PlannedContact } from '../../engine/plan-cost';
import { sendRule } from '../../engine/paid-once';
import { shownOnRunSheets } from '../../engine/shown-answers';
import { newRun, registerAndSend } from '../../engine/run-launch';
import { kept } from '../../domain/objects';
import { lazy } from '../../domain/lazy';
import type { JobRecord, Registry, RunRecord } from '../../store/registry';

/** A formula run's sheetId: no sheet has it, so nothing is ever written to rows. */
export const NO_SHEET = -1;
export const FORMULA_RUN_NAME = 'Formula requests';

export interface FormulaPlan {
  kind: JobKind;
  /** The fields asked, over all requests in scope (none for reverse). */
  fields: EnrichField[];
  toSend: PlannedContact[];
  /** Requests in scope. */
  requests: number;
  /** Requests the ledger answers already (a run found them since): they leave the queue at start. */
  answered: FormulaRequest[];
  maxCredits: number;
  jobs: number;
}

/** The requests of one kind (for enrich: of the given fields, all when none is given) as a plan. */
export function buildFormulaPlan(
  ctx: AppContext,
  kind: JobKind,
  fields: readonly EnrichField[],
  registry: Registry,
  ledger: Ledger = ledgerOf(ctx),
  options: { automatic?: true } = {},
): FormulaPlan {
  const inScope = loadFormulaQueue(ctx.documentStore).filter(
    (request) =>
      request.kind === kind &&
      (kind === 'reverse' || fields.length === 0 || fields.includes(request.asked as EnrichField)),
  );
  const byFp = new Map<string, FormulaRequest[]>();
  for (const request of inScope) kept(byFp, request.fp, () => []).push(request);
  const saved = ledger.lookup([...byFp.keys()]);
  // Every field asked: a saved answer frees a damaged job's contact only when it covers them.
  const everyAsked = [...new Set(inScope.flatMap(askedFields))];
  const whyNotSent = sendRule(ctx, registry, {
    kind,
    answered: saved,
    lost: ledger.lost,
    fields: everyAsked,
  });
  const toSend: PlannedContact[] = [];
  const answered: FormulaRequest[] = [];
  // On a damaged ledger, an automatic run (a standing order, resumed past the damage) leaves the
  // requests a sheet's row answers to "Get formula results", whose preview warns of the damage:
  // the row may show the answer the ledger lost (stop 66: three work emails bought again). Read
  // only when a request would be sent.
  const damaged = options.automatic && ledger.damaged();
  const onRows = lazy(() => shownOnRunSheets(ctx, registry.runs.values(), kind));
  for (const [fp, requests] of byFp) {
    const asked = [...new Set(requests.flatMap(askedFields))];
    const entry = saved.get(fp);
    if (entryCovers(entry, asked)) {
      answered.push(...requests);
      continue;
    }
    if (whyNotSent(fp)) continue;
    let lacking = kind === 'reverse' ? [] : fieldsLacking(entry, asked);
    if (damaged) {
      lacking = lacking.filter((field) => !onRows()(fp, field));
      if (kind === 'reverse' ? onRows()(fp, undefined) : lacking.length === 0) continue;
    }
    toSend.push({ fp, input: requests[0]!.input, rows: [], fields: lacking });
  }
  return {
    kind,
    fields: [...new Set(toSend.flatMap((contact) => contact.fields))],
    toSend,
    requests: inScope.length,
    answered,
    maxCredits: toSend.reduce((sum, contact) => sum + maxCreditsPerContact(kind, contact.fields), 0),
    jobs: jobsOf(toSend, kind).length,
  };
}

/** Starts a confirmed formula plan: answered requests leave the queue, the rest is sent. */
export function launchFormulaRun(
  ctx: AppContext,
  plan: FormulaPlan,
  registry: Registry,
  options: { automatic?: true } = {},
): RunStarted {
  removeRequests(ctx.documentStore, plan.answered);
  const run = newRun(ctx, plan.kind, plan.fields, plan.toSend, {
    sheetId: NO_SHEET,
    sheetName: FORMULA_RUN_NAME,
    mapping: {},
    overwrite: false,
    fromLedger: 0,
    estimatedCredits: plan.maxCredits,
    source: 'formulas',
    // The log's "Rows in scope": the formula requests the run was asked to answer.
    rowsInScope: plan.requests,
    ...options,
  });
  const sending = new Set(plan.toSend.map((contact) => contact.fp));
  const sent = loadFormulaQueue(ctx.documentStore).filter((request) => sending.has(request.fp));
  const started = registerAndSend(ctx, registry, run, plan.toSend, () =>
    markRequests(ctx.cache, sent, 'sent'),
  );
  // Requests answered from saved results show their answers at once.
  if (plan.answered.length) refreshFormulas(ctx);
  return started;
}

/**
 * What ended formula runs that hide a job (paid-once.ts sendRule) may have sent: any request of
 * their kind queued before one of them started, and any request that cannot be read. They wait, for
 * every planner, until the job is imported by its id or the queue is cleared.
 */
export function formulasMayHold(ctx: AppContext, runs: readonly RunRecord[]): string[] {
  const hiding = runs.filter(isFormulaRun);
  if (hiding.length === 0) return [];
  // A request whose record cannot be read may be one such a run sent: its key still names the
  // contact, and by the rule for unreadable entries it is held too (fuzz finding 52).
  const { requests, unreadable } = scanFormulaQueue(ctx.documentStore);
  return [
    ...requests
      .filter((request) => hiding.some((run) => run.kind === request.kind && request.at <= run.startedAt))
      .map((request) => request.fp),
    ...unreadable,
  ];
}

/** The contacts of queued formula requests, for the jobs of formula runs a poll still has to send. */
export function formulaContacts(ctx: AppContext): Map<string, SendableContact> {
  return new Map(
    loadFormulaQueue(ctx.documentStore).map((request) => [request.fp, { input: request.input, row: 0 }]),
  );
}

/**
 * Formula requests meet the answers of applied jobs, whatever run brought them (a formula run, a
 * sidebar run, a schedule, an import): a request its answer covers leaves the queue and the formulas
 * are refreshed, so none stays "queued" for an answer the ledger holds. The requests of formula runs
 * left unanswered show "queued" again, or "out of credits".
 */
export function settleFormulaJobs(
  ctx: AppContext,
  registry: Registry,
  jobs: readonly JobRecord[],
  entries: ReadonlyMap<string, LedgerEntry>,
): void {
  if (jobs.length === 0) return;
  const formulaFps = new Set<string>();
  const outOfCredits = new Set<string>();
  for (const job of jobs) {
    if (!isFormulaRun(runOf(registry, job))) continue;
    for (const fp of job.fingerprints) {
      formulaFps.add(fp);
      if (job.status === 'CREDITS_INSUFFICIENT') outOfCredits.add(fp);
    }
  }
  if (formulaFps.size === 0 && entries.size === 0) return;
  const requests = loadFormulaQueue(ctx.documentStore).filter(
    (request) => formulaFps.has(request.fp) || entries.has(request.fp),
  );
  const answered = requests.filter((request) => entryCovers(entries.get(request.fp), askedFields(request)));
  const open = requests.filter((request) => !answered.includes(request) && formulaFps.has(request.fp));
  removeRequests(ctx.documentStore, answered);
  markRequests(
    ctx.cache,
    open.filter((request) => outOfCredits.has(request.fp)),
    'out_of_credits',
  );
  markRequests(
    ctx.cache,
    open.filter((request) => !outOfCredits.has(request.fp)),
    'queued',
  );
  if (answered.length > 0 || formulaFps.size > 0) refreshFormulas(ctx);
}

export const isFormulaRun = (run: RunRecord | undefined): boolean => run?.source === 'formulas';
