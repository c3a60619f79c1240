/**
 * A daily cap's count starts again at a moment fixed when the count started: switching the
 * spreadsheet's time zone (to UTC+14 and back, as an editor did to buy 102 credits under a cap of
 * 40) or switching the automatic mode off and on never starts another day's cap early.
 */
import type { PlatformPorts } from '../../../src/platform/ports';
import {
  autoPayingNow,
  readFormulaAuto,
  releaseAutomatic,
  setFormulaAuto,
  writeFormulaAuto,
} from '../../../src/features/formulas/formula-auto-setting';
import { capDay, minuteIn } from '../../../src/store/local-time';
import type { RunRecord } from '../../../src/store/registry';
import { userIdOf } from '../../../src/store/user-identity';
import { USER_PROPERTY } from '../../../src/platform/property-keys';

const readOwner = (ctx: PlatformPorts) => userIdOf(ctx.userStore);
import { createWorld } from '../fakes/context';
import { FakeClock } from '../fakes/ports';

const HOUR = 60 * 60 * 1000;

function setup() {
  const world = createWorld();
  const clock = new FakeClock(Date.UTC(2025, 0, 15, 9, 0, 0));
  let zone = 'Etc/UTC';
  const ctx = {
    documentStore: world.documentStore,
    userStore: world.userStore,
    clock,
    spreadsheet: { timeZone: () => zone },
    userEmail: () => 'ann@example.com',
  } as unknown as PlatformPorts;
  return { ctx, clock, setZone: (next: string) => (zone = next) };
}

describe('the automatic mode’s daily cap', () => {
  it('keeps its count through time-zone changes and off/on, and starts again at the fixed reset', () => {
    const { ctx, clock, setZone } = setup();
    const auto = setFormulaAuto(ctx, true, 40)!;
    writeFormulaAuto(ctx, { ...auto, committed: 40 });
    setZone('Pacific/Kiritimati'); // UTC+14: already the next day there
    expect(readFormulaAuto(ctx)?.committed).toBe(40);
    clock.advance(80 * 60 * 1000);
    setZone('Etc/UTC');
    expect(readFormulaAuto(ctx)?.committed).toBe(40);
    setZone('Pacific/Pago_Pago'); // UTC-11: the day before there
    expect(readFormulaAuto(ctx)?.committed).toBe(40);
    setFormulaAuto(ctx, false, 40);
    expect(readFormulaAuto(ctx)).toBeNull();
    expect(setFormulaAuto(ctx, true, 40)?.committed).toBe(40);
    // The reset fixed when the count started: the next UTC midnight after 09:00.
    clock.time = Date.UTC(2025, 0, 15, 23, 59);
    expect(readFormulaAuto(ctx)?.committed).toBe(40);
    clock.time = Date.UTC(2025, 0, 16, 0, 1);
    // Still the 15th in Pago Pago (until 11:00 UTC); read in UTC, the 16th has begun.
    expect(readFormulaAuto(ctx)?.committed).toBe(40);
    setZone('Etc/UTC');
    expect(readFormulaAuto(ctx)?.committed).toBe(0);
  });

  it("a run started yesterday gives nothing back to today's count when it ends: today's cap holds", () => {
    const { ctx, clock } = setup();
    writeFormulaAuto(ctx, { ...setFormulaAuto(ctx, true, 40)!, committed: 40 });
    const yesterdays = { ownerId: readOwner(ctx), automatic: true, startedAt: clock.now() } as RunRecord;
    // The next day: a fresh count, all 40 committed by today's runs.
    clock.time = Date.UTC(2025, 0, 16, 10);
    writeFormulaAuto(ctx, { ...readFormulaAuto(ctx)!, committed: 40 });
    const todays = { ...yesterdays, startedAt: clock.now() };
    // Yesterday's run ends with 30 of its 40 unspent: they were yesterday's, today's count keeps 40.
    releaseAutomatic(ctx, [{ run: yesterdays, unspent: 30 }]);
    expect(readFormulaAuto(ctx)?.committed).toBe(40);
    // Today's own run gives back what it did not spend.
    releaseAutomatic(ctx, [{ run: todays, unspent: 10 }]);
    expect(readFormulaAuto(ctx)?.committed).toBe(30);
  });
});

