/** What the sidebar's Enrich, Reverse and Jobs panels may call: plan, start, follow and recover runs. */
import * as z from 'zod/mini';
import { resumeRunsStoppedByKey } from '../../engine/key-wait';
import { importJob, type ImportRequest, type RunJobRef } from '../../engine/recovery';
import { retryAmbiguousJob } from '../../engine/retry';
import { cancelRun, clearEndedRuns } from '../../engine/run-control';
import { startRun } from '../../engine/start';
import type { AppContext } from '../../engine/context';
import { progressView, type ProgressView } from './progress';
import { call, query, recordId, text, wholeNumber } from '../../rpc/table';
import { collectJobsNow, planRequest, planRest, planRun, pollJobs, selectionKey } from './run-service';

// The engine declares these two (recovery.ts); the schemas are checked against them.
const runJob = (): z.ZodMiniType<RunJobRef> => z.object({ runId: text(64), seq: wholeNumber(0) });
const importRequest = (): z.ZodMiniType<ImportRequest> =>
  z.object({ jobId: text(200), job: z.optional(runJob()) });

/** Does what `act` does, then answers with the progress the Jobs panel shows. */
const thenProgress =
  <I>(act: (ctx: AppContext, input: I) => unknown) =>
  (ctx: AppContext, input: I): ProgressView => {
    act(ctx, input);
    return progressView(ctx);
  };

export const RUNS_RPC = {
  planRun: call('plan request', planRequest, planRun),
  startRun: call('plan id', recordId, startRun),
  /** Plans the rows a run out of credits left: confirmed, startRun sends them. */
  planRest: call('run id', recordId, planRest),
  /** Polls the API for this user's running jobs, then answers with the progress. */
  pollJobs: query(pollJobs),
  /** Stops waiting: jobs not ready give what they found so far (forceResults), and stay open. */
  collectJobsNow: call('time', () => z.object({ startedBefore: wholeNumber(0) }), collectJobsNow),
  getProgress: query(progressView),
  /** The active sheet and selection in one string: the plan panels plan again when it changes. */
  selectionKey: query(selectionKey),
  /** Sends an ambiguous job again (the page has shown its retryMaxCredits). */
  retryJob: call('job', runJob, thenProgress(retryAmbiguousJob)),
  /** Attaches a job by its id (no credits): fetches and applies its results. */
  importJob: call('import request', importRequest, importJob),
  /** Resumes the runs a refused or missing key stopped (the page has shown what it may cost). */
  resumeStoppedRuns: query(thenProgress<void>(resumeRunsStoppedByKey)),
  /** Cancels a run: its jobs not sent yet never are; answers of started (paid) jobs are still written. */
  cancelRun: call('run id', recordId, thenProgress(cancelRun)),
  /** Removes ended runs from the Jobs list (runs with jobs still to settle stay). */
  clearEndedRuns: query(thenProgress<void>(clearEndedRuns)),
};
