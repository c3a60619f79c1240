/**
 * The command line's wait between polls (scripts/lib/poll-pacer.ts): read from the pace the
 * engine keeps in the user's properties (src/api/pace.ts), never learnt a second time.
 */
import { ApiPace } from '../../../src/api/pace';
import { USER_PROPERTY } from '../../../src/platform/property-keys';
import { nextPollWaitMs, pollWaits, windowOpenAt } from '../../../scripts/lib/poll-pacer';

const T0 = 1_700_000_000_000;

/** A runtime whose user properties hold `pace` (in the quota meter's record), at time `now`. */
function runtime(pace: Partial<ApiPace> | undefined, now = T0) {
  const meter = { v: 1, day: '2023-11-14', urlFetches: 3, triggerMs: 0 };
  const stored = JSON.stringify(
    pace ? { ...meter, pace: Object.assign(new ApiPace(), pace).encode() } : meter,
  );
  const user = { getProperty: (key: string) => (key === USER_PROPERTY.quotaUsage ? stored : null) };
  return { properties: { user }, now: () => now } as unknown as Parameters<typeof nextPollWaitMs>[0];
}

describe('the CLI’s wait between polls', () => {
  it('is --poll-ms until the engine learnt how long a job takes, then that time', () => {
    expect(nextPollWaitMs(runtime(undefined), { initialMs: 2_000 })).toBe(2_000);
    expect(nextPollWaitMs(runtime({ jobMs: 1_600 }), { initialMs: 2_000 })).toBe(1_600);
    expect(nextPollWaitMs(runtime({ jobMs: 100 }), { initialMs: 2_000 })).toBe(250);
    expect(nextPollWaitMs(runtime({ jobMs: 120_000 }), { initialMs: 2_000 })).toBe(30_000);
  });

  it('is --poll-ms at a command’s first poll, whatever an earlier command learnt', () => {
    const waits = pollWaits(runtime({ jobMs: 1_600 }), { initialMs: 6_000 });
    expect([waits(), waits(), waits()]).toEqual([6_000, 1_600, 1_600]);
  });

  it('waits out a full window to its end, however long', () => {
    const full = { limit: 60, used: 60, end: T0 + 45_000, jobMs: 1_600 };
    expect(nextPollWaitMs(runtime(full), { initialMs: 2_000 })).toBe(45_000);
    expect(windowOpenAt(runtime(full))).toBe(T0 + 45_000);
    // A window with room, or one that ended: no wait for it.
    expect(windowOpenAt(runtime({ ...full, used: 59 }))).toBe(T0);
    expect(windowOpenAt(runtime(full, T0 + 45_000))).toBe(T0 + 45_000);
  });
});
