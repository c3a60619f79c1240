/**
 * The engine at the API's pace (src/api/pace.ts, job-starter.ts, poll.ts): it starts and polls no
 * more than the rate-limit window has room for, keeps room for the polls due before starting more,
 * and polls a job no sooner than jobs take. The in-memory API counts its requests in the pace; the
 * clock is a fake one.
 */
import { createWorld, type TestWorld } from '../fakes/context';
import { contactsSheet, people, planAndStart, poll } from '../fakes/scenario';

const WINDOW_MS = 60_000;

/** A run of `jobs` jobs of 100 people, against a window of `limit` requests learnt before. */
function pacedRun(jobs: number, limit: number) {
  const world = createWorld();
  Object.assign(world.pace, { limit, windowMs: WINDOW_MS });
  const sheet = contactsSheet(world, people(jobs * 100));
  planAndStart(world);
  const sent = () => ({ starts: world.api.startCalls, polls: world.api.polledJobs });
  const nextWindow = () => (world.clock.time = world.pace.end);
  return { world, sheet, sent, nextWindow };
}

/** A run of one job, started once `before` set the world up, and polls of it. */
function oneJob(before: (world: TestWorld) => void) {
  const world = createWorld();
  before(world);
  const sheet = contactsSheet(world, people(1));
  planAndStart(world);
  /** Polls `ms` later; the jobs polled so far. */
  const polledAfter = (ms: number) => {
    world.clock.time += ms;
    poll(world);
    return world.api.polledJobs;
  };
  return { world, sheet, polledAfter };
}

describe('the engine at the API’s pace', () => {
  it('starts no more than the window has room for, and sends nothing while it is full', () => {
    const { world, sent } = pacedRun(10, 4);
    expect(sent()).toEqual({ starts: 4, polls: 0 });
    world.clock.time += 10_000;
    poll(world);
    expect(sent()).toEqual({ starts: 4, polls: 0 });
  });

  it('keeps the window’s room for the polls due, starts in what is left, and so to the last job', () => {
    const { world, sheet, sent, nextWindow } = pacedRun(10, 6);
    expect(sent()).toEqual({ starts: 6, polls: 0 });
    nextWindow();
    poll(world);
    // Six jobs due: the whole window goes to their polls.
    expect(sent()).toEqual({ starts: 6, polls: 6 });
    nextWindow();
    poll(world);
    expect(sent()).toEqual({ starts: 10, polls: 6 });
    nextWindow();
    poll(world);
    expect(sent()).toEqual({ starts: 10, polls: 10 });
    expect(sheet.column('Status').filter((status) => status !== 'found')).toEqual([]);
    // Two requests a job, none refused: 20 requests in four windows of six.
    expect(world.api.startCalls + world.api.polledJobs).toBe(20);
  });

  it('polls a job no sooner than jobs take: a poll before would only find it not ready', () => {
    const { sheet, polledAfter } = oneJob((world) => (world.pace.jobMs = 5_000));
    expect(polledAfter(4_999)).toBe(0);
    expect(polledAfter(1)).toBe(1);
    expect(sheet.column('Status')).toEqual(['found']);
  });

  it('learns that time from what the polls find', () => {
    const { world, polledAfter } = oneJob((world) => (world.api.notReadyPolls = 1));
    expect(polledAfter(2_000)).toBe(1);
    // Not ready at 2 s: jobs take longer, a quarter past that.
    expect(world.pace.jobMs).toBe(2_500);
    expect(polledAfter(400)).toBe(1);
  });
});
