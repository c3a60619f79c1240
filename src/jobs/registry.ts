/**
 * The job registry, in document properties so that any later execution (a trigger, the sidebar,
 * another user's session) can pick a job up. One key per run (its summary and counts) and one key
 * per job (its fingerprints and state), compact JSON, each far below the 9 KB value limit; the
 * whole registry is read with one getAll and written with one setAll per step.
 */
import { UserError } from '../user-error';
import type { EnrichField, JobKind, JobStatus } from '../api/model';
import { LIMITS } from '../limits';
import type { KeyValueStore } from '../platform/ports';
import { DOCUMENT_PROPERTY } from '../platform/property-keys';
import type { ColumnMapping, InputKey } from '../sheet/inputs';
import { decodeRecord, encodeRecord, JOB_CODEC, RUN_CODEC } from './stored-records';

const RUN_PREFIX = DOCUMENT_PROPERTY.runPrefix;
const JOB_PREFIX = DOCUMENT_PROPERTY.jobPrefix;
/** Finished runs kept for the progress panel. */
const FINISHED_RUNS_KEPT = 10;
/** Share of the 500 KB store the registry may fill (the rest: mappings, other features). */
const REGISTRY_BYTES = LIMITS.propertyStoreBytes * 0.8;

/** Contacts found per kind of answer, counted once per contact. */
export interface FoundCounts {
  workEmail: number;
  personalEmail: number;
  phone: number;
  profile: number;
  /** Contacts with any answer at all (a contact with an email and a phone counts once). */
  contacts?: number;
}

export type RunState = 'running' | 'finished' | 'out_of_credits' | 'failed' | 'canceled';

export interface RunRecord {
  id: string;
  kind: JobKind;
  sheetId: number;
  sheetName: string;
  /** The columns the run read its inputs from: results are matched to rows through them. */
  mapping: ColumnMapping;
  /** The header text of each mapped column at start, to find the columns again if they move. */
  mappingHeaders?: Partial<Record<InputKey, string>>;
  fields: EnrichField[];
  overwrite: boolean;
  startedAt: number;
  state: RunState;
  error?: string;
  /** Stopped by an invalid key: resumes when a new key is saved. */
  authFailed?: boolean;
  jobs: number;
  /** Distinct contacts sent. */
  sent: number;
  /** Contacts whose answers are written (or reported when no row matched). */
  done: number;
  found: FoundCounts;
  credits: number;
  /** Rows filled from saved answers at start. */
  fromLedger: number;
  /** Answers whose inputs no longer match any row: kept in the ledger, not written. */
  unmatched: number;
  /** Contacts the API did not process (out of credits, canceled): their rows say so, nothing charged. */
  unprocessed?: number;
  /** The most the run could cost at the price table when it started (the user confirmed it). */
  estimatedCredits?: number;
  /** Set when the end of the run was announced. */
  endedAt?: number;
}

/**
 * queued → sending → (started) pending → (answer stored in the ledger) fetched → (rows written)
 * applied. Each arrow is one registry write; "sending" is written before the start is sent, every
 * other state after the work it records. A start whose fate is unknown makes the job "ambiguous"
 * until the user retries it (back to queued) or imports it by id (pending).
 */
export type JobState = 'queued' | 'sending' | 'pending' | 'fetched' | 'applied' | 'ambiguous';

export interface JobRecord {
  run: string;
  seq: number;
  state: JobState;
  /** Input fingerprints, in the order sent. */
  fingerprints: string[];
  /** e.g. "rows 2–101", for the job's name. */
  rows: string;
  id?: string;
  startedAt?: number;
  /** Row status for fingerprints the ledger has no answer for once fetched ("out of credits"...). */
  unansweredStatus?: string;
  status?: JobStatus;
  credits?: number;
  /** The fields this job asks for, when they differ from the run's. */
  fields?: EnrichField[];
  /** When its start was about to be sent (state "sending"). */
  sendingAt?: number;
  /** Fingerprint → why the API's item for it could not be read (that row fails, not the job). */
  itemProblems?: Record<string, string>;
  /** Why the job is ambiguous, in plain words. */
  problem?: string;
  /** An ambiguous job's rows say so (written once). */
  rowsMarked?: boolean;
  /** Failed polls in a row (backoff) and when to try again. */
  tries?: number;
  nextPollAt?: number;
}

