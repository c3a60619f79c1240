/**
 * The two ways out of an ambiguous start (a job that may have been started although its id never
 * came back), both chosen by the user, never taken on our own:
 * - retry (retry.ts): send the job again, knowing it may be paid twice if the first start went through;
 * - import: attach the job the provider's dashboard shows (found by its readable name) by its id:
 *   its results are fetched and applied by the `custom` fingerprints we sent, at no cost.
 * Import also recovers a job whose registry was lost: a new run is made from the job's own results.
 */
import type { JobResult } from '../domain/model';
import type { JobKind } from '../domain/runs';
import type { PollOutcome } from '../api/port';
import { UserError } from '../domain/user-error';
import { DASHBOARD, plural } from '../domain/words';
import { ledgerOf, saveRecordsOf, registryOf, type AppContext } from './context';
import { resumeRun } from './key-wait';
import { pollOnce } from './poll';
import { syncPollTrigger } from './poll-trigger';
import {
  damagedRecordOf,
  forgetDamagedRecord,
  moveJob,
  runOfJobKey,
  seqOfJobKey,
  saveJobFingerprints,
  type JobRecord,
  type Registry,
  type RunRecord,
} from '../store/registry';
import { actorOf, assertOwnRun, keyStamp } from './team';
import { relistHeld, runFromResult } from './rehome';
import { lostStart, unanswered } from './paid-once';
import { jobOfName } from './job-starter';
import { saveAnswersOnly } from './job-results';
import { withDocumentLock } from './timing';
import { jobLogged } from '../store/run-log';

/** A job of a run, by the run's id and the job's place in it (not the API's job id). */
export interface RunJobRef {
  runId: string;
  seq: number;
}

export interface ImportRequest {
  /** The enrichment id the provider's dashboard shows. */
  jobId: string;
  /** The ambiguous job it answers; absent: a job of this spreadsheet the Jobs list lost. */
  job?: RunJobRef;
}

export interface ImportResult {
  runId: string;
  contacts: number;
}

const JOB_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{3,99}$/;

export function underLock<T>(ctx: AppContext, work: (registry: Registry) => T): T {
  return withDocumentLock(ctx, () => work(registryOf(ctx)));
}

/** The way out when no job of that name is at the provider: its rows, looked up again knowingly. */
export const lookUpIfNone = (rows = 'rows'): string => `if ${DASHBOARD} has none, look its ${rows} up again.`;

const NOT_WAITING = 'This job is no longer waiting for a decision: refresh the Jobs panel.';

/** An ambiguous job, or a lost start whose retry lost its run before the resend (paid-once.ts). */
const awaitsDecision = (registry: Registry, job: JobRecord): boolean =>
  job.state === 'ambiguous' || (!registry.runs.has(job.run) && lostStart(job));

/** The ambiguous job `ref` names, and its run unless its record cannot be read (import only). */
function heldJob(
  ctx: AppContext,
  registry: Registry,
  ref: RunJobRef,
): { run: RunRecord | undefined; job: JobRecord } {
  const run = registry.runs.get(ref.runId);
  const job = registry.jobs.find((candidate) => candidate.run === ref.runId && candidate.seq === ref.seq);
  if (!job || !awaitsDecision(registry, job)) {
    // Its record may be there while its list of contacts was lost (the hidden job sheet damaged):
    // the panel still shows it, and only an import by id alone can recover it. A lost start the
    // provider never got has no id to import: its rows, "may have been started", wait for the
    // user's "look up again" (chaos seed 53: 96 rows held for good, the only advice an import).
    if (registry.unreadable.some(({ key }) => key.endsWith(`.${ref.runId}.${ref.seq}`)))
      throw new UserError(
        `This job's list of contacts was lost (a hidden sheet was damaged): import it by its id alone ("Import a job by its id"); ${lookUpIfNone()}`,
      );
    throw new UserError(NOT_WAITING);
  }
  if (run) assertOwnRun(ctx, run);
  return { run, job };
}

/** An ambiguous job and its run, for a retry (which needs the run's rows and fields). */
export function ambiguousJob(
  ctx: AppContext,
  registry: Registry,
  ref: RunJobRef,
): { run: RunRecord; job: JobRecord } {
  const { run, job } = heldJob(ctx, registry, ref);
  if (!run) throw new UserError(NOT_WAITING);
  return { run, job };
}

/**
 * Puts the run back to work and clears what the ambiguity left on the job. A job whose run record
 * cannot be read gets only its id: the next poll gives it a run of its own from its results
 * (rehome.ts), as for any started job of a damaged run.
 */
export function reopen(
  ctx: AppContext,
  registry: Registry,
  run: RunRecord | undefined,
  job: JobRecord,
  { state, ...change }: Partial<JobRecord> & { state: 'queued' | 'pending' },
): void {
  Object.assign(job, change);
  moveJob(job, state, { problem: undefined });
  if (run) resumeRun(run);
  saveRecordsOf(ctx, run ? [run] : [], [job]);
  syncPollTrigger(ctx, registry);
}

