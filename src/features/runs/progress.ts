/** The Jobs panel's view of the registry: every run's progress, newest first. */
import { lazy } from '../../domain/lazy';
import { DASHBOARD, plural } from '../../domain/words';
import { DOCUMENT_PROPERTY } from '../../platform/property-keys';
import { actorOf, othersRunNote, ownsRun, type Actor } from '../../engine/team';
import type { AppContext } from '../../engine/context';
import { jobName } from '../../engine/job-starter';
import { runsStoppedByKey } from '../../engine/key-wait';
import { backgroundStall, pollTriggerRefused } from '../../engine/poll-trigger';
import { contactsFound } from '../../store/run-log';
import { retryPrice } from '../../engine/retry';
import { lostStart } from '../../engine/paid-once';
import { WAITING_FOR_STARTING_KEY } from '../../engine/collection';
import { pollFailure } from '../../engine/poll-problem';
import { sourceWord } from '../../domain/runs';
import {
  loadRegistrySummary,
  type FoundCounts,
  type JobSummary,
  type Registry,
  type RunRecord,
  type UnreadableRecord,
  runOfJobKey,
  seqOfJobKey,
} from '../../store/registry';
import { readJobSheet } from '../../store/job-sheet';
import { timestampText } from '../../engine/row-status';
import type { JobKind, RunState } from '../../domain/runs';
import type { EnrichField } from '../../domain/fields';
import { maxCreditsPerContact } from '../../engine/plan-cost';

export interface RunProgress {
  runId: string;
  kind: JobKind;
  sheetName: string;
  /** Where it came from, in the words the log and the Spending tab use (domain/runs.ts). */
  source: string;
  state: RunState;
  jobs: number;
  sent: number;
  done: number;
  found: FoundCounts;
  credits: number;
  startedAt: string;
  /** Plain words, with what to do next. */
  error?: string;
  /** Rows filled at start from saved results (no credits). */
  rowsFromLedger?: number;
  /** Answers whose inputs no longer match any row (rows edited or deleted): kept, not written. */
  unmatched?: number;
  /** While the API is backing us off (429, 5xx, down): when the next poll will ask it again (ISO). */
  retryAt?: string;
  /** Contacts with any answer (found counts per kind may overlap). */
  contactsFound: number;
  /** Contacts the API did not process (out of credits, canceled). */
  unprocessed: number;
  /** The fields asked (enrich): the card counts only what was asked. */
  fields: EnrichField[];
  /** Out of credits: the most running the rest can cost ("Run the rest…" plans it exactly). */
  restCredits?: number;
  /** Contacts the user canceled before they were sent (among `unprocessed`, not among `sent`). */
  notSent?: number;
  /** The most the run could cost when it started; `credits` is what the API charged. */
  estimatedCredits?: number;
  /** Jobs that may have been started although their answer was lost: the user decides. */
  ambiguousJobs?: AmbiguousJobView[];
  /** Contacts of jobs not sent yet: what canceling the run spares. */
  queuedContacts?: number;
  /** Stopped by a refused or missing key: resumes when the user says so. */
  waitingForKey?: boolean;
  /** When the oldest job the API is working on was started (ISO): the card shows it is working. */
  workingSince?: string;
  /**
   * Another user's run (a shared document): whose it is and when its results come. Its controls
   * (cancel, retry, import, resume) are theirs, so the card offers none.
   */
  othersRun?: string;
  /** Undone: what its undo put back and left, in plain words. */
  undo?: string;
}

export interface AmbiguousJobView {
  seq: number;
  /** The readable name the job was started with: how to find it in the provider's dashboard. */
  name: string;
  contacts: number;
  /** The most a retry can cost (again, if the first start went through). */
  retryMaxCredits: number;
  /** What went wrong, in plain words. */
  problem: string;
}

export interface ProgressView {
  runs: RunProgress[];
  pending: boolean;
  /** Saved records that could not be read, in plain words (they are kept, not deleted). */
  problems?: string[];
  /** Runs waiting for a working key, and the most resuming them can cost. */
  stoppedByKey?: { runs: number; maxCredits: number };
  /**
   * What Apps Script or Sheets does not do here and what to do meanwhile, a line each: the
   * background trigger refused (a test deployment), formulas not recalculated by a refresh.
   */
  notes?: string[];
}

