/**
 * A run that cannot go on without a key (none saved, or the API refused it) waits: its jobs, paid
 * for or queued, are kept as they are, the trigger stops, and the user resumes it once a key works,
 * after being told what resuming may cost (saving a key alone never spends). Nothing is marked as
 * failed per row, and nothing is sent again (plan.ts treats those fingerprints as busy).
 */
import { ApiError } from '../api/errors';
import { isKeyProblem } from '../api/failures';
import type { EnrichmentApi } from '../api/port';
import { actorOf, ownsRun, type Actor } from './team';
import { saveRecordsOf, type AppContext } from './context';
import { USER_PROPERTY } from '../platform/property-keys';
import { maxCreditsPerContact } from './plan-cost';
import { syncPollTrigger } from './poll-trigger';
import { loadRegistrySummary, type JobSummary, type Registry, type RunRecord } from '../store/registry';

/** This user's runs a refused (or missing) key stopped. */
const stoppedByKey = (registry: Registry<JobSummary>, actor: Actor): RunRecord[] =>
  [...registry.runs.values()].filter((run) => run.authFailed && ownsRun(actor, run));

/**
 * A run stopped by a key, or ended, runs again (resumed, or reopened by an import or a retry): the
 * next poll sends and polls its jobs, and nothing of how it stopped stays (a retried run is no
 * longer "waiting for a key" once it ends).
 */
export function resumeRun(run: RunRecord): void {
  run.state = 'running';
  delete run.authFailed;
  delete run.error;
  delete run.endedAt;
}

/** This user's runs waiting for a key, and the most resuming them can cost: their jobs not sent yet (started ones are paid). */
export function runsStoppedByKey(
  registry: Registry<JobSummary>,
  actor: Actor,
): { runs: number; maxCredits: number } {
  const stopped = stoppedByKey(registry, actor);
  let maxCredits = 0;
  for (const run of stopped)
    for (const job of registry.jobs)
      if (job.run === run.id && job.state === 'queued')
        maxCredits += job.contacts * maxCreditsPerContact(run.kind, job.fields ?? run.fields);
  return { runs: stopped.length, maxCredits };
}

/** The user's go-ahead: their runs waiting for a key run again (the next poll sends and polls their jobs). */
export function resumeRunsStoppedByKey(ctx: AppContext): number {
  const registry = loadRegistrySummary(ctx.documentStore);
  const stopped = stoppedByKey(registry, actorOf(ctx));
  if (stopped.length === 0) return 0;
  stopped.forEach(resumeRun);
  saveRecordsOf(ctx, stopped, []);
  syncPollTrigger(ctx, registry);
  return stopped.length;
}

type KeyContext = Pick<AppContext, 'userStore'>;

/**
 * What the API said of the saved key when it refused it, kept until a key is saved or a call with it
 * works: the sidebar disables Start with that reason instead of letting a run fail again.
 */
export function knownKeyProblem(ctx: KeyContext): string | undefined {
  return ctx.userStore.get(USER_PROPERTY.keyRefused) ?? undefined;
}

/** After a call with the saved key: remember a refusal, forget one when the key worked. */
export function noteKeyOutcome(ctx: KeyContext, error?: unknown): void {
  if (error !== undefined && isKeyProblem(error)) {
    ctx.userStore.set(USER_PROPERTY.keyRefused, (error as ApiError).userMessage);
  } else if (error === undefined && knownKeyProblem(ctx) !== undefined) {
    ctx.userStore.deleteMany([USER_PROPERTY.keyRefused]);
  }
}

/** The credit balance, or null with the API's reason in plain words. */
export interface BalanceView {
  balance: number | null;
  message?: string;
}

/** The balance, or null with the API's reason in plain words (the key is remembered as refused). */
export function readCreditBalance(ctx: AppContext): BalanceView {
  try {
    const balance = ctx.api().creditBalance();
    noteKeyOutcome(ctx);
    return { balance };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    noteKeyOutcome(ctx, error);
    return { balance: null, message: error.userMessage };
  }
}

/**
 * This user's running runs wait for a key, with the reason; one registry write. Other users' runs
 * are theirs: a teammate without a key, or with a refused one, stops nobody else.
 */
export function waitForKey(ctx: AppContext, registry: Registry, error: ApiError): void {
  noteKeyOutcome(ctx, error);
  const actor = actorOf(ctx);
  const runs = [...registry.runs.values()].filter((run) => run.state === 'running' && ownsRun(actor, run));
  // What the run says, in the Jobs panel and the CLI.
  const message = `${error.userMessage} The run is waiting: save your API key in Settings, then resume it (nothing is lost or charged again).`;
  for (const run of runs) Object.assign(run, { state: 'failed', authFailed: true, error: message });
  saveRecordsOf(ctx, runs, []);
}

/** The API client, or undefined after making every running run wait when there is no usable key. */
export function apiOrWait(ctx: AppContext, registry: Registry): EnrichmentApi | undefined {
  try {
    return ctx.api();
  } catch (error) {
    if (!isKeyProblem(error)) throw error;
    waitForKey(ctx, registry, error as ApiError);
    return undefined;
  }
}
