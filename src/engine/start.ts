/**
 * Starting a confirmed plan: the plan is kept in user properties between the preview and the
 * confirmation, rebuilt from the same rows at start (the sheet may have changed), and refused when
 * it would now cost more than the user agreed to.
 */
import { UserError } from '../domain/user-error';
import type { RowSpan } from '../platform/ports';
import { writeRowOutputs, type RowOutput } from '../sheet/writer';
import { undoRecorder } from '../store/undo-record';
import { registryOf, type Agreed, type AppContext, sourceOf, type RunStarted } from './context';
import { newId, newRun, registerAndSend } from './run-launch';
import { headersOf } from '../store/mapping-store';
import { buildPlan, planOutputKeys, type RunPlan } from './plan';
import { readSheetTable } from '../sheet/table';
import type { Registry, RunRecord } from '../store/registry';
import { rowOutputFromEntry, statusOnly } from './row-status';
import { STATUS } from '../domain/statuses';
import { readPendingPlan, writePendingPlan, type StoredPlan } from '../store/pending-plan';
import { withDocumentLock } from './timing';
import { reserveKeyCredits } from '../store/key-limit';

/** A preview older than this is stale: the user must look at the cost again. */
const PLAN_TTL_MS = 60 * 60 * 1000;

/** Keeps the plan for startRun; returns its id. Only the latest plan can be started. */
export function storePlan(ctx: AppContext, plan: RunPlan, spans: readonly RowSpan[]): string {
  return keepPlan(ctx, {
    kind: plan.options.kind,
    fields: plan.fields,
    mapping: plan.mapping,
    overwrite: plan.options.overwrite,
    refreshBefore: plan.options.refreshBefore,
    sheetId: plan.sheet.id(),
    spans: [...spans],
    maxCredits: plan.maxCredits,
    ...(plan.headerDetected ? {} : { firstRowHeaders: plan.table.headerRow === 1 }),
  });
}

/** Keeps a preview for startRun (a run source's too: `source` names it); returns its id. */
export function keepPlan(ctx: AppContext, plan: Omit<StoredPlan, 'id' | 'createdAt'>): string {
  const stored: StoredPlan = { id: newId(ctx), ...plan, createdAt: ctx.clock.now() };
  writePendingPlan(ctx.userStore, stored);
  return stored.id;
}

function takeStoredPlan(ctx: AppContext, planId: string): StoredPlan {
  const decoded = readPendingPlan(ctx.userStore);
  // A damaged preview is only a preview: the user is asked to look at the cost again.
  if (decoded && !decoded.ok) ctx.log.warn(`The stored preview could not be read: ${decoded.reason}.`);
  const stored = decoded?.ok ? decoded.value : undefined;
  if (stored?.id === planId && stored.started)
    throw new UserError('This preview has already been started: its progress is under Jobs.');
  if (!stored || stored.id !== planId || ctx.clock.now() - stored.createdAt > PLAN_TTL_MS)
    throw new UserError('This preview has expired: preview the run again.');
  return stored;
}

/** Starts the confirmed plan: registers its jobs, writes saved answers and "pending", sends the jobs. */
export function startRun(ctx: AppContext, planId: string): RunStarted {
  return withDocumentLock(ctx, () => {
    // Read under the lock: two starts of one preview must not both see it unstarted.
    const stored = takeStoredPlan(ctx, planId);
    const registry = registryOf(ctx);
    // Marked started (under the same lock), so a second start of it is refused. A plain run is
    // marked once it is registered: killed before, Start again works as the user expects, since the
    // one rule (paid-once.ts) holds what the first start registered, and rows its start marked
    // "pending" with nothing registered are sent now. A consent to buy again is used once: such a
    // preview is marked before anything is registered, as a killed start may have bought.
    const mark = () => writePendingPlan(ctx.userStore, { ...stored, started: true });
    // The rebuilt plan goes only if it costs no more than the user agreed to.
    const agreed = <Plan extends { maxCredits: number }>(plan: Plan): Plan => {
      if (plan.maxCredits > stored.maxCredits)
        throw new UserError(
          'The rows changed since the preview and the run would cost more: preview it again.',
        );
      // The key's daily limit refuses before anything is registered: raised, it can start this one.
      if (plan.maxCredits > reserveKeyCredits(ctx)) reserveKeyCredits(ctx, plan.maxCredits);
      if (stored.overwrite) mark();
      return plan;
    };
    const started = startPreviewOf(ctx, stored, registry, agreed);
    if (!stored.overwrite) mark();
    return started;
  });
}

