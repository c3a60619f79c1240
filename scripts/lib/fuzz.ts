/**
 * The model-based fuzzer (issue 28): fast-check draws sequences of actions (fuzz-model.ts), each
 * runs in a fresh world against one emulator per process (fuzz-world.ts), the invariants are
 * checked after every step and at the end, once everything settled and the rows were run again
 * as people do (fuzz-invariants.ts). Each case draws a `randSeed` beside its actions: the add-on's
 * Math.random and ids, its clock and the emulator's follow it (FuzzWorld), so a case gives the same
 * outcome every time it runs, in a search or alone. A failure is replayed from its seed and path, or
 * from its actions and randSeed, and shrunk by fast-check (randSeed kept) to the shortest sequence
 * that still breaks the same invariant.
 * `npm run fuzz -- --runs N` (scripts/fuzz.ts) runs a long search; test/fuzz runs a short one.
 */
import fc from 'fast-check';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import { describeSequence, type Action } from './fuzz-model';
import { sequenceArbitrary } from './fuzz-swarm';
import { FuzzWorld, startFuzzEmulator } from './fuzz-world';
import { rerunEverything, settle } from './fuzz-settle';
import { checkCharges, checkEnd, checkStep, type Violation } from './fuzz-invariants';

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** Longest sequence drawn. */
  maxSteps?: number;
  /** Stops drawing new cases (and shrinking) after this long; the cases run so far count. */
  timeLimitMs?: number;
  /** Actions left out ("damage:runRecord", "retry"…): to search past a known finding. */
  without?: string[];
  /** Replays one case: the `path` a failure reported, with its seed. */
  path?: string;
  /** Swarm testing: each case draws from a random subset of the kinds of action (fuzz-model.ts). */
  swarm?: boolean;
  /** With `swarm`: cases of this story alone (1-based in fuzz-stories.ts), to measure its power. */
  story?: number;
  /** Another build of the add-on (a folder holding Code.js): replays a case on older code. */
  distDir?: string;
  /** False: report the first failing case as drawn, without shrinking it (the mutation check). */
  shrink?: boolean;
  log?: (line: string) => void;
}

export interface FuzzReport {
  seed: number;
  /** Cases run, shrinking included. */
  cases: number;
  msPerCase: number;
  failure?: {
    invariant: string;
    detail: string;
    path: string;
    shrunk: Action[];
    /** The shrunk case's randomness and clocks: `npm run fuzz -- --rand-seed N --case '…'`. */
    randSeed: number;
    text: string;
    /** The case (1-based, shrinking not counted) that first broke an invariant. */
    foundAt: number;
  };
}

class InvariantBroken extends Error {
  constructor(
    readonly violation: Violation,
    readonly step: number,
  ) {
    super(`${violation.invariant} after step ${step}: ${violation.detail}`);
  }
}

/** What a case runs on besides its actions: its randomness and clocks (FuzzWorld), the build. */
export interface CaseSetup {
  randSeed?: number;
  distDir?: string;
}

/** The command that replays a case alone, with the same outcome. */
export const replayCommand = (actions: readonly Action[], randSeed: number): string =>
  `npm run fuzz -- --rand-seed ${randSeed} --case '${JSON.stringify(actions)}'`;

/** Runs one sequence; throws InvariantBroken at the first step that breaks an invariant. */
export async function runCase(
  emulator: SpawnedEmulator,
  actions: readonly Action[],
  setup: CaseSetup = {},
): Promise<void> {
  const world = await FuzzWorld.open(emulator, setup.randSeed ?? 0, setup.distDir);
  try {
    for (const [index, action] of actions.entries()) {
      await world.step(action);
      const broken = await checkStep(world, 'who' in action ? action.who : 'ann');
      if (broken) throw new InvariantBroken(broken, index + 1);
    }
    // Before settling: a second charge here belongs to the case's own steps.
    const charged = await checkCharges(world);
    if (charged) throw new InvariantBroken(charged, actions.length);
    await settle(world);
    rerunEverything(world);
    await settle(world);
    const broken = (await checkStep(world)) ?? (await checkCharges(world)) ?? (await checkEnd(world));
    if (broken) throw new InvariantBroken(broken, actions.length + 1);
  } finally {
    world.close();
  }
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const emulator = await startFuzzEmulator();
  let cases = 0;
  let foundAt = 0;
  const started = Date.now();
  try {
    const property = fc.asyncProperty(
      sequenceArbitrary(options.maxSteps ?? 12, options.without, options.swarm, options.story),
      // Not shrunk: shrinking asks which steps matter under the randomness the failure had.
      fc.noShrink(fc.nat()),
      async (actions, randSeed) => {
        cases++;
        if (cases % 25 === 0)
          log(`fuzz: ${cases} cases, ${Math.round((Date.now() - started) / cases)} ms each`);
        try {
          await runCase(emulator, actions, { randSeed, distDir: options.distDir });
        } catch (error) {
          foundAt ||= cases;
          throw error;
        }
      },
    );
    const details = await fc.check(property, {
      seed: options.seed,
      numRuns: options.runs,
      ...(options.path ? { path: options.path } : {}),
      ...(options.timeLimitMs ? { interruptAfterTimeLimit: options.timeLimitMs } : {}),
      ...(options.shrink === false ? { endOnFailure: true } : {}),
    });
    const report: FuzzReport = {
      seed: options.seed,
      cases,
      msPerCase: Math.round((Date.now() - started) / Math.max(1, cases)),
    };
    if (!details.failed || !details.counterexample) return report;
    const [shrunk, randSeed] = details.counterexample;
    const error = details.errorInstance;
    const violation =
      error instanceof InvariantBroken ? error.violation : { invariant: 'error', detail: String(error) };
    return {
      ...report,
      failure: {
        ...violation,
        path: details.counterexamplePath ?? '',
        foundAt,
        shrunk,
        randSeed,
        text: [
          String(error instanceof Error ? error.message : error),
          describeSequence(shrunk),
          `replay: ${replayCommand(shrunk, randSeed)}`,
        ].join('\n'),
      },
    };
  } finally {
    await emulator.stop();
  }
}