/** A stored record that could not be read: kept in the store as it is, and reported. */
export interface UnreadableRecord {
  key: string;
  reason: string;
}

export interface Registry {
  runs: Map<string, RunRecord>;
  jobs: JobRecord[];
  /** Records of the registry that could not be read (damaged, or from a newer version). */
  unreadable: UnreadableRecord[];
  /** Bytes the registry's keys and values take in the store. */
  bytes: number;
}

const jobKey = (job: Pick<JobRecord, 'run' | 'seq'>) => `${JOB_PREFIX}${job.run}.${job.seq}`;
const runKey = (run: Pick<RunRecord, 'id'>) => RUN_PREFIX + run.id;

/** UTF-8 length, as the property store counts it (no Buffer in Apps Script). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The registry in one read. Records of an older version are migrated; an unreadable one does not
 * stop every poll, but it is not dropped either: it stays in the store (pruning only deletes what
 * it read) and is listed in `unreadable`, for the Jobs panel and the log.
 */
export function loadRegistry(store: KeyValueStore): Registry {
  const registry: Registry = { runs: new Map(), jobs: [], unreadable: [], bytes: 0 };
  for (const [key, value] of Object.entries(store.getAll())) {
    const isRun = key.startsWith(RUN_PREFIX);
    if (!isRun && !key.startsWith(JOB_PREFIX)) continue;
    registry.bytes += utf8Bytes(key) + utf8Bytes(value);
    if (isRun) {
      const run = decodeRecord<RunRecord>(RUN_CODEC, value);
      if (run.ok) registry.runs.set(run.value.id, run.value);
      else registry.unreadable.push({ key, reason: run.reason });
    } else {
      const job = decodeRecord<JobRecord>(JOB_CODEC, value);
      if (job.ok) registry.jobs.push(job.value);
      else registry.unreadable.push({ key, reason: job.reason });
    }
  }
  registry.jobs.sort((a, b) => a.run.localeCompare(b.run) || a.seq - b.seq);
  return registry;
}

function serialise(record: RunRecord | JobRecord, codec: typeof RUN_CODEC): string {
  const text = encodeRecord(codec, record);
  if (utf8Bytes(text) > LIMITS.propertyValueBytes - 100) {
    throw new Error(`A registry value is over the ${LIMITS.propertyValueBytes}-byte property limit.`);
  }
  return text;
}

/** Writes runs and jobs in one setAll: a step's records change together or not at all. */
export function saveRecords(
  store: KeyValueStore,
  runs: readonly RunRecord[],
  jobs: readonly JobRecord[],
): void {
  const values: Record<string, string> = {};
  for (const run of runs) values[runKey(run)] = serialise(run, RUN_CODEC);
  for (const job of jobs) values[jobKey(job)] = serialise(job, JOB_CODEC);
  if (Object.keys(values).length) store.setAll(values);
}

/** Bytes a new run's records will take, to refuse a run the store cannot hold. */
export function estimateBytes(runs: readonly RunRecord[], jobs: readonly JobRecord[]): number {
  return [...runs, ...jobs].reduce((sum, record) => sum + utf8Bytes(JSON.stringify(record)) + 60, 0);
}

/** Throws a plain-words error when the registry would outgrow its share of the store. */
export function assertRoom(registry: Registry, extraBytes: number): void {
  if (registry.bytes + extraBytes > REGISTRY_BYTES) {
    throw new UserError(
      'Too many contacts are waiting for results. Select fewer rows, or wait for the running jobs to finish.',
    );
  }
}

/**
 * Deletes applied jobs of ended runs and all but the latest finished runs, so the registry stays
 * small. Jobs of a running run are kept: the run's counts do not depend on them.
 */
export function pruneRegistry(store: KeyValueStore, registry: Registry): void {
  const ended = [...registry.runs.values()]
    .filter((run) => run.state !== 'running')
    .sort((a, b) => b.startedAt - a.startedAt);
  const endedIds = new Set(ended.map((run) => run.id));
  const stale = registry.jobs.filter((job) => job.state === 'applied' && endedIds.has(job.run));
  for (const job of stale) store.delete(jobKey(job));
  registry.jobs = registry.jobs.filter((job) => !stale.includes(job));
  for (const run of ended.slice(FINISHED_RUNS_KEPT)) {
    if (registry.jobs.some((job) => job.run === run.id)) continue;
    store.delete(runKey(run));
    registry.runs.delete(run.id);
  }
}
