/**
 * Relisting. A job whose record is intact (its id, key, state, count of contacts) while its list of
 * contacts in the hidden job sheet is not (a cell edited or emptied, the sheet deleted) would hide
 * work in flight: which rows it holds, no one knows. But its results carry the fingerprint each
 * contact was sent with (`custom.fp`, as "Import a job by its id" reads them), so once the job is
 * done its list is written back and the job is applied the usual way: answers to rows and ledger,
 * nothing bought twice, nothing for the user to do (docs/money-rule.md).
 *
 * Until then its run keeps running, so the planners keep holding back what it may hold
 * (paid-once.ts sendRule). Past JOB_GIVE_UP_MS its results are asked for with forceResults (by
 * the key that started it); a job whose results cannot tell its list (another count, an item
 * without its fingerprint) leaves the fallback: its run ends "failed" with DAMAGED_RUN_ERROR, its
 * rows say "job record damaged" and the user imports it by its id.
 */
import { isKeyProblem } from '../api/failures';
import type { EnrichmentApi } from '../api/port';
import type { JobResult } from '../domain/model';
import { isFingerprint } from '../sheet/fingerprint';
import { relist, saveJobFingerprints, type JobBase, type JobSummary, type Registry } from '../store/registry';
import { actorOf, workspaceForSharing, type Actor } from './team';
import { runOf, saveRecordsOf, type AppContext } from './context';
import { REST_STATUS } from './row-status';
import { hasTime, JOB_GIVE_UP_MS, POLL_BATCH_SIZE } from './timing';

/**
 * Whether this user asks the API for a job the registry cannot fully read (rehome.ts, here): only
 * with the key that started it, or a key of its workspace.
 */
export const startedWithKeyOf = (actor: Actor, job: JobBase): boolean =>
  !job.keyId || job.keyId === actor.keyId || (!!job.workspace && job.workspace === actor.workspace);

/**
 * A started job whose run record cannot be read, that this user's key asks for to give it a run
 * again (rehome.ts). It counts as work in flight: the background trigger stays for it.
 */
export const awaitsRehome = (registry: Registry<JobBase>, actor: Actor, job: JobBase): boolean =>
  !registry.runs.has(job.run) &&
  !!job.id &&
  (job.state === 'pending' || job.state === 'fetched') &&
  startedWithKeyOf(actor, job);

/** Past this age the job is asked for what it found so far, and its run no longer waits for it. */
const pastGiveUp = (job: JobSummary, now: number): boolean =>
  !job.startedAt || now - job.startedAt > JOB_GIVE_UP_MS;

/**
 * Listless jobs whose results were read in this execution and cannot give their list: their run
 * need not wait any longer (an execution's registry is its own, so a set of its objects will do).
 */
const unrelistable = new WeakSet<JobSummary>();

/** Started, still pending, of a running run, and not imported by its id meanwhile. */
function mayComeBack(registry: Registry, job: JobSummary): boolean {
  return (
    job.state === 'pending' &&
    !!job.id &&
    runOf(registry, job)?.state === 'running' &&
    !registry.jobs.some((other) => other.id === job.id)
  );
}

/**
 * Runs waiting for a job's list to be written back: a young listless job's run must not end
 * "failed" while the job is still at work (its contacts stay held back meanwhile).
 */
export function runsAwaitingRelist(registry: Registry, now: number): Set<string> {
  return new Set(
    (registry.listless ?? [])
      .filter((job) => mayComeBack(registry, job) && !pastGiveUp(job, now) && !unrelistable.has(job))
      .map((job) => job.run),
  );
}

/**
 * The list a result gives its job: every item (read or not) carries a fingerprint-shaped `custom.fp`,
 * and they are as many distinct ones as the record counts. Anything less is no list: a contact
 * missing from it would look never bought.
 */
function listFromResult(result: JobResult, contacts: number): string[] | undefined {
  const fps = [...result.items, ...result.rejected].map((item) => item.custom.fp ?? '');
  if (!fps.every(isFingerprint)) return undefined;
  const list = [...new Set(fps)];
  return list.length === contacts ? list : undefined;
}

/**
 * Asks the API for the results of listless jobs this user may ask for, and writes back the list of
 * each one that is done (or, past JOB_GIVE_UP_MS, whatever forceResults gives), so that the usual
 * poll collects it. Call under the lock, before the poll.
 */
export function relistJobs(ctx: AppContext, registry: Registry): void {
  const candidates = (registry.listless ?? []).filter((job) => mayComeBack(registry, job));
  if (candidates.length === 0) return;
  const actor = actorOf(ctx);
  if (candidates.some((job) => !startedWithKeyOf(actor, job) && job.workspace))
    workspaceForSharing(ctx, actor);
  const now = ctx.clock.now();
  const mine = candidates.filter((job) => startedWithKeyOf(actor, job));
  // What a job found so far is asked for only by the key that started it (as poll.ts forceWhenStuck).
  const forced = mine.filter((job) => pastGiveUp(job, now) && (!job.keyId || job.keyId === actor.keyId));
  const usual = mine.filter((job) => !forced.includes(job));
  if (mine.length === 0) return;
  let api: EnrichmentApi;
  try {
    api = ctx.api();
  } catch (error) {
    if (isKeyProblem(error)) return;
    throw error;
  }
  for (const [jobs, forceResults] of [
    [usual, false],
    [forced, true],
  ] as const) {
    for (let start = 0; start < jobs.length; start += POLL_BATCH_SIZE) {
      if (!hasTime(ctx)) return;
      const batch = jobs.slice(start, start + POLL_BATCH_SIZE);
      const outcomes = api.fetchResults(
        batch.map((job) => ({ id: job.id!, kind: runOf(registry, job)!.kind })),
        forceResults ? { forceResults } : undefined,
      );
      batch.forEach((job, index) => {
        const outcome = outcomes[index];
        if (outcome?.kind !== 'result') return;
        const done = REST_STATUS[outcome.result.status] !== undefined;
        if (!done && !forceResults) return;
        const list = listFromResult(outcome.result, job.contacts);
        if (list) writeBack(ctx, registry, job, list);
        else {
          unrelistable.add(job);
          ctx.log.warn(
            `The job ${job.id} lost its list of contacts and its results cannot tell it: import it by its id.`,
          );
        }
      });
    }
  }
}

/** The list first, then the record (an inline list it carried goes): killed between, the list is read. */
function writeBack(ctx: AppContext, registry: Registry, job: JobSummary, list: string[]): void {
  const record = relist(registry, job, list);
  // Polled at once: its results are ready.
  delete record.nextPollAt;
  saveJobFingerprints(ctx.spreadsheet, registry, [record]);
  saveRecordsOf(ctx, [], [record]);
  ctx.log.warn(`The list of contacts of job ${job.id} (run ${job.run}) was written back from its results.`);
}
