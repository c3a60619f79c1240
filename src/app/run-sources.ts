/**
 * The features that start runs of their own, plugged into the engine's one seam for them
 * (engine/run-sources.ts). Their order is the order of their hooks: formulas' switch is asked
 * first whether the trigger stays.
 */
import { plugRunSources } from '../engine/run-sources';
import { FORMULA_RUNS } from '../features/formulas/formula-hooks';
import { SCHEDULED_RUNS } from '../features/schedule/schedule-hooks';

/** Plugs every feature's hooks in; every context (app/context.ts, the unit tests' fakes) calls it. */
export function plugFeatures(): void {
  plugRunSources([FORMULA_RUNS, SCHEDULED_RUNS]);
}
