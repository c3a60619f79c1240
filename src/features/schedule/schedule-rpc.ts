/** What the sidebar's schedule box may call. */
import * as z from 'zod/mini';
import { ENRICH_FIELDS } from '../../domain/fields';
import { JOB_KINDS } from '../../domain/runs';
import * as schedules from '../schedule/schedule-service';
import { call, query, wholeNumber } from '../../views/rpc-table';

const scheduleRequest = () =>
  z.object({
    sheetName: z.string().check(z.minLength(1), z.maxLength(200)),
    kind: z.enum(JOB_KINDS),
    fields: z.array(z.enum(ENRICH_FIELDS)),
    every: z.enum(['hour', '6 hours', 'day']),
    maxCreditsPerRun: wholeNumber(0, 10_000_000),
    maxCreditsPerDay: wholeNumber(0, 10_000_000),
  });

export const SCHEDULE_RPC = {
  getSchedule: query(schedules.getSchedule),
  /** Saves the schedule with the caller's key (taking it over from another user, or resuming it). */
  saveSchedule: call('schedule', scheduleRequest, schedules.saveSchedule),
  clearSchedule: query(schedules.clearSchedule),
};
