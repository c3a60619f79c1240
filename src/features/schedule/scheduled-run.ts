/**
 * A scheduled tick (from the one time-driven trigger, after the poll): when the schedule is due and
 * this execution's user owns it, enrich the scheduled sheet's new rows within the caps.
 *
 * New rows are rows whose inputs have no answer in the ledger (plan option resendEdited), never
 * "rows below a pointer": inserting, deleting or sorting rows cannot make a tick skip or repeat one.
 * Caps count what a run may cost at most (its estimate), committed before the run is sent, so a run
 * killed after sending still counts. Rows a cap leaves out say so and wait for the next period.
 */
import { reserveKeyCredits } from '../../store/key-limit';
import { agree, plural } from '../../domain/words';
import { ApiError } from '../../api/errors';
import { isKeyProblem } from '../../api/failures';
import { ledgerOf, type AppContext } from '../../engine/context';
import { ledgerDamageWhat } from '../../store/ledger';
import {
  buildPlan,
  buysUnsaved,
  planOutputKeys,
  refreshCutoff,
  type PlanOptions,
  type RunPlan,
} from '../../engine/plan';
import { withinRoom } from '../../engine/plan-cost';
import { loadRegistry } from '../../store/registry';
import { PERIOD_MS, payingNow, readSchedule, writeSchedule, type ScheduleRecord } from './schedule-store';
import { launch } from '../../engine/start';
import { pollOnce } from '../../engine/poll';
import { POLL_LOCK_WAIT_MS } from '../../engine/timing';
import { writeRowOutputs, type RowOutput } from '../../sheet/writer';
import { isPayer } from '../teams/payer';
import { STATUS } from '../../domain/statuses';
import { mayWipeLostAnswer, rewrittenRow } from '../../engine/row-status';
import { errorForLog, errorMessage, UserError } from '../../domain/user-error';

/** Failed ticks in a row after which the schedule pauses itself. */
export const FAILURES_BEFORE_PAUSE = 3;
/** A trigger fires at about its period, never exactly: a tick this early still counts as due. */
const DUE_SLACK_MS = 5 * 60 * 1000;

/** A plan that sends no contact and fills no row from saved results: nothing for a tick to do. */
const doesNothing = (plan: RunPlan): boolean => plan.toSend.length === 0 && plan.fromLedger.length === 0;

/** One tick of the schedule, if it is due and ours. Never throws: a failure is counted and said. */
export function runDueSchedule(ctx: AppContext): void {
  const first = readSchedule(ctx);
  if (!first || first.pausedReason || !isPayer(ctx, first, first.owner)) return;
  const now = ctx.clock.now();
  if (first.lastRunAt && now - first.lastRunAt < PERIOD_MS[first.every] - DUE_SLACK_MS) return;
  if (!ctx.lock.tryLock(POLL_LOCK_WAIT_MS)) return;
  tickLocked(ctx);
}

/**
 * "Run now" (Settings › Schedule): the same tick as the hourly trigger's, within the same caps,
 * whatever the time since the last one; it counts as this period's run. Its outcome, in the words the
 * schedule's last outcome shows. What cannot run now (no schedule, another user's, paused, busy) is
 * said, never done.
 */
export function runScheduleNow(ctx: AppContext): string {
  const first = readSchedule(ctx);
  if (!first) throw new UserError('There is no schedule to run: save one first.');
  if (!isPayer(ctx, first, first.owner))
    throw new UserError(
      `The schedule runs with ${first.owner || 'another user'}'s key: take it over to run it with yours.`,
    );
  if (first.pausedReason)
    throw new UserError(`The schedule is paused: ${first.pausedReason}. Save it again to resume it first.`);
  // A previous run whose jobs are over ends first: else it would be "still working" here while the
  // next poll's toast says it finished.
  pollOnce(ctx);
  if (!ctx.lock.tryLock(POLL_LOCK_WAIT_MS))
    throw new UserError('Sheet Enrich is busy with another run of this document: try again in a minute.');
  return tickLocked(ctx).lastOutcome ?? '';
}

/** Runs one tick under the lock the caller took, counts a failure, saves and releases. Never throws. */
function tickLocked(ctx: AppContext): ScheduleRecord {
  const schedule = payingNow(ctx, readSchedule(ctx)!);
  try {
    schedule.lastRunAt = ctx.clock.now();
    schedule.lastOutcome = tick(ctx, schedule);
    schedule.failures = 0;
  } catch (error) {
    schedule.failures += 1;
    const reason = error instanceof ApiError ? error.userMessage : errorMessage(error);
    schedule.lastOutcome = `Failed: ${reason}`;
    ctx.log.warn(`Scheduled run failed: ${errorForLog(error, reason)}`);
    if ((error instanceof ApiError && isKeyProblem(error)) || schedule.failures >= FAILURES_BEFORE_PAUSE)
      schedule.pausedReason = reason;
  } finally {
    writeSchedule(ctx, schedule);
    ctx.lock.release();
  }
  return schedule;
}

