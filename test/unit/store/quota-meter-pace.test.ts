/**
 * The API's pace is kept in the quota meter's record (src/store/quota-meter.ts): the same one write
 * at the end of an execution that fetched, kept across days (a window does not end at midnight).
 */
import { USER_PROPERTY } from '../../../src/platform/property-keys';
import { recordUsage, storedPace } from '../../../src/store/quota-meter';
import { contextFor, createWorld } from '../fakes/context';

describe('the API’s pace in the quota meter', () => {
  it('rides the meter’s write, is kept when only the meter changes, and across days', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    const writes = () => world.userStore.get(USER_PROPERTY.quotaUsage);
    recordUsage(ctx, 3, undefined, '1|60|60000|5|3|0');
    expect(storedPace(world.userStore)).toBe('1|60|60000|5|3|0');
    recordUsage(ctx, 2);
    expect(storedPace(world.userStore)).toBe('1|60|60000|5|3|0');
    world.clock.time += 24 * 60 * 60 * 1000;
    recordUsage(ctx, 1);
    expect(JSON.parse(writes()!)).toMatchObject({ urlFetches: 1, pace: '1|60|60000|5|3|0' });
    // A pace that changed with no fetch still gets its write.
    recordUsage(ctx, 0, undefined, '1|60|60000|5|4|0');
    expect(storedPace(world.userStore)).toBe('1|60|60000|5|4|0');
  });
});
