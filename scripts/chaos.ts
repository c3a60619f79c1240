/**
 * `npm run chaos`: the chaos benchmark (scripts/lib/chaos.ts) at CHAOS_ROWS rows (default 2,000)
 * with CHAOS_SEED (default 11). Prints one JSON line on stdout, progress on stderr; exits 1 when a
 * target is missed (all counts zero, credits_spent == credits_minimum).
 */
import { runChaos } from './lib/chaos';

async function main(): Promise<void> {
  const { result } = await runChaos({
    rows: Number(process.env.CHAOS_ROWS ?? 2000),
    seed: Number(process.env.CHAOS_SEED ?? 11),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  const missed =
    result.lost +
      result.misplaced +
      result.written_twice +
      result.charged_twice +
      result.rows_without_final_status >
      0 || result.credits_spent !== result.credits_minimum;
  if (missed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`chaos: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
