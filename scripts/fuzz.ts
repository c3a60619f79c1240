/**
 * `npm run fuzz -- --runs N [--seed S] [--steps M] [--seconds T] [--without a,b] [--path P]
 * [--swarm [--story N]] [--no-shrink] [--dist DIR]`,
 * or `--case '<JSON array of actions>' [--rand-seed N]`: the model-based fuzzer of issue 28
 * (scripts/lib/fuzz.ts) over the built add-on. Prints one JSON line (seed, cases, ms per case, and
 * the shrunk failing sequence if any, with the `--rand-seed` and `--case` that replay it) and exits
 * 1 when an invariant broke. `--path` with the seed of a failure replays that very case.
 */
import { parseArgs } from 'node:util';
import { startFuzzEmulator } from './lib/fuzz-world';
import { runCase, runFuzz, type CaseSetup } from './lib/fuzz';
import type { Action } from './lib/fuzz-model';

/** `--case '[{"kind":"run",…},…]'`: runs one sequence (a shrunk one from docs/fuzz-findings.md). */
async function replay(actions: Action[], setup: CaseSetup): Promise<void> {
  const emulator = await startFuzzEmulator();
  try {
    await runCase(emulator, actions, setup);
    process.stdout.write('every invariant held\n');
  } catch (error) {
    process.stdout.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await emulator.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '200' },
      seed: { type: 'string', default: String(Date.now() % 1_000_000) },
      steps: { type: 'string', default: '12' },
      path: { type: 'string' },
      case: { type: 'string' },
      /** The case's randomness and clocks (a failure's report names it); default 0. */
      'rand-seed': { type: 'string', default: '0' },
      /** A folder holding another build's Code.js (e.g. of the code before a fix). */
      dist: { type: 'string' },
      /** Comma-separated actions to leave out, e.g. damage:runRecord,retry (a known finding). */
      without: { type: 'string', default: '' },
      /** Stop drawing (and shrinking) after this many seconds. */
      seconds: { type: 'string' },
      /** Swarm testing: each case uses a random subset of the kinds of action. */
      swarm: { type: 'boolean', default: false },
      /** With --swarm: draw only the Nth story of scripts/lib/fuzz-stories.ts (its power, measured). */
      story: { type: 'string' },
      /** Report the first failing case without shrinking it (the mutation check, scripts/mutants.ts). */
      'no-shrink': { type: 'boolean', default: false },
    },
  });
  const distDir = values.dist;
  if (values.case)
    return replay(JSON.parse(values.case) as Action[], {
      randSeed: Number(values['rand-seed']),
      distDir,
    });
  const report = await runFuzz({
    runs: Number(values.runs),
    seed: Number(values.seed),
    maxSteps: Number(values.steps),
    ...(values.path ? { path: values.path } : {}),
    without: values.without.split(',').filter(Boolean),
    ...(values.seconds ? { timeLimitMs: Number(values.seconds) * 1000 } : {}),
    ...(values['no-shrink'] ? { shrink: false } : {}),
    swarm: values.swarm,
    ...(values.story ? { story: Number(values.story) } : {}),
    distDir,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  if (report.failure) process.stderr.write(`${report.failure.text}\n`);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  if (report.failure) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`fuzz: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
