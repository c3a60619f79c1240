import * as api from '../../support/api';
import { ApiError } from '../../../src/api/errors';
import { backoffDelay, DEFAULT_RETRY_POLICY } from '../../../src/api/retry';
import { FakeClock, contextOf, json, networkDown, raw, setup, thrown } from './fakes';

const CREDITS = '/api/v2/account/credits';
const rateLimited = json(429, { code: 'error.rate.limit', message: 'Too many requests. Try again in 1m' });
const ok = json(200, { balance: 7 });

describe('retries', () => {
  test.each([
    ['429', rateLimited],
    ['500', json(500, { code: 'error.internal', message: 'boom' })],
    ['503 non-JSON', raw(503, 'Service Unavailable')],
    ['network failure', networkDown()],
  ])('%s is retried, then the answer is used', (_name, failure) => {
    const s = setup();
    s.http.on('get', CREDITS, failure, failure, ok);
    expect(api.fetchCreditBalance(contextOf(s))).toBe(7);
    expect(s.http.fetchCalls).toBe(3);
    // random() = 0.5: equal jitter gives 3/4 of the exponential ceiling (1 s, then 2 s).
    expect(s.clock.sleeps).toEqual([750, 1500]);
    expect(s.log.lines.filter((line) => line.includes('retry'))).toHaveLength(2);
  });

  test.each([
    [400, 'error.body.invalid'],
    [401, 'error.api.key'],
    [402, 'error.credits'],
    [403, 'error.forbidden'],
    [404, 'error.enrichment.not_found'],
    [422, 'error.custom'],
  ])('%i is never retried', (status, code) => {
    const s = setup();
    s.http.on('get', CREDITS, json(status, { code, message: 'no' }), ok);
    expect(thrown(() => api.fetchCreditBalance(contextOf(s)))).toMatchObject({
      status,
      code,
      retryable: false,
    });
    expect(s.http.fetchCalls).toBe(1);
    expect(s.clock.sleeps).toEqual([]);
  });

  test('gives up after maxAttempts with a retryable error, waits growing exponentially', () => {
    const s = setup({ random: () => 0 });
    s.http.on('get', CREDITS, rateLimited);
    const error = thrown(() => api.fetchCreditBalance(contextOf(s))) as ApiError;
    expect(error).toMatchObject({ status: 429, code: 'error.rate.limit', retryable: true });
    expect(s.http.fetchCalls).toBe(DEFAULT_RETRY_POLICY.maxAttempts);
    expect(s.clock.sleeps).toEqual([500, 1000, 2000, 4000]);
  });

  test('jitter stays within [ceiling/2, ceiling] and the ceiling is capped', () => {
    const clock = new FakeClock();
    const deps = {
      clock,
      budget: clock,
      log: { info() {}, warn() {} },
      policy: DEFAULT_RETRY_POLICY,
      random: () => 0.99999,
    };
    expect(backoffDelay(1, [], deps)).toBe(1000);
    expect(backoffDelay(10, [], deps)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
    expect(backoffDelay(10, [], { ...deps, random: () => 0 })).toBe(DEFAULT_RETRY_POLICY.maxDelayMs / 2);
  });

  test('no retry when the wait would eat into the safety margin of the budget', () => {
    // 45 s safety margin + 0.5 s: not enough for the first 750 ms wait.
    const clock = new FakeClock(0, DEFAULT_RETRY_POLICY.safetyMs + 500);
    const s = setup({}, clock);
    s.http.on('get', CREDITS, networkDown(), ok);
    expect(thrown(() => api.fetchCreditBalance(contextOf(s)))).toMatchObject({
      code: 'network.failure',
      retryable: true,
    });
    expect(s.http.fetchCalls).toBe(1);
    expect(s.log.lines.some((line) => line.startsWith('WARN') && line.includes('no time left'))).toBe(true);
  });

  test('the budget bounds the number of retries', () => {
    const clock = new FakeClock(0, DEFAULT_RETRY_POLICY.safetyMs + 2500);
    const s = setup({}, clock);
    s.http.on('get', CREDITS, rateLimited);
    thrown(() => api.fetchCreditBalance(contextOf(s)));
    expect(s.clock.sleeps).toEqual([750, 1500]);
    expect(s.http.fetchCalls).toBe(3);
  });

  test('Retry-After is honoured when it fits, and ends the retries when it is too long', () => {
    const s = setup();
    s.http.on('get', CREDITS, json(429, { code: 'error.rate.limit' }, { 'Retry-After': '3' }), ok);
    expect(api.fetchCreditBalance(contextOf(s))).toBe(7);
    expect(s.clock.sleeps).toEqual([3000]);

    const t = setup();
    t.http.on('get', CREDITS, json(429, { code: 'error.rate.limit' }, { 'retry-after': '60' }), ok);
    expect(thrown(() => api.fetchCreditBalance(contextOf(t)))).toMatchObject({ status: 429 });
    expect(t.http.fetchCalls).toBe(1);
  });

  test('the retry policy can be tuned', () => {
    const s = setup({ retryPolicy: { maxAttempts: 1 } });
    s.http.on('get', CREDITS, rateLimited, ok);
    thrown(() => api.fetchCreditBalance(contextOf(s)));
    expect(s.http.fetchCalls).toBe(1);
  });
});

describe("the wait a 429 asks for before the engine's next attempt", () => {
  test.each([
    ['the Retry-After header', { 'retry-after': '40' }, 'Too many requests. Try again in 1m', 40_000],
    ["the spec's body hint, without a header", {}, 'Too many requests. Try again in 1m', 60_000],
    ['a hint in seconds', {}, 'Try again in 30 s', 30_000],
    ['no hint at all', {}, 'slow down', 0],
  ])('%s', (_name, headers, message, wait) => {
    const s = setup({ retryPolicy: { maxAttempts: 1 } });
    s.http.on('get', CREDITS, json(429, { code: 'error.rate.limit', message }, headers));
    expect(thrown(() => api.fetchCreditBalance(contextOf(s)))).toMatchObject({
      status: 429,
      retryAfterMs: wait,
    });
  });
});
