/**
 * The sidebar's schedule functions: getSchedule, saveSchedule, clearSchedule, runNow. One schedule per
 * document, owned by the user who saved it: their time-driven trigger runs it with their key.
 * Another user saving it takes it over (the sidebar asks them first); there is never a second
 * schedule, and each user's trigger runs only what that user owns.
 */
import { formatNumber, plural } from '../../domain/words';
import * as z from 'zod/mini';
import { lazy } from '../../domain/lazy';
import type { AppContext } from '../../engine/context';
import { resolveMapping } from '../../store/mapping-store';
import { syncPollTrigger } from '../../engine/poll-trigger';
import { loadRegistrySummary } from '../../store/registry';
import {
  clearScheduleRecord,
  PERIOD_MS,
  readSchedule,
  scheduleSettingsShape,
  scheduleTally,
  writeSchedule,
  type ScheduleRecord,
} from './schedule-store';
import { minuteIn, newCapDay, zoneAndNow } from '../../store/local-time';
import { readSheetTable } from '../../sheet/table';
import { checkedCap, isPayer, payerOf } from '../teams/payer';
import { UserError } from '../../domain/user-error';
import { runScheduleNow } from './scheduled-run';
import { maxCreditsPerContact } from '../../engine/plan-cost';
import { wholeNumber } from '../../rpc/table';

/**
 * The stored settings' fields, with the checks of user input a stored schedule already passed. The
 * caps are any number here: the use case says in a sentence what a cap must be (a negative or a
 * fractional cap is the user's typing, not a bug of the page).
 */
export const scheduleRequestSchema = /* @__PURE__ */ lazy(() => {
  const shape = scheduleSettingsShape();
  return z.extend(z.object(shape), {
    sheetName: shape.sheetName.check(z.minLength(1), z.maxLength(200)),
    refreshDays: z.optional(wholeNumber(1, 3650)),
  });
});

/** What the sidebar sends to save a schedule: the settings, checked as user input. */
export type ScheduleRequest = z.infer<ReturnType<typeof scheduleRequestSchema>>;

export interface ScheduleView extends ScheduleRequest {
  ownerEmail: string;
  /** The caller owns it (their key pays). */
  yours: boolean;
  /** "Runs every hour with ann@acme.com's key". */
  summary: string;
  committedToday: number;
  lastRunAt?: string;
  nextRunAt?: string;
  lastOutcome?: string;
  /** Set when it paused itself: why. Saving it again resumes it. */
  pausedReason?: string;
}

export function getSchedule(ctx: AppContext): ScheduleView | null {
  const schedule = readSchedule(ctx);
  if (!schedule) return null;
  const zone = ctx.spreadsheet.timeZone();
  const yours = isPayer(ctx, schedule, schedule.owner);
  const view: ScheduleView = {
    // By id: a sheet renamed since the schedule was saved shows its name of now.
    sheetName: ctx.spreadsheet.sheetById(schedule.sheetId)?.name() ?? schedule.sheetName,
    kind: schedule.kind,
    fields: schedule.fields,
    every: schedule.every,
    maxCreditsPerRun: schedule.maxCreditsPerRun,
    maxCreditsPerDay: schedule.maxCreditsPerDay,
    refreshDays: schedule.refreshDays,
    ownerEmail: schedule.owner,
    yours,
    summary: `Runs every ${schedule.every} with ${yours ? 'your' : `${schedule.owner || 'another user'}'s`} key`,
    committedToday: schedule.committedToday,
  };
  if (schedule.lastRunAt) {
    view.lastRunAt = minuteIn(zone, schedule.lastRunAt);
    view.nextRunAt = minuteIn(zone, schedule.lastRunAt + PERIOD_MS[schedule.every]);
  }
  if (schedule.lastOutcome) view.lastOutcome = schedule.lastOutcome;
  if (schedule.pausedReason) view.pausedReason = schedule.pausedReason;
  return view;
}

/** Saves (or takes over, or resumes) the schedule with the caller's key; its first tick is the next trigger run. */
export function saveSchedule(ctx: AppContext, request: ScheduleRequest): ScheduleView {
  const payer = payerOf(ctx, 'run a schedule with your key');
  const sheet = ctx.spreadsheet.visibleSheets().find((candidate) => candidate.name() === request.sheetName);
  if (!sheet) throw new UserError(`There is no sheet named "${request.sheetName}".`);
  const table = readSheetTable(sheet);
  const mapping = resolveMapping(ctx.documentStore, table, request.kind);
  if (Object.keys(mapping).length === 0)
    throw new UserError(
      `Sheet Enrich does not recognise the columns of "${request.sheetName}": run it once from the sidebar and confirm the columns first.`,
    );
  if (request.kind === 'enrich' && request.fields.length === 0)
    throw new UserError('Choose at least one thing to find.');
  const maxCreditsPerRun = checkedCap(request.maxCreditsPerRun, 'The cap per run');
  const maxCreditsPerDay = checkedCap(request.maxCreditsPerDay, 'The daily cap');
  if (maxCreditsPerRun > maxCreditsPerDay)
    throw new UserError(
      `The cap per run (${plural(maxCreditsPerRun, 'credit')}) is above the daily cap (${formatNumber(maxCreditsPerDay)}): no run could spend it. Make it ${formatNumber(maxCreditsPerDay)} or less.`,
    );
  // Below one contact's price, every run would leave every row "waiting: credit cap per run
  // reached" for good (fuzz seed 64017: a phone schedule capped at 1 credit a run).
  const perContact = maxCreditsPerContact(request.kind, request.fields);
  if (maxCreditsPerRun < perContact)
    throw new UserError(
      `The cap per run (${plural(maxCreditsPerRun, 'credit')}) is below what one contact may cost (${plural(perContact, 'credit')}): no run could send one. Make it ${formatNumber(perContact)} or more.`,
    );
  const tally = scheduleTally(ctx, payer);
  const schedule: ScheduleRecord = {
    sheetId: sheet.id(),
    sheetName: sheet.name(),
    kind: request.kind,
    fields: request.kind === 'reverse' ? [] : [...new Set(request.fields)],
    every: request.every,
    maxCreditsPerRun,
    maxCreditsPerDay,
    refreshDays: request.refreshDays,
    owner: ctx.userEmail(),
    ...payer,
    savedAt: ctx.clock.now(),
    // What today's runs committed still counts, until the same reset: saving again, or clearing
    // and saving anew, resets nothing.
    // So does the ledger damage it paused for: saved with that reason in view, it goes on past it.
    // (An absent earlierPayers stays absent: JSON leaves undefined out.)
    ...(tally ?? { ...newCapDay(...zoneAndNow(ctx)), committedToday: 0 }),
    failures: 0,
  };
  writeSchedule(ctx, schedule);
  syncPollTrigger(ctx, loadRegistrySummary(ctx.documentStore));
  return getSchedule(ctx)!;
}

export function clearSchedule(ctx: AppContext): null {
  clearScheduleRecord(ctx);
  syncPollTrigger(ctx, loadRegistrySummary(ctx.documentStore));
  return null;
}

/** What "Run now" answers: the tick's outcome in one line, and the schedule as it is after it. */
export interface ScheduleRunView {
  outcome: string;
  schedule: ScheduleView | null;
}

/** "Run now": the hourly tick's own code, within its caps, at once (scheduled-run.ts, runScheduleNow). */
export function runNow(ctx: AppContext): ScheduleRunView {
  const outcome = runScheduleNow(ctx);
  return { outcome, schedule: getSchedule(ctx) };
}
