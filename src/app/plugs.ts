/**
 * The features the engine asks without importing them: those that start runs of their own, given
 * to every context as its `sources` (engine/context.ts). Their order is the order their hooks run
 * in: the schedule's count is given back, and it is paused, before the automatic formulas' (as
 * before the seam, so a crash between two writes leaves what it always left).
 */
import type { RunSourceHooks } from '../engine/context';
import { FORMULA_RUNS } from '../features/formulas/formula-hooks';
import { SCHEDULED_RUNS } from '../features/schedule/schedule-hooks';
import { UNDO_HOOKS } from '../features/undo/undo-run';

/** Every feature's hooks; every context (app/context.ts, the unit tests' fakes) carries them. */
export const RUN_SOURCES: readonly RunSourceHooks[] = [SCHEDULED_RUNS, FORMULA_RUNS, UNDO_HOOKS];
