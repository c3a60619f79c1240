/**
 * The document's one schedule, in one document property: which sheet, what to find, how often,
 * the caps, whose key pays (the user who saved it: their trigger runs it), and what today's
 * scheduled runs may cost at most. The use cases are in src/schedule/; the engine only needs to
 * know whether this user's trigger must keep running for it.
 */
import type { JobKind } from '../domain/runs';
import type { EnrichField } from '../domain/fields';
import { DOCUMENT_PROPERTY } from '../platform/property-keys';
import type { PlatformPorts } from '../platform/ports';
import type { RunRecord } from './registry';
import { dayIn } from './local-time';
import { decodeRecord, encodeRecord, SCHEDULE_CODEC } from './stored-records';

export type ScheduleEvery = 'hour' | '6 hours' | 'day';

export const PERIOD_MS: Readonly<Record<ScheduleEvery, number>> = {
  hour: 60 * 60 * 1000,
  '6 hours': 6 * 60 * 60 * 1000,
  day: 24 * 60 * 60 * 1000,
};

export interface ScheduleRecord {
  sheetId: number;
  sheetName: string;
  kind: JobKind;
  fields: EnrichField[];
  every: ScheduleEvery;
  maxCreditsPerRun: number;
  maxCreditsPerDay: number;
  /** Whose key pays: the user who saved it (or took it over). */
  owner: string;
  savedAt: number;
  lastRunAt?: number;
  /** The day (spreadsheet time zone) committedToday counts for. */
  day: string;
  /** What today's scheduled runs may cost at most (their estimates, committed before sending). */
  committedToday: number;
  /** Failed runs in a row. */
  failures: number;
  /** Set when the schedule paused itself: why, in plain words. */
  pausedReason?: string;
  /** What the last tick did, in plain words. */
  lastOutcome?: string;
}

type ScheduleContext = Pick<PlatformPorts, 'documentStore' | 'clock' | 'spreadsheet'>;

/** The schedule, its day's counter reset when the day (spreadsheet time zone) changed. */
export function readSchedule(ctx: ScheduleContext): ScheduleRecord | null {
  const text = ctx.documentStore.get(DOCUMENT_PROPERTY.schedule);
  const decoded = text ? decodeRecord<ScheduleRecord>(SCHEDULE_CODEC, text) : undefined;
  if (!decoded?.ok) return null;
  const day = dayIn(ctx.spreadsheet.timeZone(), ctx.clock.now());
  return decoded.value.day === day ? decoded.value : { ...decoded.value, day, committedToday: 0 };
}

export function writeSchedule(ctx: ScheduleContext, schedule: ScheduleRecord): void {
  ctx.documentStore.set(DOCUMENT_PROPERTY.schedule, encodeRecord(SCHEDULE_CODEC, schedule));
}

export function deleteSchedule(ctx: ScheduleContext): void {
  ctx.documentStore.delete(DOCUMENT_PROPERTY.schedule);
}

/** True when this execution's user owns an active schedule: their trigger must keep running. */
export function scheduleIsMine(ctx: PlatformPorts): boolean {
  const schedule = readSchedule(ctx);
  return !!schedule && !schedule.pausedReason && schedule.owner === ctx.userEmail();
}

/**
 * A scheduled run ended: what it was allowed (its estimate) but did not spend is given back to
 * today's cap, so the cap limits what is charged, not what was feared. Only for a run of the same
 * day (spreadsheet time zone), and only once: the run is saved as ended in the same step.
 */
export function releaseUnspent(ctx: PlatformPorts, runs: readonly RunRecord[]): void {
  const ended = runs.filter((run) => run.source === 'schedule' && run.estimatedCredits !== undefined);
  if (ended.length === 0) return;
  const schedule = readSchedule(ctx);
  if (!schedule) return;
  const zone = ctx.spreadsheet.timeZone();
  let released = 0;
  for (const run of ended)
    if (dayIn(zone, run.startedAt) === schedule.day)
      released += Math.max(0, run.estimatedCredits! - run.credits);
  if (released === 0) return;
  writeSchedule(ctx, { ...schedule, committedToday: Math.max(0, schedule.committedToday - released) });
}
