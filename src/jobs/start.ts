/**
 * Starting a confirmed plan: the plan is kept in user properties between the preview and the
 * confirmation, rebuilt from the same rows at start (the sheet may have changed), and refused when
 * it would now cost more than the user agreed to.
 */
import { UserError } from '../user-error';
import type { EnrichField, JobKind } from '../api/model';
import { USER_PROPERTY } from '../platform/property-keys';
import type { RowSpan } from '../platform/ports';
import { rowsLabel } from '../sheet/text';
import { writeRowOutputs, type RowOutput } from '../sheet/writer';
import type { ColumnMapping } from '../sheet/inputs';
import type { AppContext } from './context';
import { startQueuedJobs, type SendableContact } from './job-starter';
import { headersOf } from './mapping-store';
import { buildPlan, jobsOf, type RunPlan } from './plan';
import { syncPollTrigger } from './poll-trigger';
import {
  assertRoom,
  estimateBytes,
  loadRegistry,
  saveJobFingerprints,
  saveRecords,
  type JobRecord,
  type Registry,
  type RunRecord,
} from './registry';
import { rowOutputFromEntry, STATUS } from './row-status';
import { decodeRecord, encodeRecord, PLAN_CODEC } from './stored-records';
import { START_LOCK_WAIT_MS } from './timing';

/** What a start did, for the sidebar. */
export interface RunStarted {
  runId: string;
  jobs: number;
  contacts: number;
  /** Rows written at once from saved results (no credits). */
  rowsFilledFromLedger: number;
  /** Why the run stopped at once (e.g. the API refused the key), in plain words. */
  message?: string;
}

/** A preview older than this is stale: the user must look at the cost again. */
const PLAN_TTL_MS = 60 * 60 * 1000;

interface StoredPlan {
  id: string;
  kind: JobKind;
  fields: EnrichField[];
  mapping: ColumnMapping;
  overwrite: boolean;
  sheetId: number;
  spans: RowSpan[];
  maxCredits: number;
  createdAt: number;
  /** Set when it is started: a second start of the same preview (a double click) is refused. */
  started?: boolean;
}

export function newId(ctx: AppContext): string {
  return ctx.clock.now().toString(36) + Math.random().toString(36).slice(2, 6);
}

/** Keeps the plan for startRun; returns its id. Only the latest plan can be started. */
export function storePlan(ctx: AppContext, plan: RunPlan, spans: readonly RowSpan[]): string {
  const stored: StoredPlan = {
    id: newId(ctx),
    kind: plan.options.kind,
    fields: plan.fields,
    mapping: plan.mapping,
    overwrite: plan.options.overwrite,
    sheetId: plan.sheet.id(),
    spans: [...spans],
    maxCredits: plan.maxCredits,
    createdAt: ctx.clock.now(),
  };
  ctx.userStore.set(USER_PROPERTY.pendingPlan, encodeRecord(PLAN_CODEC, stored));
  return stored.id;
}

function takeStoredPlan(ctx: AppContext, planId: string): StoredPlan {
  const text = ctx.userStore.get(USER_PROPERTY.pendingPlan);
  const decoded = text ? decodeRecord<StoredPlan>(PLAN_CODEC, text) : undefined;
  // A damaged preview is only a preview: the user is asked to look at the cost again.
  if (decoded && !decoded.ok) ctx.log.warn(`The stored preview could not be read: ${decoded.reason}.`);
  const stored = decoded?.ok ? decoded.value : undefined;
  if (stored?.id === planId && stored.started) {
    throw new UserError('This preview has already been started: its progress is under Jobs.');
  }
  if (!stored || stored.id !== planId || ctx.clock.now() - stored.createdAt > PLAN_TTL_MS) {
    throw new UserError('This preview has expired: preview the run again.');
  }
  return stored;
}

