/**
 * The API's pace (src/api/pace.ts): the rate-limit window learnt from 429s with Retry-After, and the
 * time a job takes learnt from polls; the client counts every request in it (transport.ts). A fake
 * clock: every figure is exact.
 */
import { ApiPace, JOB_GROWTH, JOB_SHRINK } from '../../../src/api/pace';
import { clientOf, FakeClock, json, setup, thrown } from './fakes';

const T0 = 1_700_000_000_000;
const limited = (seconds: number) =>
  json(
    429,
    { code: 'error.rate.limit', message: 'Too many requests. Try again in 1m' },
    { 'Retry-After': String(seconds) },
  );

describe('ApiPace: the window', () => {
  it('paces nothing until a 429 says so', () => {
    const pace = new ApiPace();
    pace.sent(500, T0);
    expect(pace.room(T0)).toBe(Infinity);
    expect(pace.openAt(T0)).toBe(T0);
  });

  it('learns the limit and the window from a 429 with Retry-After: what got through since our count began', () => {
    const pace = new ApiPace();
    pace.sent(42, T0);
    pace.sent(20, T0 + 1_000);
    // 18 of the last 20 got through: 60 in the window, which ends 59 s later.
    pace.refused(2, 59_000, T0 + 1_000);
    expect(pace.limit).toBe(60);
    expect(pace.windowMs).toBe(60_000);
    expect(pace.room(T0 + 59_999)).toBe(0);
    expect(pace.openAt(T0 + 30_000)).toBe(T0 + 60_000);
    // The next window begins with our first request after it ended (and a quarter second more, as
    // the API's begins when that request arrives), and holds 60.
    expect(pace.room(T0 + 60_000)).toBe(60);
    pace.sent(45, T0 + 70_000);
    expect(pace.room(T0 + 130_249)).toBe(15);
    expect(pace.room(T0 + 130_250)).toBe(60);
  });

  it('learns only the end when nothing got through in our count (it began inside the API’s window)', () => {
    const pace = Object.assign(new ApiPace(), { limit: 60 });
    pace.sent(20, T0);
    pace.refused(20, 30_000, T0);
    expect(pace.limit).toBe(60);
    expect(pace.windowMs).toBe(60_000);
    expect(pace.room(T0 + 29_999)).toBe(0);
    expect(pace.room(T0 + 30_000)).toBe(60);
  });

  it('keeps to a few bytes, and starts afresh from an unreadable one', () => {
    const pace = Object.assign(new ApiPace(), {
      limit: 60,
      windowMs: 61_000,
      end: T0,
      used: 37,
      jobMs: 1_800,
    });
    expect(pace.encode()).toBe(`1|60|61000|${T0}|37|1800`);
    expect(ApiPace.decode(pace.encode())).toEqual(pace);
    for (const bad of [null, '', 'x', '2|60|61000|0|0|0', '1|60|-1|0|0|0', '1|60|61000|0|0'])
      expect(ApiPace.decode(bad)).toEqual(new ApiPace());
  });
});

describe('ApiPace: the time a job takes', () => {
  it('is the age of the first wave’s youngest answered job, then shrinks a little with each wave answered in time', () => {
    const pace = new ApiPace();
    pace.polled([
      { ageMs: 2_000, ready: true },
      { ageMs: 2_400, ready: true },
    ]);
    expect(pace.jobMs).toBe(2_000);
    expect(pace.readyAt(T0)).toBe(T0 + 2_000);
    pace.polled([{ ageMs: 2_100, ready: true }]);
    expect(pace.jobMs).toBe(Math.round(2_000 * JOB_SHRINK));
  });

  it('grows a quarter past the age of a job found not ready', () => {
    const pace = Object.assign(new ApiPace(), { jobMs: 1_500 });
    pace.polled([
      { ageMs: 1_600, ready: true },
      { ageMs: 1_700, ready: false },
    ]);
    expect(pace.jobMs).toBe(1_700 * JOB_GROWTH);
  });

  it('learns nothing from a job polled long after its time (a stuck job, an hourly trigger)', () => {
    const pace = Object.assign(new ApiPace(), { jobMs: 1_500 });
    pace.polled([{ ageMs: 3_600_000, ready: false }]);
    pace.polled([{ ageMs: 60_000, ready: true }]);
    expect(pace.jobMs).toBe(1_500);
    // Nor a first answer found late: it would be taken as the time jobs take.
    const unknown = new ApiPace();
    unknown.polled([{ ageMs: 25_000, ready: true }]);
    expect(unknown.jobMs).toBe(0);
  });
});

describe('the client counts every request in the window', () => {
  const balance = '/api/v2/account/credits';

  it('learns the window from a 429 with Retry-After; a 429 without one teaches nothing', () => {
    const pace = new ApiPace();
    const s = setup({ retryPolicy: { maxAttempts: 1 }, pace });
    s.http.on('get', balance, json(200, { balance: 5 }), json(200, { balance: 5 }), limited(58));
    const client = clientOf(s);
    client.creditBalance();
    client.creditBalance();
    expect(() => client.creditBalance()).toThrow();
    expect(pace.limit).toBe(2);
    expect(pace.room(s.clock.now())).toBe(0);

    const unlearnt = new ApiPace();
    const bare = setup({ retryPolicy: { maxAttempts: 1 }, pace: unlearnt });
    bare.http.on('get', balance, json(429, { code: 'error.rate.limit', message: 'Try again in 1m' }));
    expect(() => clientOf(bare).creditBalance()).toThrow();
    expect(unlearnt.limit).toBe(0);
  });

  /** A balance call at T0 (deadline: the clock's default) with the window full until `endsIn`. */
  function fullWindow(endsIn: number, deadline?: number) {
    const clock = new FakeClock(T0, deadline);
    const pace = Object.assign(new ApiPace(), { limit: 60, end: T0 + endsIn, used: endsIn ? 60 : 0 });
    const s = setup({ pace }, clock);
    s.http.on('get', balance, json(200, { balance: 5 }));
    return { clock, pace, s, client: clientOf(s) };
  }

  it('waits for the end of a full window that is near instead of sending a request it would refuse', () => {
    const { clock, pace, client } = fullWindow(5_000);
    expect(client.creditBalance()).toBe(5);
    expect(clock.sleeps).toEqual([5_000]);
    expect(pace.used).toBe(1);
  });

  it('answers a 429 itself, sending nothing, when the full window ends later than a retry would wait', () => {
    const { clock, pace, s, client } = fullWindow(40_000);
    expect(thrown(() => client.creditBalance())).toMatchObject({
      status: 429,
      code: 'rate.window_full',
      retryable: true,
      retryAfterMs: 40_000,
    });
    expect(s.http.requests).toHaveLength(0);
    expect(clock.sleeps).toEqual([]);
    // The window's end is what it was: a refusal of our own teaches nothing.
    expect(pace.encode()).toBe(`1|60|60000|${T0 + 40_000}|60|0`);
  });

  it('sends into an open window however little time is left', () => {
    expect(fullWindow(0, T0 + 1_000).client.creditBalance()).toBe(5);
  });
});
