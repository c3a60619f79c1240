/** What the sidebar's schedule box may call. */
import * as schedules from '../schedule/schedule-service';
import { call, query } from '../../rpc/table';

export const SCHEDULE_RPC = {
  getSchedule: query(schedules.getSchedule),
  /** Saves the schedule with the caller's key (taking it over from another user, or resuming it). */
  saveSchedule: call('schedule', schedules.scheduleRequestSchema, schedules.saveSchedule),
  clearSchedule: query(schedules.clearSchedule),
  /** Runs the schedule's tick now, within its caps (what the hourly trigger runs): its outcome. */
  runScheduleNow: query(schedules.runNow),
};
