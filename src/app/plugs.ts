/**
 * The features the engine asks without importing them: those that start runs of their own, plugged
 * into its one seam for them (engine/run-sources.ts), and the team's rules of who may do what
 * (engine/team.ts). The sources' order is the order their hooks run in: the schedule's count is
 * given back, and it is paused, before the automatic formulas' (as before the seam, so a crash
 * between two writes leaves what it always left).
 */
import { plugRunSources } from '../engine/run-sources';
import { plugTeam } from '../engine/team';
import { TEAM_RULES } from '../features/teams/actor';
import { FORMULA_RUNS } from '../features/formulas/formula-hooks';
import { SCHEDULED_RUNS } from '../features/schedule/schedule-hooks';

/** Plugs every feature's hooks in; every context (app/context.ts, the unit tests' fakes) calls it. */
export function plugFeatures(): void {
  plugRunSources([SCHEDULED_RUNS, FORMULA_RUNS]);
  plugTeam(TEAM_RULES);
}