function progressOf(
  run: RunRecord,
  registry: Registry<JobSummary>,
  now: number,
  spreadsheetName: () => string,
  actor: Actor,
): RunProgress {
  const progress: RunProgress = {
    runId: run.id,
    kind: run.kind,
    sheetName: run.sheetName,
    source: sourceWord(run),
    state: run.state,
    jobs: run.jobs,
    sent: run.sent,
    done: run.done,
    found: run.found,
    credits: run.credits,
    startedAt: timestampText(run.startedAt),
    rowsFromLedger: run.fromLedger,
    unmatched: run.unmatched,
    contactsFound: contactsFound(run),
    unprocessed: run.unprocessed ?? 0,
    fields: run.fields,
  };
  if (run.state === 'out_of_credits')
    progress.restCredits = progress.unprocessed * maxCreditsPerContact(run.kind, run.fields);
  if (run.notSent) progress.notSent = run.notSent;
  if (!ownsRun(actor, run)) progress.othersRun = othersRunNote(run);
  if (run.estimatedCredits !== undefined) progress.estimatedCredits = run.estimatedCredits;
  if (run.error) progress.error = run.error;
  // One pass over the registry for this run's jobs.
  const ambiguous: AmbiguousJobView[] = [];
  // The earliest start of a job the API is working on, and the earliest next poll of a waiting job.
  let workingSince = Infinity;
  let nextPoll = Infinity;
  let queued = 0;
  /** Why a started job still waits (another key's refusal): the run says so. */
  let waiting: string | undefined;
  for (const job of registry.jobs) {
    if (job.run !== run.id) continue;
    if (job.state === 'ambiguous')
      ambiguous.push({
        seq: job.seq,
        name: jobName(spreadsheetName(), run, job),
        contacts: job.contacts,
        retryMaxCredits: retryPrice(run, job, job.contacts),
        problem: job.problem ?? '',
      });
    if (job.state === 'queued') queued += job.contacts;
    // Why a queued job cannot start yet, or a pending one waits to be asked (Apps Script's daily
    // quota), when no other error says more.
    const waits = job.state === 'queued' || (job.state === 'pending' && (job.nextPollAt ?? 0) > now);
    if (waits && job.problem && !progress.error) progress.error = job.problem;
    if (job.state === 'pending' && job.waitsForStartingKey) waiting = WAITING_FOR_STARTING_KEY;
    if (job.state === 'pending' && job.startedAt !== undefined)
      workingSince = Math.min(workingSince, job.startedAt);
    // A waiting job with no later poll set (0) is not backing off.
    if (job.state === 'queued' || job.state === 'pending') nextPoll = Math.min(nextPoll, job.nextPollAt ?? 0);
  }
  if (ambiguous.length) progress.ambiguousJobs = ambiguous;
  if (queued) progress.queuedContacts = queued;
  if (run.authFailed) progress.waitingForKey = true;
  if (run.undone) progress.undo = run.undone;
  if (run.state === 'running') {
    if (waiting && !progress.error) progress.error = waiting;
    if (workingSince < Infinity) progress.workingSince = new Date(workingSince).toISOString();
    // When every job still waiting is backing off: the earliest moment one is asked again.
    if (nextPoll < Infinity && nextPoll > now) progress.retryAt = timestampText(nextPoll);
  }
  return progress;
}

/** Every known run, newest first, and whether any still waits for results. */
export function progressView(
  ctx: AppContext,
  registry: Registry<JobSummary> = loadRegistrySummary(ctx.documentStore),
): ProgressView {
  const runs = [...registry.runs.values()].sort((a, b) => b.startedAt - a.startedAt);
  const now = ctx.clock.now();
  const actor = actorOf(ctx);
  // Asked of Sheets only when an ambiguous job is named, and once (the panel refreshes often).
  const spreadsheetName = lazy(() => ctx.spreadsheet.name());
  const view: ProgressView = {
    runs: runs.map((run) => progressOf(run, registry, now, spreadsheetName, actor)),
    pending: runs.some((run) => run.state === 'running'),
  };
  // The job sheet's ids, read only when a job record cannot be (one Range read).
  const ids = registry.unreadable.some(({ key }) => key.startsWith(DOCUMENT_PROPERTY.jobPrefix))
    ? readJobSheet(ctx.spreadsheet).ids
    : undefined;
  const problems = registry.unreadable.map((record) => unreadableMessage(record, registry, ids));
  // A failed poll, and a background check that no longer runs: on the panel and each running run.
  for (const failed of [pollFailure(ctx), backgroundStall(ctx, registry)]) {
    if (!failed) continue;
    problems.unshift(failed);
    for (const run of view.runs) if (run.state === 'running' && !run.error) run.error = failed;
  }
  if (problems.length) view.problems = problems;
  const stopped = runsStoppedByKey(registry, actor);
  if (stopped.runs) view.stoppedByKey = stopped;
  const notes = [
    ...ctx.sources.map((source) => source.note?.(ctx)),
    pollTriggerRefused(ctx) ? TRIGGER_REFUSED_NOTE : undefined,
  ].filter((note): note is string => note !== undefined);
  if (notes.length) view.notes = notes;
  return view;
}

