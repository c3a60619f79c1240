/**
 * Adapters: the clock, and the execution's time budget. Apps Script has no "time left" API, so the
 * budget counts from when the execution's context was created (each entry point creates one right
 * away; in Apps Script that is within milliseconds of the script loading).
 */
import type { BudgetPort, ClockPort } from './ports';

export const systemClock: ClockPort = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(ms),
};

/** `limitMs`: LIMITS.executionMs for runs, LIMITS.customFunctionMs for custom functions. */
export function executionBudget(clock: ClockPort, limitMs: number, startedAt = clock.now()): BudgetPort {
  return { remainingMs: () => limitMs - (clock.now() - startedAt) };
}

/**
 * The email of the user this execution runs as (the trigger's owner in a trigger); "" when Apps
 * Script does not tell (custom functions, some consumer-account contexts).
 */
export const effectiveUserEmail = (): string => Session.getEffectiveUser().getEmail() ?? '';
