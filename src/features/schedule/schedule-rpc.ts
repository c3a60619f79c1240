/** What the sidebar's schedule box may call. */
import * as z from 'zod/mini';
import { lazy } from '../../domain/lazy';
import { scheduleSettingsShape } from './schedule-store';
import * as schedules from '../schedule/schedule-service';
import { call, query } from '../../views/rpc-table';

/**
 * The stored settings' fields, with the checks of user input a stored schedule already passed. The
 * caps are any number here: the use case says in a sentence what a cap must be (a negative or a
 * fractional cap is the user's typing, not a bug of the page).
 */
export const scheduleRequestSchema = /* @__PURE__ */ lazy(() => {
  const shape = scheduleSettingsShape();
  return z.extend(z.object(shape), { sheetName: shape.sheetName.check(z.minLength(1), z.maxLength(200)) });
});

export const SCHEDULE_RPC = {
  getSchedule: query(schedules.getSchedule),
  /** Saves the schedule with the caller's key (taking it over from another user, or resuming it). */
  saveSchedule: call('schedule', scheduleRequestSchema, schedules.saveSchedule),
  clearSchedule: query(schedules.clearSchedule),
  /** Runs the schedule's tick now, within its caps (what the hourly trigger runs): its outcome. */
  runScheduleNow: query(schedules.runNow),
};