/** Starts the confirmed plan: registers its jobs, writes saved answers and "pending", sends the jobs. */
export function startRun(ctx: AppContext, planId: string): RunStarted {
  if (!ctx.lock.tryLock(START_LOCK_WAIT_MS)) {
    throw new UserError('Results are being written right now: try again in a minute.');
  }
  try {
    // Read under the lock: two starts of one preview must not both see it unstarted.
    const stored = takeStoredPlan(ctx, planId);
    const sheet = ctx.spreadsheet.sheetById(stored.sheetId);
    if (!sheet) throw new UserError('The sheet of this preview was deleted.');
    const registry = loadRegistry(ctx.documentStore, ctx.spreadsheet);
    const plan = buildPlan(ctx, sheet, { ...stored, spans: stored.spans }, registry);
    if (plan.maxCredits > stored.maxCredits) {
      throw new UserError(
        'The rows changed since the preview and the run would cost more: preview it again.',
      );
    }
    ctx.userStore.set(USER_PROPERTY.pendingPlan, encodeRecord(PLAN_CODEC, { ...stored, started: true }));
    return launch(ctx, plan, registry);
  } finally {
    ctx.lock.release();
  }
}

function launch(ctx: AppContext, plan: RunPlan, registry: Registry): RunStarted {
  const now = ctx.clock.now();
  const run: RunRecord = {
    id: newId(ctx),
    kind: plan.options.kind,
    sheetId: plan.sheet.id(),
    sheetName: plan.sheet.name(),
    mapping: plan.mapping,
    mappingHeaders: headersOf(plan.table, plan.mapping),
    fields: plan.fields,
    overwrite: plan.options.overwrite,
    startedAt: now,
    state: plan.toSend.length ? 'running' : 'finished',
    jobs: plan.jobs,
    sent: plan.toSend.length,
    done: 0,
    found: { workEmail: 0, personalEmail: 0, phone: 0, profile: 0 },
    credits: 0,
    fromLedger: plan.fromLedger.length,
    unmatched: 0,
    estimatedCredits: plan.maxCredits,
  };
  const jobs: JobRecord[] = jobsOf(plan.toSend, run.kind).map((chunk, seq) => {
    const job: JobRecord = {
      run: run.id,
      seq,
      state: 'queued',
      fingerprints: chunk.map((contact) => contact.fp),
      rows: rowsLabel(chunk.flatMap((contact) => contact.rows)),
    };
    // Contacts that have some fields saved ask only for the others.
    const fields = chunk[0]!.fields;
    if (run.kind === 'enrich' && fields.length !== run.fields.length) job.fields = fields;
    return job;
  });
  assertRoom(registry, estimateBytes([run], jobs));
  // Registered before anything is sent: from here on, a poll can finish what this execution starts.
  saveJobFingerprints(ctx.spreadsheet, registry, jobs);
  saveRecords(ctx.documentStore, [run], jobs);
  registry.runs.set(run.id, run);
  registry.jobs.push(...jobs);

  writeStartStatuses(plan);
  const contacts = new Map<string, SendableContact>(
    plan.toSend.map((contact) => [contact.fp, { input: contact.input, row: contact.rows[0]! }]),
  );
  startQueuedJobs(ctx, registry, run, contacts);
  syncPollTrigger(ctx, registry);
  if (run.state === 'finished')
    ctx.notify.toast(`${run.fromLedger} rows filled from saved results: no credits spent.`);
  return {
    runId: run.id,
    jobs: jobs.length,
    contacts: run.sent,
    rowsFilledFromLedger: run.fromLedger,
    ...(run.error ? { message: run.error } : {}),
  };
}

/** One write: saved answers, "pending" on rows sent, and why rows with missing input were skipped. */
function writeStartStatuses(plan: RunPlan): void {
  const kind = plan.options.kind;
  const outputs = new Map<number, RowOutput>();
  for (const { row, reason, missing } of plan.skipped)
    if (missing) outputs.set(row, { status: reason, enrichedAt: '' });
  for (const contact of plan.toSend) {
    for (const row of contact.rows) outputs.set(row, { status: STATUS.pending, enrichedAt: '' });
  }
  for (const { row, entry } of plan.fromLedger)
    outputs.set(row, rowOutputFromEntry(entry, kind, plan.fields, true));
  writeRowOutputs(plan.table, kind, outputs, plan.options.overwrite);
}