describe('a daily cap follows the person who pays', () => {
  it("counts each payer's own commitments: taking over neither inherits nor resets a count", () => {
    const { ctx } = setup();
    const world2 = createWorld();
    const bob = { ...ctx, userStore: world2.userStore, userEmail: () => 'bob@example.com' } as PlatformPorts;
    writeFormulaAuto(ctx, { ...setFormulaAuto(ctx, true, 40)!, committed: 40 });
    // Bob takes over: his key pays from now on, counted from his own 0.
    expect(setFormulaAuto(bob, true, 40)?.committed).toBe(0);
    writeFormulaAuto(bob, { ...readFormulaAuto(bob)!, committed: 15 });
    // Ann's run sent before the takeover ends with 30 of its 40 unspent: back to Ann's count only.
    const annsRun = { ownerId: readOwner(ctx), automatic: true, startedAt: ctx.clock.now() };
    releaseAutomatic(bob, [{ run: annsRun as RunRecord, unspent: 30 }]);
    expect(readFormulaAuto(bob)?.committed).toBe(15);
    // Ann takes it back the same day: her 10 still count, Bob's 15 are kept for him.
    expect(setFormulaAuto(ctx, true, 40)?.committed).toBe(10);
    expect(setFormulaAuto(bob, true, 40)?.committed).toBe(15);
  });
});

describe("a daily cap is its key's", () => {
  it('two people sharing one key, or one whose stored identity was lost, share one count', () => {
    const { ctx } = setup();
    ctx.userStore.set(USER_PROPERTY.apiKey, 'shared-key-0123456789');
    const world2 = createWorld();
    world2.userStore.set(USER_PROPERTY.apiKey, 'shared-key-0123456789');
    const bob = { ...ctx, userStore: world2.userStore, userEmail: () => 'bob@example.com' } as PlatformPorts;
    writeFormulaAuto(ctx, { ...setFormulaAuto(ctx, true, 50)!, committed: 50 });
    expect(setFormulaAuto(bob, true, 50)?.committed).toBe(50);
    // Ann's stored identity is lost: she is a new user to Sheet Enrich, with the same key.
    ctx.userStore.deleteMany([USER_PROPERTY.userId]);
    expect(setFormulaAuto(ctx, true, 50)?.committed).toBe(50);
  });
});

describe('capDay', () => {
  it('never ends a count before its fixed reset, ends it at a midnight of the zone, and reads a record without one by its day', () => {
    const resetAt = Date.UTC(2025, 0, 16);
    expect(capDay({ day: '2025-01-15', resetAt }, 'Pacific/Kiritimati', resetAt - HOUR)).toMatchObject({
      current: true,
      resetAt,
    });
    // Kiritimati's first midnight at or after the reset is 10:00 UTC: the count holds until then.
    expect(capDay({ day: '2025-01-15', resetAt }, 'Pacific/Kiritimati', resetAt + 9 * HOUR)).toMatchObject({
      current: true,
      resetAt,
    });
    expect(capDay({ day: '2025-01-15', resetAt }, 'Pacific/Kiritimati', resetAt + 10 * HOUR)).toMatchObject({
      current: false,
      resetAt: resetAt + 34 * HOUR,
    });
    expect(
      capDay({ day: '2025-01-15', resetAt }, 'Pacific/Kiritimati', resetAt + 3 * 24 * HOUR),
    ).toMatchObject({ current: false, resetAt: resetAt + 3 * 24 * HOUR + 10 * HOUR });
    const now = Date.UTC(2025, 0, 15, 9);
    expect(capDay({ day: '2025-01-15' }, 'Etc/UTC', now)).toEqual({
      current: true,
      day: '2025-01-15',
      resetAt,
    });
    expect(capDay({ day: '2025-01-14' }, 'Etc/UTC', now).current).toBe(false);
  });

  it('keeps a count started in Paris until midnight UTC once the zone moved to UTC (one day, one cap)', () => {
    const { ctx, clock, setZone } = setup();
    setZone('Europe/Paris');
    // 12:00 UTC, 13:00 in Paris: the count's reset is Paris's midnight, 23:00 UTC.
    clock.time = Date.UTC(2025, 0, 15, 12);
    writeFormulaAuto(ctx, { ...setFormulaAuto(ctx, true, 1)!, committed: 1 });
    setZone('Etc/UTC');
    // 23:30 UTC: still the 15th where the document now reads its days; the day's 1 credit is spent.
    clock.time = Date.UTC(2025, 0, 15, 23, 30);
    expect(readFormulaAuto(ctx)?.committed).toBe(1);
    clock.time = Date.UTC(2025, 0, 16, 0, 1);
    expect(readFormulaAuto(ctx)).toMatchObject({ committed: 0, day: '2025-01-16' });
  });

  it('ends a day a clock change made 23 hours long at its real midnight', () => {
    const { ctx, clock, setZone } = setup();
    setZone('Europe/Paris');
    // 30 March 2025 lasts 23 hours in Paris: its midnight is 22:00 UTC, not 23:00.
    clock.time = Date.UTC(2025, 2, 30, 0, 30); // 01:30 in Paris, before the clocks move
    writeFormulaAuto(ctx, { ...setFormulaAuto(ctx, true, 1)!, committed: 1 });
    expect(readFormulaAuto(ctx)?.resetAt).toBe(Date.UTC(2025, 2, 30, 22));
    clock.time = Date.UTC(2025, 2, 30, 22, 30);
    expect(readFormulaAuto(ctx)).toMatchObject({ committed: 0, day: '2025-03-31' });
  });
});

