/** The bench's `load_ms` (scripts/lib/load-time.ts): every round compiles and runs in a fresh context. */
import { loadTimeMs } from '../../../scripts/lib/load-time';

describe('loadTimeMs', () => {
  it('runs the code once per round, each time in a fresh context', () => {
    // A second run in the same context would find its own global and throw.
    const once = 'if (globalThis.loaded) throw new Error("reused context"); globalThis.loaded = true;';
    const ms = loadTimeMs(once, 5);
    expect(Number.isFinite(ms)).toBe(true);
    expect(ms).toBeGreaterThanOrEqual(0);
  });
});
