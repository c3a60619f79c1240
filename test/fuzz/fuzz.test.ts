/**
 * The model-based fuzzer's short budget for CI (issue 28): a fixed seed, the full action set, at most
 * FUZZ_CI_CASES cases or ~45 s of them (2 cores). A failure prints the invariant and the shrunk
 * sequence; `npm run fuzz -- --seed S --path P` replays it. `npm run fuzz -- --runs N` searches longer.
 */
import { runFuzz } from '../../scripts/lib/fuzz';

const SEED = Number(process.env.FUZZ_SEED ?? 28);
const CASES = Number(process.env.FUZZ_CI_CASES ?? 40);

describe('the add-on under random team actions, faults, damage and clock jumps', () => {
  it('keeps every invariant: paid once, caps, nothing lost, no key in any form', async () => {
    const report = await runFuzz({ runs: CASES, seed: SEED, maxSteps: 10, timeLimitMs: 45_000 });
    expect(report.cases).toBeGreaterThan(0);
    expect(report.failure?.text).toBeUndefined();
  }, 120_000);
});
