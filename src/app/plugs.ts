/**
 * The features the engine asks without importing them: those that start runs of their own, plugged
 * into its one seam for them (engine/run-sources.ts; their order is the order of their hooks:
 * formulas' switch is asked first whether the trigger stays), and the team's rules of who may do
 * what (engine/team.ts).
 */
import { plugRunSources } from '../engine/run-sources';
import { plugTeam } from '../engine/team';
import { TEAM_RULES } from '../features/teams/actor';
import { FORMULA_RUNS } from '../features/formulas/formula-hooks';
import { SCHEDULED_RUNS } from '../features/schedule/schedule-hooks';

/** Plugs every feature's hooks in; every context (app/context.ts, the unit tests' fakes) calls it. */
export function plugFeatures(): void {
  plugRunSources([FORMULA_RUNS, SCHEDULED_RUNS]);
  plugTeam(TEAM_RULES);
}
