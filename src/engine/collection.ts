/**
 * Who collects a started job, and what a failed poll of it concludes: the key that started it (or
 * its workspace's) asks for it; another key's refusal is no evidence; a 404 to the starting key is
 * the money rule's second exit (paid-once.ts). Split from paid-once.ts, which decides what is sent.
 */
import type { ApiError } from '../api/errors';
import type { Actor, JobAccess } from './team';
import { runOf } from './context';
import type { JobBase, JobSummary, Registry } from '../store/registry';

/** Failed polls in a row, with the starting key, before its results are asked for with forceResults. */
export const POLL_REFUSALS_BEFORE_FORCE = 3;

export type PollErrorVerdict =
  /** The starting key got a 404: the job never was (or is gone), nothing of it was bought. */
  | 'not_found'
  /** Another key's refusal is not evidence: the job waits for the key that started it. */
  | 'wait_for_starting_key'
  /** The starting key was refused too often: fetch what the job found (forceResults), then close it. */
  | 'force_fetch'
  /** Try again later (backing off). */
  | 'retry';

/** What a failed poll (not a refused key, handled before) may conclude about a job. */
export function pollErrorVerdict(error: ApiError, access: JobAccess, tries: number): PollErrorVerdict {
  if (access !== 'own') return error.retryable ? 'retry' : 'wait_for_starting_key';
  if (error.status === 404) return 'not_found';
  if (!error.retryable && tries >= POLL_REFUSALS_BEFORE_FORCE) return 'force_fetch';
  return 'retry';
}

/** What a run with a job waiting for the key that started it says (the Jobs panel shows it). */
export const WAITING_FOR_STARTING_KEY =
  'A job of this run was started with another API key, which this key cannot read: its results are collected when that key is saved again (nothing is bought again meanwhile).';

/** Whether this user asks the API for a job the registry cannot fully read: with its key, or its workspace's. */
export const startedWithKeyOf = (actor: Actor, job: JobBase): boolean =>
  !job.keyId || job.keyId === actor.keyId || (!!job.workspace && job.workspace === actor.workspace);

/** A listless job whose list may still come back: pending, of a running run, not imported meanwhile. */
export const listMayComeBack = (registry: Registry<JobBase>, job: JobBase): boolean =>
  job.state === 'pending' &&
  runOf(registry, job)?.state === 'running' &&
  !registry.jobs.some((other) => other.id === job.id);

/**
 * A started job this user's key asks for to read it again: its run record is lost, or its list.
 * It counts as work in flight: the background trigger stays for it.
 */
export function awaitsCollection(
  registry: Registry<JobBase>,
  actor: Actor,
  job: JobBase | JobSummary,
): boolean {
  if (!job.id || !startedWithKeyOf(actor, job)) return false;
  // Every started job of a lost run record: a retried stuck job not resent yet too (queued; the
  // retry's consent went with its run), and a stuck one held for the user's decision (ambiguous):
  // the decision went with its run, and the provider may still charge it (fuzz finding 36).
  if (!registry.runs.has(job.run)) return job.state !== 'applied';
  return 'contacts' in job && listMayComeBack(registry, job);
}
