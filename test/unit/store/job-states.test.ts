import { loadRegistrySummary, moveJob, type JobRecord } from '../../../src/store/registry';
import { DOCUMENT_PROPERTY } from '../../../src/platform/property-keys';
import { createWorld } from '../fakes/context';

const pending = (): JobRecord => ({
  run: 'r1',
  seq: 0,
  state: 'pending',
  fingerprints: ['a'],
  id: 'job-1',
  startedAt: 1,
  credits: 3,
  tries: 2,
  nextPollAt: 5,
  problem: 'quota',
  waitsForStartingKey: true,
  sendingAt: 1,
});

describe('job records: one type per state (moveJob)', () => {
  it("drops the former state's own fields, keeps what every job has and what the states share", () => {
    const job = pending();
    moveJob(job, 'ambiguous', { problem: 'lost', unansweredStatus: 'may have been started' });
    expect(job).toEqual({
      run: 'r1',
      seq: 0,
      state: 'ambiguous',
      fingerprints: ['a'],
      id: 'job-1',
      startedAt: 1,
      credits: 3,
      sendingAt: 1,
      problem: 'lost',
      unansweredStatus: 'may have been started',
    });
  });

  it('refuses, in its types, a field the new state does not carry and a state set by hand', () => {
    // @ts-expect-error a fetched job has no next poll
    moveJob(pending(), 'fetched', { nextPollAt: 1 });
    // @ts-expect-error an ambiguous job always says why
    moveJob(pending(), 'ambiguous', { unansweredStatus: 'may have been started' });
    const job = pending();
    // @ts-expect-error only moveJob changes a state
    job.state = 'applied';
    expect(job.state).toBe('applied');
  });

  it('drops a shared field given as undefined', () => {
    const job = pending();
    moveJob(job, 'pending', { tries: 0, nextPollAt: undefined, waitsForStartingKey: undefined });
    expect(job).toEqual({ ...pending(), tries: 0, nextPollAt: undefined, waitsForStartingKey: undefined });
    expect(Object.keys(job)).not.toContain('nextPollAt');
  });

  it('reads a stored record without the fields another state left on it (written by an earlier version)', () => {
    const world = createWorld();
    const stored = { v: 3, run: 'r1', seq: 0, state: 'fetched', contacts: 1, id: 'job-1' };
    world.documentStore.set(
      `${DOCUMENT_PROPERTY.jobPrefix}r1.0`,
      JSON.stringify({ ...stored, unansweredStatus: 'not found', nextPollAt: 9, problem: 'quota', tries: 4 }),
    );
    const [job] = loadRegistrySummary(world.documentStore).jobs;
    const { v: _version, ...fields } = stored;
    expect(job).toEqual({ ...fields, unansweredStatus: 'not found' });
  });
});