/**
 * The run an import reopens: not one a refused key stopped, which resumes only when its user says
 * so, at the price shown (an import is free: it consents to nothing its run's queued jobs cost).
 */
const unstopped = (run: RunRecord | undefined) => (run?.authFailed ? undefined : run);

/**
 * The job's result, answering for an enrichment or a reverse lookup (the id alone does not say);
 * an error other than "not found" is the user's to read.
 */
function fetchJob(
  ctx: AppContext,
  jobId: string,
  kinds: readonly JobKind[],
): { kind: JobKind; outcome: Exclude<PollOutcome, { kind: 'error' }> } {
  for (const kind of kinds) {
    const outcome = ctx.api().fetchResults([{ id: jobId, kind }])[0]!;
    if (outcome.kind !== 'error') return { kind, outcome };
    if (outcome.error.status !== 404) throw new UserError(outcome.error.userMessage);
  }
  throw new UserError(
    `The enrichment service does not know the job ${jobId}: check the id (and the API key).`,
  );
}

/** The record of a job imported by its id: pending, polled with this user's key. */
const importedJob = (ctx: AppContext, jobId: string) =>
  ({ state: 'pending', id: jobId, startedAt: ctx.clock.now(), tries: 0, ...keyStamp(actorOf(ctx)) }) as const;

const checkedId = (jobId: string): string => {
  const id = jobId.trim();
  if (!JOB_ID.test(id)) throw new UserError(`"${jobId}" does not look like a job id.`);
  return id;
};

/** Imports a job by id: into an ambiguous job, or as a new run when the registry lost it. */
export function importJob(ctx: AppContext, request: ImportRequest): ImportResult {
  const jobId = checkedId(request.jobId);
  const result = request.job ? importIntoAmbiguousJob(ctx, jobId, request.job) : importLostJob(ctx, jobId);
  pollOnce(ctx);
  return result;
}

/**
 * One job, one record: an id tracked already (by another record than `own`) is never imported
 * again: its answers would be counted twice, on a second card and a second log row.
 */
function refuseTracked(registry: Registry, jobId: string, own?: JobRecord): void {
  // A job of an unreadable run record is not "in the list": importing gives it a run (rehome.ts).
  if (registry.jobs.some((job) => job.id === jobId && job !== own && registry.runs.has(job.run)))
    throw new UserError(`This job is already in the Jobs list.`);
}

function importIntoAmbiguousJob(
  ctx: AppContext,
  jobId: string,
  ref: RunJobRef,
  fetched?: ReturnType<typeof fetchJob>,
): ImportResult {
  const { run, job } = underLock(ctx, (registry) => heldJob(ctx, registry, ref));
  const { outcome } = fetched ?? fetchJob(ctx, jobId, run ? [run.kind] : ['enrich', 'reverse']);
  if (outcome.kind === 'result') checkSameJob(jobId, outcome.result, ref.runId, job);
  return underLock(ctx, (registry) => {
    const current = heldJob(ctx, registry, ref);
    refuseTracked(registry, jobId, current.job);
    reopen(ctx, registry, unstopped(current.run), current.job, importedJob(ctx, jobId));
    return { runId: ref.runId, contacts: job.fingerprints.length };
  });
}

/**
 * Refuses a job that is not the lost one: another run's job over the same rows (a phone-only run,
 * say) would record its fields' answers, and "not found" for the fields it never asked, while the
 * real job's paid answers were never read. Its readable name ends with the run and job it was
 * started for (the spreadsheet's title may have changed since), and every contact must be the lost
 * job's, all of those it still asks once the job is done.
 */
function checkSameJob(jobId: string, result: JobResult, runId: string, job: JobRecord): void {
  const tail = `run ${runId} job ${job.seq + 1}`;
  // A job that knows its id (a stuck one, or one given a run of its own) is that job, whatever its
  // name: the dashboard names it after the run that started it, which a re-homed job's card, that
  // says "import the job by its id", is not (fuzz finding 53).
  if (result.name && job.id !== jobId && !result.name.endsWith(tail))
    throw new UserError(
      `The job you pasted is another job ("${result.name}"): this one's name ends with "${tail}". Look for that name in ${DASHBOARD}.`,
    );
  const ours = new Set(job.fingerprints);
  const theirs = new Set(result.items.map((item) => item.custom.fp ?? ''));
  const strangers = [...theirs].filter((fp) => !ours.has(fp)).length;
  const finished = result.status === 'FINISHED';
  // A retry's resend asks only what had no answer (paid-once.ts unanswered): done, it holds those.
  const missing = unanswered(job).some((fp) => !theirs.has(fp));
  if (strangers > 0 || (finished && result.items.length > 0 && missing))
    throw new UserError(
      `The job you pasted is another job: it holds ${plural(theirs.size, 'contact')}, ${strangers} of them not this job's, which sent ${plural(ours.size, 'contact')}.`,
    );
}

