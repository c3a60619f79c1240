/**
 * Registering a run and sending its first jobs: shared by runs on a sheet's rows (start.ts) and runs
 * of formula requests (features/formulas/formula-run.ts).
 */
import { plural } from '../domain/words';
import type { JobKind } from '../domain/runs';
import type { EnrichField } from '../domain/fields';
import { rowsLabel } from '../sheet/text';
import { ownerStamp } from './team';
import { saveRecordsOf, type AppContext, type RunStarted, type SendableContact } from './context';
import { startQueuedJobs } from './job-starter';
import { jobsOf, type PlannedContact } from './plan-cost';
import { syncPollTrigger } from './poll-trigger';
import { appendRunLog } from '../store/run-log';
import { reserveKeyCredits } from '../store/key-limit';
import { assertRoom } from '../store/registry-budget';
import { saveJobFingerprints, type JobRecord, type Registry, type RunRecord } from '../store/registry';

export function newId(ctx: AppContext): string {
  return ctx.clock.now().toString(36) + Math.random().toString(36).slice(2, 6);
}

type RunOrigin = Pick<
  RunRecord,
  'sheetId' | 'sheetName' | 'mapping' | 'overwrite' | 'fromLedger' | 'estimatedCredits'
> &
  Partial<Pick<RunRecord, 'mappingHeaders' | 'source' | 'rowsInScope'>>;

/** A new run's record: running while it has contacts to send. */
export function newRun(
  ctx: AppContext,
  kind: JobKind,
  fields: EnrichField[],
  toSend: readonly PlannedContact[],
  origin: RunOrigin,
): RunRecord {
  return {
    id: newId(ctx),
    kind,
    fields,
    startedAt: ctx.clock.now(),
    state: toSend.length ? 'running' : 'finished',
    jobs: jobsOf(toSend, kind).length,
    sent: toSend.length,
    done: 0,
    // Contacts found, per kind of answer: none yet.
    found: { workEmail: 0, personalEmail: 0, phone: 0, profile: 0 },
    credits: 0,
    unmatched: 0,
    ...ownerStamp(ctx),
    ...origin,
  };
}

/**
 * Lets the caller write what the start shows, registers the run and its jobs (fingerprints in the
 * job sheet, then the records), then sends what time allows; a poll sends the rest.
 */
export function registerAndSend(
  ctx: AppContext,
  registry: Registry,
  run: RunRecord,
  toSend: readonly PlannedContact[],
  beforeRegistering: () => void,
): RunStarted {
  const jobs = jobsOf(toSend, run.kind).map((chunk, seq): JobRecord => ({
    run: run.id,
    seq,
    state: 'queued',
    fingerprints: chunk.map((contact) => contact.fp),
    rows:
      run.source === 'formulas'
        ? plural(chunk.length, 'formula')
        : rowsLabel(chunk.flatMap((contact) => contact.rows)),
    // What the job asks is money state: its answers are saved under these fields whatever becomes
    // of the run record (rehome.ts). Contacts that have some fields saved ask only for the others.
    ...(run.kind === 'enrich' ? { fields: chunk[0]!.fields } : {}),
  }));
  // The key's daily limit, asked before anything is registered or sent (store/key-limit.ts).
  reserveKeyCredits(ctx, run.estimatedCredits ?? 0);
  assertRoom(registry, [run], jobs);
  // What the start shows is written first: a write Sheets refuses (another user's protected
  // columns) fails the start before anything is registered, so a start the user is told failed
  // never sends later. Killed before the records, its rows read "pending" and nothing holds them.
  beforeRegistering();
  // Registered before anything is sent: from here on, a poll can finish what this execution starts.
  saveJobFingerprints(ctx.spreadsheet, registry, jobs);
  saveRecordsOf(ctx, [run], jobs);
  registry.runs.set(run.id, run);
  registry.jobs.push(...jobs);
  // The background check before any send: the run the user agreed to goes on from here even when
  // this execution is killed now (a trigger made after the sends would be missing then, and the
  // run would wait for someone to open the sidebar).
  syncPollTrigger(ctx, registry);
  // A contact is sent from its first row; a formula request has none (0).
  const contacts = new Map<string, SendableContact>(
    toSend.map((contact) => [contact.fp, { input: contact.input, row: contact.rows[0] ?? 0 }]),
  );
  startQueuedJobs(ctx, registry, run, contacts);
  // Again once sent: a refused key or a run with nothing to send needs none.
  syncPollTrigger(ctx, registry);
  if (run.state === 'finished') {
    if (run.fromLedger)
      ctx.notify.toast(`${plural(run.fromLedger, 'row')} filled from saved results: no credits spent.`);
    appendRunLog(ctx, [run], registry);
  }
  return {
    runId: run.id,
    jobs: jobs.length,
    contacts: run.sent,
    rowsFromLedger: run.fromLedger,
    ...(run.error ? { message: run.error } : {}),
  };
}
