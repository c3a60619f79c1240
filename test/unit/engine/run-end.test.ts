/**
 * What a capped run gives back to its cap at its end: what it was allowed less what the API charged,
 * and less the most a job whose start was lost may have cost (the API may have charged it).
 */
import { unspentCredits } from '../../../src/engine/run-end';
import type { JobRecord, RunRecord } from '../../../src/store/registry';

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
