/**
 * One fuzz emulator for a test file, as the fuzzer has one per process (each case resets it:
 * FuzzWorld.open), and a replayer of fuzz cases on it. Call inside a `describe`.
 */
import { runCase } from '../../scripts/lib/fuzz';
import type { Action } from '../../scripts/lib/fuzz-model';
import { startFuzzEmulator } from '../../scripts/lib/fuzz-world';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';

export function fuzzCases(): {
  emulator: () => SpawnedEmulator;
  replay: (actions: readonly Action[], randSeed?: number) => Promise<void>;
} {
  let emulator: SpawnedEmulator | undefined;
  beforeAll(async () => {
    emulator = await startFuzzEmulator();
  });
  afterAll(async () => emulator?.stop());
  return {
    emulator: () => emulator!,
    replay: (actions, randSeed = 0) => runCase(emulator!, actions, { randSeed }),
  };
}
