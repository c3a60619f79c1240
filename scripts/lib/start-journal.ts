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
 * empties the journal. What is left is a kill between the API making the job and its answer reaching
 * this process: the answer's own trip over the network.
 */
import { existsSync, readFileSync, truncateSync } from 'node:fs';
import type { AnswerJournal } from '../../dev/gas/urlfetch/client';
import type { ProgressView } from '../../src/app/sidebar-contract';
import type { Addon } from '../../dev/gas/harness';
import { lostJobs } from './enrich-resume';

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

/** Job name → the id its start got back, from the journal's successful answers. */
export function readStartJournal(file: string): Map<string, string> {
  const ids = new Map<string, string>();
  if (!existsSync(file)) return ids;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    // A line cut short by the kill is skipped: its answer never reached the journal whole.
    try {
      const entry = JSON.parse(line) as { key?: unknown; status?: unknown; body?: unknown };
      if (typeof entry.key !== 'string' || typeof entry.body !== 'string') continue;
      if (typeof entry.status !== 'number' || entry.status < 200 || entry.status > 299) continue;
      const id: unknown = (JSON.parse(entry.body) as { enrichment_id?: unknown }).enrichment_id;
      if (typeof id === 'string' && id) ids.set(entry.key, id);
    } catch {
      continue;
    }
  }
  return ids;
}

/**
 * Imports the lost starts whose answer the journal kept, into their own runs (no credits: results
 * are read, not bought). Returns how many; a refused import leaves its job lost, told as before.
 */
export function importJournaledStarts(addon: Addon, ids: ReadonlyMap<string, string>): number {
  if (!ids.size) return 0;
  // Starts a kill cut short become lost starts on the first poll.
  const progress = addon.call<ProgressView>('pollJobs');
  let imported = 0;
  for (const lost of lostJobs(progress)) {
    const jobId = ids.get(lost.name);
    if (!jobId) continue;
    try {
      addon.call('importJob', { jobId, job: { runId: lost.runId, seq: lost.seq } });
      imported++;
    } catch {
      // Not this job's answer after all (the add-on compares name and contacts): it stays lost.
    }
  }
  return imported;
}

/** Empties the journal once the state holds every id it had. */
export function clearStartJournal(file: string): void {
  if (existsSync(file)) truncateSync(file, 0);
}
