/**
 * The job starts' answers, kept the moment each arrives (issue 32: paid once across kills).
 *
 * The add-on sends a batch of job starts in one fetchAll and records their ids when the slowest has
 * answered; the state is saved right after. A process killed in between (SIGKILL, the machine out
 * of memory) left those jobs as lost starts: made at the API, charged, and their ids known only to
 * the provider's dashboard, so the user had to find each one and pass `--import-job`. The spec has
 * no way to list jobs and no idempotency key (docs/api-decisions.md).
 *
 * The local runtime's HTTP thread appends each start's answer here as it arrives
 * (LoadOptions.journalAnswers), keyed by the job's readable name, which the state's lost start
 * carries too. The next command imports every lost start the journal names by its id, as
 * `--import-job` would (the add-on checks the name and contacts), saves the state, and only then
 * lets go of the lines whose job the saved state holds by its id, or no longer holds (settleStartJournal). What is left
 * is a kill between the API making the job and its answer reaching this process: the answer's own
 * trip over the network.
 *
 * A line is the only trace of a paid job: it goes once the state holds that job's id (imported, or
 * recorded by the execution that started it; or applied since, and pruned), or once the API answered 404 for it to a key of the
 * state's workspace (never made). An import refused for any other reason (a key of another
 * workspace, the API down) keeps it for the next command (issue 39).
 */
import { existsSync, readFileSync, truncateSync } from 'node:fs';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { writeAtomically } from './state-file';
import type { AnswerJournal } from '../../dev/gas/urlfetch/client';
import type { ProgressView } from '../../src/app/sidebar-contract';
import type { Addon } from '../../dev/gas/harness';
import { lostJobs } from './enrich-resume';
import { messageOf } from './run-error';

/** The journal beside a state file. */
export const startJournalPath = (statePath: string): string => `${statePath}.starts`;

/** LoadOptions.journalAnswers for the CLI: a POST whose JSON body names a job is a job start. */
export function journalStarts(
  file: string,
): (request: { method: string; payload: string }) => AnswerJournal | undefined {
  return (request) => {
    if (request.method !== 'POST' || !request.payload.startsWith('{')) return undefined;
    try {
      const name: unknown = (JSON.parse(request.payload) as { name?: unknown }).name;
      return typeof name === 'string' && name ? { file, key: name } : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The job name and id a journal line holds, when it is a start the API answered with an id. */
function entryOf(line: string): { name: string; id: string } | undefined {
  // A line cut short by the kill is skipped: its answer never reached the journal whole.
  try {
    const entry = JSON.parse(line) as { key?: unknown; status?: unknown; body?: unknown };
    if (typeof entry.key !== 'string' || typeof entry.body !== 'string') return undefined;
    if (typeof entry.status !== 'number' || entry.status < 200 || entry.status > 299) return undefined;
    const id: unknown = (JSON.parse(entry.body) as { enrichment_id?: unknown }).enrichment_id;
    return typeof id === 'string' && id ? { name: entry.key, id } : undefined;
  } catch {
    return undefined;
  }
}

const linesOf = (file: string): string[] =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];

/** Job name → the id its start got back, from the journal's successful answers. */
export function readStartJournal(file: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const line of linesOf(file)) {
    const entry = entryOf(line);
    if (entry) ids.set(entry.name, entry.id);
  }
  return ids;
}

/**
 * Whether the state still holds the job of this readable name (job-starter.ts: "… · run R job N")
 * without the id its start got back (sending, or lost): its journal line is what can still bring it
 * back. A record that holds an id, or none at all (applied and pruned), needs it no more; a record
 * that cannot be read keeps it.
 */
export function awaitingIds(addon: Addon): (name: string) => boolean {
  const properties = addon.properties.document;
  return (name) => {
    const job = /run (\S+) job (\d+)$/.exec(name);
    if (!job) return true;
    const record = properties.getProperty(`${DOCUMENT_PROPERTY.jobPrefix}${job[1]}.${Number(job[2]) - 1}`);
    if (record === null) return false;
    try {
      return typeof (JSON.parse(record) as { id?: unknown }).id !== 'string';
    } catch {
      return true;
    }
  };
}

/**
 * Imports the lost starts whose answer the journal kept, into their own runs (no credits: results
 * are read, not bought). The caller has checked the key's workspace is the state's. Returns how
 * many were imported, and the ids the API does not know (a 404 to this workspace: never made); a
 * refused import leaves its job lost, told as before.
 */
export function importJournaledStarts(
  addon: Addon,
  ids: ReadonlyMap<string, string>,
): { imported: number; neverMade: Set<string> } {
  const neverMade = new Set<string>();
  if (!ids.size) return { imported: 0, neverMade };
  // Starts a kill cut short become lost starts on the first poll.
  const progress = addon.call<ProgressView>('pollJobs');
  let imported = 0;
  for (const lost of lostJobs(progress)) {
    const jobId = ids.get(lost.name);
    if (!jobId) continue;
    try {
      addon.call('importJob', { jobId, job: { runId: lost.runId, seq: lost.seq } });
      imported++;
    } catch (error) {
      // Not this job's answer after all (the add-on compares name and contacts): it stays lost.
      // recovery.ts's fetchJob says this only for a 404 to every kind: the API never made it.
      if (/does not know the job/.test(messageOf(error))) neverMade.add(jobId);
    }
  }
  return { imported, neverMade };
}

/**
 * Lets go of the lines whose job the saved state no longer awaits an id for (`awaiting`), or that
 * the API never made (`neverMade`); the others stay for the next command (see the module comment).
 * Call it only after the state holding those ids is saved.
 */
export function settleStartJournal(
  file: string,
  awaiting: (name: string) => boolean,
  neverMade: ReadonlySet<string> = new Set(),
): void {
  const lines = linesOf(file);
  if (lines.length === 0) return;
  const kept = lines.filter((line) => {
    const entry = entryOf(line);
    return entry !== undefined && awaiting(entry.name) && !neverMade.has(entry.id);
  });
  if (kept.length === lines.length) return;
  if (kept.length === 0) truncateSync(file, 0);
  else writeAtomically(file, `${kept.join('\n')}\n`);
}
