/**
 * The user's hand on runs: cancel one (its jobs not sent yet never are; jobs already started were
 * paid, so their answers are still polled and written), and clear ended runs from the Jobs list.
 */
import { UserError } from '../domain/user-error';
import { assertOwnRun } from './team';
import { applyFetchedJobs } from './apply';
import { ledgerOf, saveRecordsOf, registryOf, type AppContext } from './context';
import { syncPollTrigger } from './poll-trigger';
import { pruneRegistry } from '../store/registry';
import { finishRuns } from './run-end';
import { resumeRun } from './key-wait';
import { STATUS } from '../domain/statuses';
import { closeUnbought, holdAsMaybeBought, lostStart } from './paid-once';
import { withDocumentLock } from './timing';

const RETRY_CANCELED =
  'Its retry was canceled before it was sent; its first start may have been charged: import it, or retry it.';

/**
 * Queued jobs become "fetched" with no answers and the status "canceled", so the usual apply step
 * writes that status to their rows and settles them; the run ends when its started jobs have.
 */
export function cancelRun(ctx: AppContext, runId: string): void {
  withDocumentLock(ctx, () => {
    const registry = registryOf(ctx);
    const run = registry.runs.get(runId);
    if (!run || (run.state !== 'running' && !run.authFailed))
      throw new UserError('This run has already ended.');
    assertOwnRun(ctx, run);
    const queued = registry.jobs.filter((job) => job.run === runId && job.state === 'queued');
    // A retried lost start not resent yet is the lost start again: the cancel takes back the retry
    // only, and its rows wait for its import (or another retry), as before it (fuzz finding 30). So
    // is a retried started job (its id kept until its resend has one): the provider may go on.
    const lost = queued.filter((job) => lostStart(job) || job.id);
    for (const job of lost) holdAsMaybeBought(job, RETRY_CANCELED);
    // Never sent: nothing of them was bought (paid-once.ts).
    const never = queued.filter((job) => !lost.includes(job));
    for (const job of never) {
      closeUnbought(job, STATUS.canceled);
      job.status = 'CANCELED';
    }
    // Never sent: not "sent" (the log's Contacts sent) and, in apply, never "done".
    const notSent = never.reduce((sum, job) => sum + job.fingerprints.length, 0);
    run.sent -= notSent;
    run.notSent = (run.notSent ?? 0) + notSent;
    // The apply step counts their contacts as not processed, as for a job the API canceled.
    run.canceledByUser = true;
    // A run a refused key stopped, with no sent job left to collect, has nothing to wait for: it ends.
    const collecting = registry.jobs.some(
      (job) => job.run === runId && (job.state === 'pending' || job.state === 'ambiguous'),
    );
    if (run.authFailed && !collecting) resumeRun(run);
    saveRecordsOf(ctx, [run], queued);
    applyFetchedJobs(ctx, registry, ledgerOf(ctx));
    finishRuns(ctx, registry);
    syncPollTrigger(ctx, registry);
  });
}

/** Ended runs leave the list; a run with jobs still to settle (waiting for a key, ambiguous) stays. */
export function clearEndedRuns(ctx: AppContext): void {
  withDocumentLock(ctx, () => pruneRegistry(ctx.documentStore, ctx.spreadsheet, registryOf(ctx), 0));
}