/** The Jobs panel's line while Apps Script refuses the background trigger (see syncPollTrigger). */
export const TRIGGER_REFUSED_NOTE =
  'Results come in only while this sidebar is open: Google refused the background check here (a test deployment has none).';

/**
 * What the Jobs panel says of a stored record it could not read (kept, never deleted). A run
 * record's jobs are collected without it (rehome.ts) while their own records can be read; when
 * they cannot either, only their ids bring their answers: the dashboard names them by run, but a
 * job a re-homing moved to a run of its own by the run that started it, so the job
 * sheet's id for it is named instead (`ids`, by job sheet key: fuzz finding 35).
 */
export function unreadableMessage(
  { key, reason }: UnreadableRecord,
  registry: Pick<Registry<JobSummary>, 'jobs' | 'unreadable'>,
  ids: ReadonlyMap<string, string> = new Map(),
): string {
  const runId = key.startsWith(DOCUMENT_PROPERTY.runPrefix)
    ? key.slice(DOCUMENT_PROPERTY.runPrefix.length)
    : undefined;
  const jobs = registry.jobs.filter((job) => job.run === runId);
  // A job record: its rows hold ("import the job by its id under Jobs"); the dashboard names it so.
  const job = key.startsWith(DOCUMENT_PROPERTY.jobPrefix)
    ? key.slice(DOCUMENT_PROPERTY.jobPrefix.length)
    : '';
  const seq = seqOfJobKey(job);
  const byId = (id: string) => `import the job ${id} by its id`;
  const damagedJobs = registry.unreadable.filter((other) =>
    other.key.startsWith(`${DOCUMENT_PROPERTY.jobPrefix}${runId}.`),
  );
  const knownIds = damagedJobs.flatMap((other) => {
    const id = ids.get(other.key.slice(DOCUMENT_PROPERTY.jobPrefix.length));
    return id ? [byId(id)] : [];
  });
  const byIds = `import them by their ids (${DASHBOARD} names them after run ${runId}).`;
  // (The panel reads the properties alone: a lost list of contacts is no record it reports.)
  const rest =
    runId === undefined
      ? `${ids.has(job) ? `Import the job ${ids.get(job)} by its id` : `If its job reached the provider, import it by its id (${DASHBOARD} names it after run ${runOfJobKey(job)} job ${seq + 1})`}; its rows are not sent again until then, or until you look them up again.`
      : damagedJobs.length && !jobs.some((job) => job.id)
        ? `Its jobs could not be read either: ${knownIds.length ? `${knownIds.join(', ')}.` : byIds}`
        : jobs.some(lostStart)
          ? // A start whose answer was lost has no id to collect it by: only the dashboard's id brings it.
            `A job of it may have been started although its answer was lost: ${byIds}`
          : 'Its jobs are still collected, with the key that started them; their rows are not sent again meanwhile.';
  return `A saved record could not be read (${reason}); it is kept unchanged under "${key}". ${rest}`;
}

/** The toast of "Refresh results now": what the poll found, in one line. */
export function refreshNowMessage(ctx: AppContext, polled: boolean): string {
  if (!polled) return 'Results are being written right now.';
  // The run records alone: the whole Jobs view (actor, names, jobs) is not needed for two sums.
  let done = 0;
  let sent = 0;
  let running = 0;
  for (const run of loadRegistrySummary(ctx.documentStore).runs.values()) {
    if (run.state !== 'running') continue;
    running++;
    done += run.done;
    sent += run.sent;
  }
  if (!running) return 'No job is waiting for results.';
  return `${done} of ${plural(sent, 'contact')} done; the rest is still running.`;
}
