/** What the sidebar's schedule box may call. */
import * as z from 'zod/mini';
import { lazy } from '../../domain/lazy';
import { scheduleSettingsShape } from '../../store/schedule-store';
import * as schedules from '../schedule/schedule-service';
import { call, query, wholeNumber } from '../../views/rpc-table';

/** The stored settings' fields, with the checks of user input a stored schedule already passed. */
export const scheduleRequestSchema = /* @__PURE__ */ lazy(() => {
  const shape = scheduleSettingsShape();
  return z.object({
    ...shape,
    sheetName: shape.sheetName.check(z.minLength(1), z.maxLength(200)),
    maxCreditsPerRun: wholeNumber(0, 10_000_000),
    maxCreditsPerDay: wholeNumber(0, 10_000_000),
  });
});

export const SCHEDULE_RPC = {
  getSchedule: query(schedules.getSchedule),
  /** Saves the schedule with the caller's key (taking it over from another user, or resuming it). */
  saveSchedule: call('schedule', scheduleRequestSchema, schedules.saveSchedule),
  clearSchedule: query(schedules.clearSchedule),
};
