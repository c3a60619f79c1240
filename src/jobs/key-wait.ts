/**
 * A run that cannot go on without a key (none saved, or the API refused it) waits: its jobs, paid
 * for or queued, are kept as they are, the trigger stops, and saving a key resumes it. Nothing is
 * marked as failed per row, and nothing is sent again (plan.ts treats those fingerprints as busy).
 */
import type { ApiError } from '../api/errors';
import { isKeyProblem } from '../api/failures';
import type { EnrichmentApi } from '../api/port';
import type { AppContext } from './context';
import { saveRecords, type Registry } from './registry';

/** What a run waiting for its key says, in the Jobs panel and the CLI. */
export function keyWaitMessage(error: ApiError): string {
  return `${error.userMessage} The run is waiting: save your API key in Settings to continue (nothing is lost or charged again).`;
}

/** Every running run waits for a key, with the reason; one registry write. */
export function waitForKey(ctx: AppContext, registry: Registry, error: ApiError): void {
  const runs = [...registry.runs.values()].filter((run) => run.state === 'running');
  for (const run of runs)
    Object.assign(run, { state: 'failed', authFailed: true, error: keyWaitMessage(error) });
  saveRecords(ctx.documentStore, runs, []);
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
