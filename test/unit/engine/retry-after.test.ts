/**
 * The engine's next attempt after a rate limit follows the server's Retry-After (engine/timing.ts
 * retryWaitMs): never earlier than asked (that only earns another 429), and no later than needed
 * (a guessed 15 s backoff leaves the API's pace unused).
 */
import { ApiError } from '../../../src/api/errors';
import { errorFromResponse } from '../../../src/api/failures';
import { backoffMs, RETRY_AFTER_FLOOR_MS, retryWaitMs } from '../../../src/engine/timing';
import { createWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll, startedRun } from '../fakes/scenario';

/** A 429 whose answer asked for `seconds` of wait, as the client makes it from the response. */
const rateLimited = (seconds: number): ApiError =>
  errorFromResponse(
    'GET enrich result',
    {
      status: 429,
      headers: { 'Retry-After': String(seconds) },
      body: JSON.stringify({ code: 'error.rate.limit', message: 'Too many requests. Try again in 1m' }),
    },
    'sk-key',
  );

describe('the next attempt after a rate limit', () => {
  it('is said in words true where a user reads them: a Preview click is not tried again for them', () => {
    // Found walking the twenty flows (docs/flows.md): a Preview refused by a 429 said "Sheet
    // Enrich will try again in a minute", and nothing did.
    expect(rateLimited(40).userMessage).toBe(
      'The enrichment service is busy (too many requests): try again in a minute.',
    );
  });

  it('is the Retry-After the server sent, at least a small floor; the backoff only without one', () => {
    expect(rateLimited(40).retryAfterMs).toBe(40_000);
    expect(retryWaitMs(1, rateLimited(40))).toBe(40_000);
    expect(retryWaitMs(3, rateLimited(2))).toBe(2_000);
    expect(retryWaitMs(1, { retryAfterMs: 200 })).toBe(RETRY_AFTER_FLOOR_MS);
    expect(retryWaitMs(2, { retryAfterMs: 0 })).toBe(backoffMs(2));
  });

  it('a poll told to wait 40 s is not sent again before then (the backoff said 15 s)', () => {
    const { world, sheet } = startedRun(1);
    let limited = true;
    world.api.outcomeFor = () => (limited ? { kind: 'error', error: rateLimited(40) } : undefined);
    poll(world);
    const asked = world.api.pollCalls;
    limited = false;
    world.clock.time += 16_000;
    poll(world);
    expect(world.api.pollCalls).toBe(asked);
    world.clock.time += 24_000;
    poll(world);
    expect(sheet.column('Status')).toEqual(['found']);
  });

  it('a poll told to wait 2 s is sent again after 2 s, not 15', () => {
    const { world, sheet } = startedRun(1);
    let limited = true;
    world.api.outcomeFor = () => (limited ? { kind: 'error', error: rateLimited(2) } : undefined);
    poll(world);
    limited = false;
    world.clock.time += 2_000;
    poll(world);
    expect(sheet.column('Status')).toEqual(['found']);
  });

  it('a start told to wait 2 s is sent again after 2 s; one told 40 s not before then', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(2));
    world.api.startError = rateLimited(2);
    planAndStart(world);
    expect(world.api.jobs.size).toBe(0);
    world.clock.time += 2_000;
    world.api.startError = rateLimited(40);
    poll(world);
    expect(world.api.startCalls).toBe(2);
    world.api.startError = undefined;
    world.clock.time += 16_000;
    poll(world);
    expect(world.api.startCalls).toBe(2);
    world.clock.time += 24_000;
    poll(world);
    expect(world.api.jobs.size).toBe(1);
    poll(world);
    expect(sheet.column('Status')).toEqual(['found', 'found']);
  });
});
