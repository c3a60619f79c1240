/**
 * The key's daily limit (store/key-limit.ts): reservations count what may be charged, a refusal names
 * the limit and its reset, what was not spent comes back once (a run of another user's gives nothing
 * back to this user's count), and the count starts again at the reset.
 */
import { USER_PROPERTY } from '../../../src/platform/property-keys';
import { readKeyLimit, reserveKeyCredits, returnKeyCredits, setKeyLimit } from '../../../src/store/key-limit';
import { contextFor, createWorld } from '../fakes/context';

describe("the key's daily limit", () => {
  it('reserves, refuses past the limit, gives back what was not spent, and starts again the next day', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    ctx.userStore.set(USER_PROPERTY.userId, 'u-ann');
    // No limit: nothing is counted, and the room is unbounded.
    expect(reserveKeyCredits(ctx, 500)).toBe(Infinity);
    setKeyLimit(ctx, 80);
    expect(reserveKeyCredits(ctx, 60)).toBe(20);
    expect(reserveKeyCredits(ctx)).toBe(20);
    expect(() => reserveKeyCredits(ctx, 21)).toThrow(
      /^Your key's daily limit \(80 credits\) is reached until \d{4}-\d\d-\d\d 00:00\.$/,
    );
    expect(readKeyLimit(ctx)!.used).toBe(60);
    const startedAt = ctx.clock.now();
    // Ann's run spent 52 of its 60; Bob's run (another user) gives nothing back to Ann's count.
    returnKeyCredits(ctx, [
      { unspent: 8, run: { ownerId: 'u-ann', startedAt } },
      { unspent: 30, run: { ownerId: 'u-bob', startedAt } },
      { unspent: -5, run: { ownerId: 'u-ann', startedAt } },
    ]);
    expect(readKeyLimit(ctx)!.used).toBe(52);
    // Clearing and setting the limit again keeps the day's count.
    setKeyLimit(ctx, 0);
    setKeyLimit(ctx, 80);
    expect(readKeyLimit(ctx)!.used).toBe(52);
    world.clock.advance(24 * 60 * 60 * 1000);
    expect(readKeyLimit(ctx)!.used).toBe(0);
    // A run of yesterday gives nothing back to today's count.
    reserveKeyCredits(ctx, 10);
    returnKeyCredits(ctx, [{ unspent: 8, run: { ownerId: 'u-ann', startedAt } }]);
    expect(readKeyLimit(ctx)!.used).toBe(10);
  });

  it('gives nothing back for a run started before the limit was set, which reserved nothing', () => {
    const world = createWorld();
    const ctx = contextFor(world);
    ctx.userStore.set(USER_PROPERTY.userId, 'u-ann');
    const before = ctx.clock.now();
    world.clock.advance(1000);
    setKeyLimit(ctx, 10);
    // Raising it later is no new start: runs reserved on the count meanwhile still give back.
    setKeyLimit(ctx, 20);
    reserveKeyCredits(ctx, 8);
    const since = ctx.clock.now();
    // Fuzz seed 64017: a run started before the limit ended with 60 unspent of its estimate, and
    // the count forgot the 8 another run had reserved (and was charged 6 of).
    returnKeyCredits(ctx, [
      { unspent: 60, run: { ownerId: 'u-ann', startedAt: before } },
      { unspent: 2, run: { ownerId: 'u-ann', startedAt: since } },
    ]);
    expect(readKeyLimit(ctx)!.used).toBe(6);
  });

  it("changes the count only under the user's lock, which their other spreadsheets share", () => {
    const world = createWorld();
    const ctx = contextFor(world);
    setKeyLimit(ctx, 100);
    // Another of the user's executions (another spreadsheet) is counting: this one waits, then refuses.
    world.locks.acquire('user:', 999_999);
    expect(() => reserveKeyCredits(ctx, 10)).toThrow(/being counted by another of your runs/);
    expect(readKeyLimit(ctx)!.used).toBe(0);
    // A question that reserves nothing is answered at once.
    expect(reserveKeyCredits(ctx)).toBe(100);
    world.locks.release('user:', 999_999);
    expect(reserveKeyCredits(ctx, 10)).toBe(90);
  });
});