describe('a standing order spends on the count of the key its payer has saved now (stop 62)', () => {
  it("a person's key saved again, mistyped or right, opens no fresh count", () => {
    const { ctx } = setup();
    ctx.userStore.set(USER_PROPERTY.apiKey, 'right-key-0123456789');
    writeFormulaAuto(ctx, { ...setFormulaAuto(ctx, true, 5)!, committed: 3 });
    // A mistyped key saved, the mode switched on again: the same person's count comes along (seed
    // 64058: it started from 0, the mistyped key's own).
    ctx.userStore.set(USER_PROPERTY.apiKey, 'typo-key-0123456789');
    expect(setFormulaAuto(ctx, true, 5)?.committed).toBe(3);
    // The right key saved back: what it spends counts on that 3 (it counted on the mistyped key's).
    ctx.userStore.set(USER_PROPERTY.apiKey, 'right-key-0123456789');
    const paying = autoPayingNow(ctx, readFormulaAuto(ctx)!);
    expect(paying.committed).toBe(3);
    // The key that pays already: nothing changes.
    expect(autoPayingNow(ctx, paying)).toBe(paying);
    // Another person taking over with the mistyped key starts from that key's count (3), not 0.
    const world2 = createWorld();
    world2.userStore.set(USER_PROPERTY.apiKey, 'typo-key-0123456789');
    const bob = { ...ctx, userStore: world2.userStore, userEmail: () => 'bob@example.com' } as PlatformPorts;
    writeFormulaAuto(ctx, paying);
    expect(setFormulaAuto(bob, true, 5)?.committed).toBe(3);
  });

  it('one who saves the key another person paid with today spends on that key’s count', () => {
    const { ctx } = setup();
    ctx.userStore.set(USER_PROPERTY.apiKey, 'shared-key-0123456789');
    writeFormulaAuto(ctx, { ...setFormulaAuto(ctx, true, 50)!, committed: 40 });
    // Bob takes over with his own key (from its 0, Ann's 40 kept aside for the shared key) …
    const world2 = createWorld();
    world2.userStore.set(USER_PROPERTY.apiKey, 'bobs-key-0123456789');
    const bob = { ...ctx, userStore: world2.userStore, userEmail: () => 'bob@example.com' } as PlatformPorts;
    writeFormulaAuto(bob, { ...setFormulaAuto(bob, true, 50)!, committed: 10 });
    // … then saves the key he shares with Ann: his 10 are less than what that key spent today, so
    // only the record re-read as that key pays leaves 10 of its cap, not 40 (80 of 50 spent).
    world2.userStore.set(USER_PROPERTY.apiKey, 'shared-key-0123456789');
    expect(autoPayingNow(bob, readFormulaAuto(bob)!).committed).toBe(40);
  });
});

describe('local time', () => {
  it('reads each zone with its own rules however the zones alternate, an unknown one as UTC', () => {
    const at = Date.UTC(2026, 2, 29, 0, 30); // Paris moves to summer time at 01:00 UTC that day
    const read = () =>
      ['Europe/Paris', 'Not/AZone', 'Asia/Kolkata', 'Europe/Paris'].map((zone) => minuteIn(zone, at));
    const expected = ['2026-03-29 01:30', '2026-03-29 00:30', '2026-03-29 06:00', '2026-03-29 01:30'];
    expect(read()).toEqual(expected);
    expect(read()).toEqual(expected);
    expect(minuteIn('Europe/Paris', at + 3_600_000)).toBe('2026-03-29 03:30');
  });
});
