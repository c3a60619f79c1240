/**
 * What the schedule plugs into the engine (engine/context.ts, its `sources`): its runs give back to its daily
 * cap what they did not spend, a lost job start pauses it, and an active schedule keeps its payer's
 * trigger (which runs the tick, scheduled-run.ts).
 */
import type { RunSourceHooks } from '../../engine/context';
import { pauseSchedule, readSchedule, releaseUnspent, scheduleIsMine } from './schedule-store';

export const SCHEDULED_RUNS: RunSourceHooks = {
  source: 'schedule',
  release: releaseUnspent,
  startLost: (ctx, run, reason) => {
    if (run.source === 'schedule') pauseSchedule(ctx, reason('save the schedule again'));
  },
  keepsTrigger: scheduleIsMine,
  capToday: (ctx) => {
    const schedule = readSchedule(ctx);
    return schedule && { name: 'Schedule', used: schedule.committedToday, limit: schedule.maxCreditsPerDay };
  },
};
