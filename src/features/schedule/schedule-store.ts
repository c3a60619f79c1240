/**
 * The document's one schedule, in one document property: which sheet, what to find, how often,
 * the caps, whose key pays (the user who saved it: their trigger runs it), and what today's
 * scheduled runs may cost at most. The use cases are in src/features/schedule/; the engine only
 * needs to know whether this user's trigger must keep running for it.
 */
import * as z from 'zod/mini';
import type { EndedRun } from '../../engine/context';
import { DOCUMENT_PROPERTY } from '../../platform/property-keys';
import type { PlatformPorts } from '../../platform/ports';
import { isPayer, payerShape, standingRecord, type Payer } from '../teams/payer';
import { DAY_MS } from '../../store/local-time';
import {
  fieldsSchema,
  kindSchema,
  optionalBoolean,
  optionalNumber,
  optionalString,
  recordCodec,
  type RecordOf,
} from '../../store/stored-records';

/**
 * What a user chooses of a schedule: the fields of the sidebar's request (schedule-rpc.ts adds the
 * checks of user input) and the start of the stored record. A shape rather than a schema: the
 * record's codec takes a shape, into which these fields are spread.
 */
export const scheduleSettingsShape = () => ({
  sheetName: z.string(),
  kind: kindSchema(),
  fields: fieldsSchema(),
  every: z.enum(['hour', '6 hours', 'day']),
  maxCreditsPerRun: z.number(),
  maxCreditsPerDay: z.number(),
  /** A tick with no new rows looks up again the answers older than this many days (refreshCutoff). */
  refreshDays: optionalNumber(),
});

const SCHEDULE_CODEC = recordCodec('schedule', 1, () => ({
  sheetId: z.number(),
  ...scheduleSettingsShape(),
  /** Whose key pays: the user who saved it (or took it over); their email, "" when not told. */
  owner: z.string(),
  ...payerShape(),
  savedAt: z.number(),
  lastRunAt: optionalNumber(),
  /** The day (spreadsheet time zone) committedToday counts for, as the user reads it. */
  day: z.string(),
  /** When committedToday starts again (local-time.ts capDay): a time-zone change never brings it earlier. */
  resetAt: optionalNumber(),
  /** What today's scheduled runs may cost at most (their estimates, committed before sending). */
  committedToday: z.number(),
  /** Failed runs in a row. */
  failures: z.number(),
  /** Set when the schedule paused itself: why, in plain words. */
  pausedReason: optionalString(),
  /**
   * The ledger damage it last paused for (Ledger.unseenDamage, store/ledger.ts): saving it again,
   * with the reason before the user's eyes, lets it spend past that damage, and only that.
   */
  damageSeen: optionalString(),
  /** What the last tick did, in plain words. */
  lastOutcome: optionalString(),
  /**
   * Cleared by the user: the record stays so that what today's runs committed still counts if a
   * schedule is saved again before the reset (clearing must not buy another day's cap).
   */
  cleared: optionalBoolean(),
}));

export type ScheduleRecord = RecordOf<typeof SCHEDULE_CODEC>;
type ScheduleEvery = ScheduleRecord['every'];

export const PERIOD_MS: Readonly<Record<ScheduleEvery, number>> = {
  hour: 3_600_000,
  '6 hours': 21_600_000,
  day: DAY_MS,
};

type ScheduleContext = Pick<PlatformPorts, 'documentStore' | 'clock' | 'spreadsheet'>;

const STORED = standingRecord(
  DOCUMENT_PROPERTY.schedule,
  SCHEDULE_CODEC,
  'committedToday',
  (run) => run.source === 'schedule',
);

/** The stored record, cleared or not, its day's count started again when its reset passed (capDay). */
const readStored: (ctx: ScheduleContext) => ScheduleRecord | null = STORED.read;

/** The schedule, unless the user cleared it. */
export function readSchedule(ctx: ScheduleContext): ScheduleRecord | null {
  const schedule = readStored(ctx);
  return schedule && !schedule.cleared ? schedule : null;
}

/**
 * What the current count holds, a cleared schedule's too: a schedule saved anew starts from it. And
 * the ledger damage it paused for: saved again, with the pause's reason in view, it goes on past it.
 */
export function scheduleTally(
  ctx: ScheduleContext,
  payer: Payer,
): Pick<ScheduleRecord, 'day' | 'resetAt' | 'committedToday' | 'earlierPayers' | 'damageSeen'> | null {
  const stored = readStored(ctx);
  // Today's count follows the key that pays (payer.ts): another key starts from its own.
  return stored && { ...STORED.tally(stored, payer), damageSeen: stored.damageSeen };
}

export const writeSchedule: (ctx: ScheduleContext, schedule: ScheduleRecord) => void = STORED.write;

/** The schedule as the key its payer has saved now pays it (payer.ts payingNow): what a tick spends. */
export const payingNow: (ctx: Pick<PlatformPorts, 'userStore'>, schedule: ScheduleRecord) => ScheduleRecord =
  STORED.payingNow;

/** Clears the schedule: it runs no more, but its day's count is kept (scheduleTally). */
export function clearScheduleRecord(ctx: ScheduleContext): void {
  const schedule = readStored(ctx);
  if (schedule && !schedule.cleared) writeSchedule(ctx, { ...schedule, cleared: true });
}

/** True when this execution's user owns an active schedule: their trigger must keep running. */
export function scheduleIsMine(ctx: PlatformPorts): boolean {
  const schedule = readSchedule(ctx);
  return !!schedule && !schedule.pausedReason && isPayer(ctx, schedule, schedule.owner);
}

/**
 * Scheduled runs ended: what each was allowed (its estimate) but did not spend (`unspent`, computed
 * by the engine, which counts a job whose start was lost at its most) is given back to today's cap,
 * so the cap limits what is charged, not what was feared. Only for a run of the current count, and
 * only once: the runs are saved as ended in the same step.
 */
// A cleared schedule's count still holds (scheduleTally), so it gets back what it did not spend.
export const releaseUnspent: (ctx: PlatformPorts, runs: readonly EndedRun[]) => void = STORED.release;

/** Pauses the schedule with a reason the panel shows (saving it again resumes it). */
export function pauseSchedule(ctx: ScheduleContext, reason: string): void {
  const schedule = readSchedule(ctx);
  if (schedule && !schedule.pausedReason) writeSchedule(ctx, { ...schedule, pausedReason: reason });
}
