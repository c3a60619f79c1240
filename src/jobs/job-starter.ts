/**
 * Sends queued jobs to the API. A job is registered as queued before it is sent and saved with its
 * id right after, so a run cut short by the time limit is continued by the next poll.
 */
import { ApiError } from '../api/errors';
import { isKeyProblem } from '../api/failures';
import type { EnrichItemInput } from '../api/port';
import type { ContactInputs } from '../sheet/contact-input';
import type { AppContext } from './context';
import { waitForKey } from './key-wait';
import { saveRecords, type JobRecord, type Registry, type RunRecord } from './registry';
import { STATUS } from './row-status';
import { backoffMs, hasTime } from './timing';

export interface SendableContact {
  input: ContactInputs;
  row: number;
}

/** Row identity, returned unchanged with the answer (strings only: the API rejects numbers). */
function customOf(run: RunRecord, fp: string, contact: SendableContact): Record<string, string> {
  return { sheetId: String(run.sheetId), row: String(contact.row), fp };
}

function enrichItemOf(run: RunRecord, fp: string, contact: SendableContact): EnrichItemInput {
  const custom = customOf(run, fp, contact);
  const { firstName, lastName, companyName, companyDomain, networkUrl } = contact.input;
  const item: EnrichItemInput = { custom };
  if (firstName) item.firstName = firstName;
  if (lastName) item.lastName = lastName;
  if (companyName) item.companyName = companyName;
  if (companyDomain) item.companyDomain = companyDomain;
  if (networkUrl) item.networkUrl = networkUrl;
  return item;
}

/**
 * Starts the run's queued jobs while time allows. Contacts no longer found in the sheet (rows
 * edited or deleted since the plan) are left out. Returns false when the API refused the key.
 */
export function startQueuedJobs(
  ctx: AppContext,
  registry: Registry,
  run: RunRecord,
  contacts: ReadonlyMap<string, SendableContact>,
): boolean {
  const queued = registry.jobs.filter((job) => job.run === run.id && job.state === 'queued');
  const now = ctx.clock.now();
  for (const job of queued) {
    if (!hasTime(ctx)) return true;
    if (job.nextPollAt && job.nextPollAt > now) continue;
    const sendable = job.fingerprints.filter((fp) => contacts.has(fp));
    if (sendable.length === 0) {
      Object.assign(job, { state: 'applied', fingerprints: [] } satisfies Partial<JobRecord>);
      run.sent -= job.fingerprints.length;
      saveRecords(ctx.documentStore, [run], [job]);
      continue;
    }
    const name = `${ctx.spreadsheet.name()} › ${run.sheetName} › ${job.rows}`;
    try {
      const api = ctx.api();
      const picked = sendable.map((fp) => [fp, contacts.get(fp)!] as const);
      job.id =
        run.kind === 'reverse'
          ? api.startReverse(
              name,
              picked.map(([fp, contact]) => ({
                email: contact.input.email,
                custom: customOf(run, fp, contact),
              })),
            )
          : api.startEnrichment(
              name,
              picked.map(([fp, contact]) => enrichItemOf(run, fp, contact)),
              run.fields,
            );
      run.sent -= job.fingerprints.length - sendable.length;
      Object.assign(job, { state: 'pending', fingerprints: sendable, startedAt: ctx.clock.now(), tries: 0 });
      delete job.nextPollAt;
      saveRecords(ctx.documentStore, [run], [job]);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (isKeyProblem(error)) {
        waitForKey(ctx, registry, error);
        return false;
      }
      if (error.retryable) {
        job.tries = (job.tries ?? 0) + 1;
        job.nextPollAt = ctx.clock.now() + backoffMs(job.tries);
        saveRecords(ctx.documentStore, [], [job]);
        return true;
      }
      Object.assign(job, { state: 'fetched', unansweredStatus: STATUS.error(error.userMessage) });
      saveRecords(ctx.documentStore, [], [job]);
    }
  }
  return true;
}