/** The run of a confirmed preview: of a sheet's rows, or of another source (formula requests). */
function startPreviewOf(ctx: AppContext, stored: StoredPlan, registry: Registry, agreed: Agreed): RunStarted {
  const startPreview = sourceOf(ctx, stored.source)?.startPreview;
  if (startPreview) return startPreview(ctx, stored, registry, agreed);
  const sheet = ctx.spreadsheet.sheetById(stored.sheetId);
  if (!sheet) throw new UserError('The sheet of this preview was deleted.');
  const plan = buildPlan(ctx, sheet, { ...stored, addHeaderRow: true }, registry);
  return launch(ctx, agreed(plan), registry);
}

/** Starts a plan the caller checked (the schedule, within its caps); holds no lock itself. */
export function launch(
  ctx: AppContext,
  plan: RunPlan,
  registry: Registry,
  origin: Pick<RunRecord, 'source' | 'rowsInScope'> = {},
): RunStarted {
  const run = newRun(ctx, plan.options.kind, plan.fields, plan.toSend, {
    // The log's "Rows in scope": the rows selected, unless the caller scoped the run otherwise.
    rowsInScope: plan.rows,
    ...(plan.options.refreshBefore ? { source: 'refresh' as const } : {}),
    ...origin,
    sheetId: plan.sheet.id(),
    sheetName: plan.sheet.name(),
    mapping: plan.mapping,
    mappingHeaders: headersOf(plan.table, plan.mapping),
    overwrite: plan.options.overwrite,
    fromLedger: plan.fromLedger.length,
    estimatedCredits: plan.maxCredits,
  });
  return registerAndSend(ctx, registry, run, plan.toSend, () => writeStartStatuses(ctx, plan, run));
}

/**
 * One write: saved answers, "pending" on rows sent, and why rows were skipped when the Status
 * would not say it (missing input; a hold on a row with no Status yet: fuzz finding 31's variant).
 */
function writeStartStatuses(ctx: AppContext, plan: RunPlan, run: RunRecord): void {
  const kind = plan.options.kind;
  const timeZone = ctx.spreadsheet.timeZone();
  const outputs = new Map<number, RowOutput>();
  for (const { row, reason, written, status } of plan.skipped)
    if (written) outputs.set(row, statusOnly(status ?? reason));
  // Over a final Status too (a row sent for a field it lacks): an ended run hiding a job holds the
  // rows still "pending" (paid-once.ts heldBySheetRows), and one left "found" was bought again.
  for (const contact of plan.toSend)
    for (const row of contact.rows) outputs.set(row, { ...statusOnly(STATUS.pending), refresh: true });
  // Written over a final Status too: a row given a field it lacked (plan.ts, finding 66).
  for (const { row, entry, status } of plan.fromLedger)
    outputs.set(row, {
      ...rowOutputFromEntry(entry, { kind, fields: plan.fields, saved: true, timeZone }),
      ...(status === undefined ? {} : { status }),
      refresh: true,
    });
  for (const output of outputs.values()) output.run = run.id;
  const record = undoRecorder(ctx.spreadsheet, () => run);
  writeRowOutputs(plan.table, kind, outputs, plan.options.overwrite, planOutputKeys(plan), record);
}

/**
 * A preview that starts nothing still gives its held rows their words (fuzz findings 50 and 51): a
 * row held by a record no run settles (a lost start whose run record was lost, a job no one can read)
 * would keep "pending" or "" for good, as no start comes to write them. Only under the lock, and only
 * on a row that still reads as the plan read it (a poll may have written its answer since): a busy
 * lock skips it, as the plan panel says why all the same.
 */
export function explainHolds(ctx: AppContext, plan: RunPlan): void {
  const held = plan.skipped.filter((skip) => skip.written === 'held');
  if (plan.toSend.length || plan.fromLedger.length || !held.length || !plan.table.headerRow) return;
  if (!ctx.lock.tryLock(1000)) return; // a second at most: the user waits for the preview
  try {
    const table = readSheetTable(plan.sheet);
    const unchanged = (row: number) =>
      table.values[row - 1]?.join('\t') === plan.table.values[row - 1]!.join('\t');
    const outputs = new Map(
      held
        .filter(({ row }) => unchanged(row))
        .map(({ row, reason, status }) => [row, statusOnly(status ?? reason)]),
    );
    if (outputs.size) writeRowOutputs(table, plan.options.kind, outputs, false, planOutputKeys(plan));
  } finally {
    ctx.lock.release();
  }
}
