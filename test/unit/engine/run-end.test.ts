/**
 * What a capped run gives back to its cap at its end: what it was allowed less what the API charged,
 * and less the most a job whose start was lost may have cost (the API may have charged it); nothing
 * when a job record could not be read, whose cost no one knows.
 */
import { DAMAGED_RUN_ERROR, finalState, unspentCredits } from '../../../src/engine/run-end';
import { runDueSchedule } from '../../../src/features/schedule/scheduled-run';
import type { JobRecord, RunRecord } from '../../../src/store/registry';
import { contextFor, createWorld } from '../fakes/context';
import { contactsSheet, hourlyWorkEmail, people, poll, progress, server, jobKeys } from '../fakes/scenario';

const HOUR = 60 * 60 * 1000;

const run = (over: Partial<RunRecord>): RunRecord =>
  ({ kind: 'enrich', fields: ['work_email', 'phone'], credits: 0, ...over }) as RunRecord;
const job = (state: JobRecord['state'], contacts: number): JobRecord =>
  ({ state, fingerprints: Array.from({ length: contacts }, (_, i) => `e${i}`) }) as JobRecord;

describe('unspentCredits', () => {
  it('gives back the estimate less what was charged', () => {
    expect(unspentCredits(run({ estimatedCredits: 110, credits: 34 }), [job('applied', 10)])).toBe(76);
  });

  it('keeps a lost start counted at its most: 11 credits a contact for work email and phone', () => {
    const jobs = [job('applied', 5), job('ambiguous', 5)];
    expect(unspentCredits(run({ estimatedCredits: 110, credits: 20 }), jobs)).toBe(110 - 20 - 55);
    expect(unspentCredits(run({ estimatedCredits: 50, credits: 0 }), [job('ambiguous', 5)])).toBe(0);
  });

  it('gives nothing back for a run that had no estimate (a sidebar run)', () => {
    expect(unspentCredits(run({ credits: 3 }), [job('applied', 5)])).toBe(0);
  });
});

describe('finalState', () => {
  it('counts a person once when a lost start and its resend were both lost', () => {
    // The Retry of a lost start resends its 5 people in a job of its own, whose start is lost too.
    const end = finalState(run({}), [job('ambiguous', 5), job('ambiguous', 5), job('applied', 3)]);
    expect(end.state).toBe('failed');
    expect(end.error).toMatch(/^5 contacts \(2 jobs\) may have been started/);
  });

  it('leaves out the contacts a forced fetch answered', () => {
    const stuck = { ...job('ambiguous', 4), id: 'j1', earlyFetched: [0, 2] } as JobRecord;
    expect(finalState(run({}), [stuck]).error).toMatch(/^2 contacts \(1 job\) got no answer/);
  });

  it('says out of credits first when a lost start sits beside a job that ran out', () => {
    // Chaos seed 3: a run ended "failed" for its lost starts, each Retry ran out of credits too,
    // and the card never said to add credits (the user retried 50 times).
    const ranOut = { ...job('applied', 5), id: 'j2', status: 'CREDITS_INSUFFICIENT' } as JobRecord;
    const end = finalState(run({ unprocessed: 5 }), [job('ambiguous', 3), ranOut]);
    expect(end.state).toBe('out_of_credits');
    expect(end.error).toMatch(
      /^Out of credits: add credits, then run the rest\. 3 contacts \(1 job\) may have been/,
    );
    expect(finalState(run({ unprocessed: 0 }), [job('ambiguous', 3), ranOut]).state).toBe('failed');
  });
});

describe("a capped run's end", () => {
  it('gives nothing back to the schedule’s cap when a job record is damaged: its cost is unknown', () => {
    const world = createWorld();
    const sheet = contactsSheet(world, people(10));
    const settings = hourlyWorkEmail(10);
    server(world).saveSchedule(settings);
    world.api.notReadyPolls = 1;
    world.clock.advance(2 * HOUR);
    runDueSchedule(contextFor(world));
    expect(server(world).getSchedule()?.committedToday).toBe(10);
    // The job's record is damaged while it works: it may have charged all 10, no one can say.
    const [key] = jobKeys(world);
    world.documentStore.set(key!, '{not json');
    poll(world);
    poll(world);
    expect(progress(world).runs[0]).toMatchObject({ state: 'failed', error: DAMAGED_RUN_ERROR });
    expect(server(world).getSchedule()?.committedToday).toBe(10);
    // New rows wait for tomorrow: the day's 10 may be spent already.
    sheet.cells.push(...people(5, 'Globex'));
    const starts = world.api.startCalls;
    world.clock.advance(HOUR);
    runDueSchedule(contextFor(world));
    expect(world.api.startCalls).toBe(starts);
    expect(server(world).getSchedule()?.lastOutcome).toBe(
      '5 new contacts wait for the next period (credit cap reached).',
    );
  });
});