/** The tick's outcome, in the words the schedule's last outcome shows. */
function tick(ctx: AppContext, schedule: ScheduleRecord): string {
  const sheet = ctx.spreadsheet.sheetById(schedule.sheetId);
  if (!sheet) {
    // A deleted sheet does not come back: pause at once, naming it as it was last seen.
    schedule.pausedReason = `the sheet "${schedule.sheetName}" was deleted: choose a sheet and save the schedule again`;
    return `Paused: ${schedule.pausedReason}.`;
  }
  // Found by id: a rename is followed, and the messages name the sheet as it is called now.
  schedule.sheetName = sheet.name();
  const registry = loadRegistry(ctx.documentStore, ctx.spreadsheet);
  const running = [...registry.runs.values()].some(
    (run) => run.source === 'schedule' && run.state === 'running',
  );
  if (running) return 'The previous scheduled run is still working.';
  // One ledger for the plans and the questions below: it reads its sheet once, at the first.
  const ledger = ledgerOf(ctx);
  const planned = (refresh: Partial<PlanOptions>) =>
    buildPlan(
      ctx,
      sheet,
      {
        kind: schedule.kind,
        fields: schedule.fields,
        overwrite: false,
        spans: [],
        resendEdited: true,
        addHeaderRow: true,
        ...refresh,
      },
      registry,
      ledger,
    );
  let plan = planned({});
  // New rows first; a tick without any looks up again the answers older than the days chosen.
  const days = schedule.refreshDays;
  if (days && doesNothing(plan))
    plan = planned({ overwrite: true, refreshBefore: refreshCutoff(ctx.clock.now(), days) });
  const said = (text: string): string => {
    const damage = plan.ledgerDamage;
    if (!damage) return text;
    // Said where the user looks (the schedule's last outcome) and in the execution log.
    ctx.log.warn(`Scheduled run: ${damage}`);
    return `${text} ${damage}`;
  };
  if (doesNothing(plan))
    return said(days ? `No new rows, no answer older than ${days} days.` : 'No new rows.');
  // The key's daily limit across the user's spreadsheets (store/key-limit.ts) bounds the day too.
  const dayRoom = Math.min(schedule.maxCreditsPerDay - schedule.committedToday, reserveKeyCredits(ctx));
  const room = Math.max(0, Math.min(schedule.maxCreditsPerRun, dayRoom));
  const { kept, leftOut } = withinRoom(plan, plan.options.kind, room);
  // Nobody is here to read the ledger's damage before this spends: the schedule pauses and says
  // why, and the user who saves it again has read it (stop 60: a work email a formula showed was
  // bought again once the ledger sheet was deleted).
  const damage = buysUnsaved(kept.toSend) ? ledger.unseenDamage(schedule.damageSeen) : undefined;
  if (damage) {
    schedule.damageSeen = damage.mark;
    schedule.pausedReason = `${ledgerDamageWhat(damage)}: a row with no saved result may be one whose result was lost, and resuming buys it again. Check the rows first`;
    ctx.log.warn(`Scheduled run paused: ${ledgerDamageWhat(damage)}.`);
    return `Paused: ${schedule.pausedReason}.`;
  }
  // Rows a cap left out say which one, not as a final status (the next tick takes them); a row
  // waiting for its refresh keeps its answer.
  if (leftOut.length && !plan.options.refreshBefore) {
    const status = dayRoom <= schedule.maxCreditsPerRun ? STATUS.dailyCapReached : STATUS.runCapReached;
    const outputs = new Map<number, RowOutput>();
    const options = { kind: plan.options.kind, timeZone: ctx.spreadsheet.timeZone() };
    const damaged = !!ledger.damaged();
    for (const contact of leftOut)
      for (const row of contact.rows)
        outputs.set(
          row,
          // Its Status alone: the answer it shows stays, and so does when it came ("Enriched at").
          mayWipeLostAnswer(damaged, contact.saved, plan.table, options.kind, [row])
            ? { status }
            : rewrittenRow(contact.saved, status, options),
        );
    writeRowOutputs(plan.table, plan.options.kind, outputs, false, planOutputKeys(plan));
  }
  if (kept.toSend.length > 0) {
    const balance = ctx.api().creditBalance();
    if (balance < kept.maxCredits)
      return said(
        `Skipped: the balance (${plural(balance, 'credit')}) is below what the run may cost (${kept.maxCredits}).`,
      );
  }
  // What a cap leaves out, said the same way whether or not the rest was sent.
  const waiting = `${plural(leftOut.length, 'new contact')} ${agree(leftOut.length, 'waits', 'wait')} for the next period (credit cap reached).`;
  if (doesNothing(kept)) return said(waiting);
  schedule.committedToday += kept.maxCredits;
  // Committed before anything is sent: a run killed after its start still counts against the caps.
  writeSchedule(ctx, schedule);
  // Its rows in scope are the plan's: every data row of the sheet (no selection).
  const started = launch(ctx, kept, registry, { source: 'schedule' });
  return said(
    `Sent ${plural(started.contacts, 'contact')} (at most ${plural(kept.maxCredits, 'credit')})` +
      (leftOut.length ? `; ${waiting}` : '.'),
  );
}