function importLostJob(ctx: AppContext, jobId: string): ImportResult {
  const fetched = fetchJob(ctx, jobId, ['enrich', 'reverse']);
  const { kind, outcome } = fetched;
  if (outcome.kind === 'not_ready')
    throw new UserError(`This job is still running: import it again in a few minutes.`);
  // The id of a lost start the list shows (its name says which): it resolves that run, whose card
  // then offers no Retry and whose log row is rewritten, instead of making a second run.
  const named = jobOfName(outcome.result.name);
  // A held job whose list of contacts was lost (its Import sends the user here): its results give
  // the list back, and it is imported into its own record, as any held job. Before, the log's row
  // of its ended run made this "imported already": its charge never reached the Spending tab, and
  // the Jobs panel asked the same import for good (fuzz seed 38001, stop 57).
  // So is one still pending (a Retry's resend), its run reopened: its record, readable, says what
  // it asked; taken for a damaged record instead, it asked only the fields its answers hold, and a
  // later Retry of the lost start resent the rest with what it had bought (fuzz seed 38002, stop 68).
  // Read once: the lock and a second read only for such a job.
  const registry = registryOf(ctx);
  const listless = registry.listless?.find(
    (job) => job.id === jobId && (job.state === 'ambiguous' || job.state === 'pending'),
  );
  const held =
    listless &&
    underLock(ctx, (current) => {
      const relisted = relistHeld(ctx, current, jobId, outcome.result);
      // Under the same lock: collected meanwhile by another execution's poll, it is not pending.
      if (relisted?.job.state === 'pending')
        reopen(ctx, current, unstopped(current.runs.get(relisted.runId)), relisted.job, { state: 'pending' });
      return relisted;
    });
  if (held && listless.state === 'pending') return { runId: held.runId, contacts: listless.contacts };
  if (held) return importIntoAmbiguousJob(ctx, jobId, held, fetched);
  const lost =
    named &&
    registry.jobs.some(
      (job) => job.run === named.run && job.seq === named.seq && awaitsDecision(registry, job),
    );
  if (lost) return importIntoAmbiguousJob(ctx, jobId, { runId: named.run, seq: named.seq }, fetched);
  const { run, fingerprints } = runFromResult(ctx, kind, outcome.result, jobId);
  return underLock(ctx, (registry) => {
    refuseTracked(registry, jobId);
    // Collected already, its record since pruned: the log's row of its run counts it.
    if (jobLogged(ctx, jobId)) {
      // Counted, yet it may have found more since it was closed (a stuck job closed on its early
      // answers goes on at the provider): what it holds is saved, free, never counted twice.
      const saved = saveAnswersOnly(ctx, run, outcome.result);
      throw new UserError(
        `This job was imported already: the log tab counts it.${saved ? ` Its answers are saved: run its rows again to fill them, at no cost.` : ''}`,
      );
    }
    // The job of a damaged record: once imported, its own record answers for its contacts (the
    // rows it did not process were not bought, and may be sent again), so the damaged one goes.
    const imported = new Set(fingerprints);
    const ledger = ledgerOf(ctx);
    // A stuck job's retry resends only what its forced fetch left unanswered: the record's other
    // contacts are answered in the ledger, and need no hold either (fuzz finding 59).
    const replaces = damagedRecordOf(registry, named, jobId, (list) => {
      const rest = list.filter((fp) => !imported.has(fp));
      return rest.length === 0 || ledger.lookup(rest).size === rest.length;
    });
    const job: JobRecord = {
      run: run.id,
      seq: 0,
      fingerprints,
      rows: `imported job ${jobId}`,
      ...importedJob(ctx, jobId),
    };
    if (replaces) {
      // The job takes its damaged record's place again, in its run, as an ambiguous job's import
      // does: that run collects, writes and counts it, and ends once, with what it really cost (a
      // run of its own, counted by no cap, left its run's cost unknown: findings 45, 180). If that
      // run's record cannot be read either, the poll gives the job a run of its own (rehome.ts).
      // What it asked is what its results tell (as for a run of its own): its run may have asked more.
      Object.assign(job, {
        run: runOfJobKey(replaces),
        seq: seqOfJobKey(replaces),
      });
      if (run.kind === 'enrich') job.fields = run.fields;
      forgetDamagedRecord(registry, replaces);
    } else registry.runs.set(run.id, run);
    const home = registry.runs.get(job.run);
    registry.jobs.push(job);
    saveJobFingerprints(ctx.spreadsheet, registry, [job]);
    reopen(ctx, registry, unstopped(home), job, { state: 'pending' });
    return { runId: job.run, contacts: fingerprints.length };
  });
}
