/**
 * A gateway in front of the API refuses polls with 403 (issue 28): after three refusals to the key
 * that started the job, its results are asked for with forceResults before it is given up, and a
 * job that may hold paid answers is never closed unfetched (docs/money-rule.md).
 */
import type { PlanView } from '../../src/app/sidebar-contract';
import { STATUS } from '../../src/domain/statuses';
import {
  contactRows,
  engineKit,
  FIELDS,
  firePoll,
  jobsEnded,
  people,
  planAndStart,
  progress,
  rowsOf,
  settle,
} from './support/engine';

const kit = engineKit();
const RESULT_ROUTE = 'GET /api/v2/contact/enrich/bulk/:enrichment_id';

/** A 40-row run whose job finished at the API, then `faults` on, and enough polls to give up. */
async function refusedRun(faults: string) {
  const addon = kit.open(contactRows(people(40)));
  const { start } = planAndStart(addon);
  await jobsEnded(kit.emulator());
  await kit.emulator().admin.config({ faults });
  // Each poll waits out the backoff of the last refusal (firePoll jumps to the trigger's time).
  for (let poll = 0; poll < 6 && addon.triggers().length; poll++) firePoll(addon);
  await kit.emulator().admin.config({ faults: '403=0' });
  return { addon, runId: start.runId };
}

/** The same rows planned again without "look up again": what it would send. */
const planAgain = (addon: ReturnType<typeof kit.open>) =>
  addon.call<PlanView>('planRun', { kind: 'enrich', fields: FIELDS }).contactsToSend;

describe('polls refused with 403 by a gateway', () => {
  it('three refusals to the starting key: the job is fetched with forceResults, its answers written', async () => {
    const { addon, runId } = await refusedRun('403poll=1');
    const stats = await kit.emulator().admin.stats();
    // Three refused polls, then the forced fetch the gateway lets through.
    expect(stats.requests[RESULT_ROUTE]).toEqual({ '403': 3, '200': 1 });
    expect(progress(addon, runId)).toMatchObject({ state: 'finished', sent: 40, done: 40 });
    const statuses = rowsOf(addon).map((row) => row.status);
    expect(statuses.filter((status) => !/^(found|not found)$/.test(status ?? ''))).toEqual([]);
    expect(progress(addon, runId).credits).toBe(stats.credits_spent);
    expect(planAgain(addon)).toBe(0);
    expect((await kit.emulator().admin.stats()).charges.charged_twice).toBe(0);
  });

  it('refused even when forced: the job waits to be imported, nobody is bought again', async () => {
    const { addon, runId } = await refusedRun('403=1');
    expect((await kit.emulator().admin.stats()).requests[RESULT_ROUTE]).toEqual({ '403': 4 });
    const run = progress(addon, runId);
    expect(run.state).toBe('failed');
    expect(rowsOf(addon).map((row) => row.status)).toEqual(Array(40).fill(STATUS.unfetched));
    expect(planAgain(addon)).toBe(0);
    // The user imports the job by its id, as the run says: its answers come in at no cost.
    const [job] = await kit.emulator().admin.jobs();
    const ambiguous = run.ambiguousJobs![0]!;
    addon.call('importJob', { jobId: job!.id, job: { runId, seq: ambiguous.seq } });
    expect(await settle(addon, runId)).toMatchObject({ state: 'finished', done: 40 });
    expect(rowsOf(addon).filter((row) => !/^(found|not found)$/.test(row.status ?? ''))).toEqual([]);
    expect(planAgain(addon)).toBe(0);
    const stats = await kit.emulator().admin.stats();
    expect(stats.jobs.total).toBe(1);
    expect(stats.charges.charged_twice).toBe(0);
  });
});
