/**
 * `npm run chaos`: the chaos benchmark (scripts/lib/chaos.ts) at CHAOS_ROWS rows (default 2,000)
 * with `--seed` (or CHAOS_SEED; default 11). One user, and mid-run a job record, the job sheet and
 * the ledger are also broken (scripts/lib/chaos-damage.ts); `--no-damage` leaves the stores alone
 * (`--damage` is accepted, and is the default). `--users 3`: the same chaos with a team of three in
 * one document (scripts/lib/chaos-team.ts, no damage step), two of them sharing a key. Prints one
 * JSON line on stdout, progress on stderr; exits 1 when a target is missed (all counts zero,
 * credits_spent == credits_minimum, every cap held, the Spending tab equal to the emulator's books).
 */
import { parseArgs } from 'node:util';
import { runChaos, type ChaosResult } from './lib/chaos';
import { runTeamChaos, type TeamChaosResult } from './lib/chaos-team';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '1' },
      damage: { type: 'boolean', default: true },
      // Node 20's parseArgs has no negated flags.
      'no-damage': { type: 'boolean', default: false },
      seed: { type: 'string' },
    },
  });
  const users = Number(values.users);
  if (users !== 1 && users !== 3) throw new Error(`--users takes 1 or 3 (not ${values.users})`);
  if (values.seed !== undefined && !/^\d+$/.test(values.seed))
    throw new Error(`--seed takes a whole number (not ${values.seed})`);
  const options = {
    rows: Number(process.env.CHAOS_ROWS ?? 2000),
    seed: Number(values.seed ?? process.env.CHAOS_SEED ?? 11),
    damage: values.damage && !values['no-damage'],
    log: (line: string) => process.stderr.write(`${line}\n`),
  };
  const { result } = users === 1 ? await runChaos(options) : await runTeamChaos(options);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  if (missedTargets(result)) process.exitCode = 1;
}

/** True when a count is not zero, the credits spent are not the minimum, or a cap was overrun. */
export function missedTargets(result: ChaosResult | TeamChaosResult): boolean {
  const team = 'users' in result ? result.schedule_cap_overruns + result.auto_cap_overruns : 0;
  return (
    result.lost +
      result.misplaced +
      result.written_twice +
      result.charged_twice +
      result.rows_without_final_status +
      team +
      ('spending' in result ? result.spending.mismatches : 0) >
      0 || result.credits_spent !== result.credits_minimum
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
