/**
 * The registry's budget in the document's property store: what a run's records will take, measured
 * with the codecs (registry-records.ts) on records shaped as they are written, never guessed; what
 * the jobs not written yet may still add; and the refusal of a run the store could not hold. The
 * formula queue asks the same reserve (features/formulas/formula-queue.ts).
 */
import { ENRICH_FIELDS } from '../domain/fields';
import { lazy } from '../domain/lazy';
import { LIMITS } from '../domain/limits';
import { UserError } from '../domain/user-error';
import { DOCUMENT_PROPERTY } from '../platform/property-keys';
import { encodeRecord, type RecordCodec } from './stored-records';
import {
  JOB_CODEC,
  jobKey,
  RUN_CODEC,
  runKey,
  storedJob,
  utf8Bytes,
  type JobBase,
  type JobRecord,
  type JobState,
  type Registry,
  type RunRecord,
} from './registry';

/**
 * How full a new run may leave the 500 KB store: the rest is room for its jobs to grow (ids,
 * counts) and for mappings and settings.
 */
const STORE_BYTES_AFTER_START = LIMITS.propertyStoreBytes * 0.85;

/** Bytes a record takes in the store: its key and its value as the codec writes it. */
const recordBytes = <T extends object>(key: string, codec: RecordCodec<T>, record: T): number =>
  utf8Bytes(key) + utf8Bytes(encodeRecord(codec, record));

/**
 * What a job's record holds once sent, each field at its longest (storedJob keeps some once written),
 * whatever state has which: the most any state holds (so no state's type fits it).
 */
const SENT = {
  id: '0'.repeat(36),
  status: 'CREDITS_INSUFFICIENT' as const,
  credits: 99_999,
  rows: 'rows 99902–100001',
  startedAt: 1e13,
  sendingAt: 1e13,
  nextPollAt: 1e13,
  tries: 99,
  keyId: '0'.repeat(11),
  workspace: '0'.repeat(24),
  unansweredStatus: 'out of credits',
  unreadable: 'f'.repeat(25),
  fields: [...ENRICH_FIELDS],
};
const sentBytes = (job: JobRecord, state: JobState) =>
  recordBytes(jobKey(job), JOB_CODEC, storedJob({ ...job, ...SENT, state } as unknown as JobRecord));

/**
 * Measured once per execution with the codec: what a queued job (its rows label aside) gains once
 * written (its id, status and credits), and what a job in flight holds beyond that (its start, key,
 * workspace, backoff, rows label, unanswered words, unreadable items). The API runs at most
 * LIMITS.concurrentJobsPerWorkspace jobs at once: at most that many records are that large.
 */
const jobGrowth = /* @__PURE__ */ lazy(() => {
  const job: JobRecord = { run: 'x'.repeat(12), seq: 999, state: 'queued', rows: '', fingerprints: [] };
  const written = sentBytes(job, 'applied');
  return {
    growth: written - recordBytes(jobKey(job), JOB_CODEC, storedJob(job)),
    inFlight: sentBytes(job, 'fetched') - written,
  };
});

/** What jobs not written yet may still add: `unsent` of them their id and counts, those in flight their surplus. */
function growth(unsent: number, unwritten: number): number {
  const { growth: each, inFlight } = jobGrowth();
  return unsent * each + Math.min(unwritten, LIMITS.concurrentJobsPerWorkspace) * inFlight;
}

const MOST = 9_999_999;
/** A run at its end (counts, error, what it gave back): what its record may grow to. */
const endedRun = (run: RunRecord): RunRecord => ({
  ...run,
  credits: MOST,
  done: MOST,
  found: { workEmail: MOST, personalEmail: MOST, phone: MOST, profile: MOST, contacts: MOST },
  error: 'x'.repeat(300),
  endedAt: 1e13,
  released: MOST,
  mayHaveCost: MOST,
});

/**
 * Bytes a new run's records will take in properties at most, measured with the codecs: the run at
 * its end, each job written (with the longest id and counts), and the jobs in flight at once at
 * their largest. The registry's jobs already in flight count towards that limit (assertRoom).
 */
export function estimateBytes(runs: readonly RunRecord[], jobs: readonly JobRecord[]): number {
  const written = jobs.reduce((sum, job) => sum + sentBytes(job, 'applied'), 0);
  return runs.reduce((sum, run) => sum + recordBytes(runKey(run), RUN_CODEC, endedRun(run)), written);
}

/** Bytes the registry's jobs not written yet may still grow by, `more` new ones beside them in flight. */
export const growthReserve = (registry: Registry<JobBase>, more = 0): number =>
  growth(
    registry.jobs.filter((job) => job.state === 'queued' || job.state === 'sending').length,
    registry.jobs.filter((job) => job.state !== 'applied').length + more,
  );

/**
 * The same reserve from the store's raw values, for the formula queue (a custom function must stay
 * cheap: the job records are not decoded, their state is read where JSON.stringify put it).
 */
export function growthReserveIn(values: Readonly<Record<string, string>>): number {
  let unsent = 0;
  let unwritten = 0;
  for (const [key, value] of Object.entries(values)) {
    if (!key.startsWith(DOCUMENT_PROPERTY.jobPrefix)) continue;
    if (/"state":"(queued|sending)"/.test(value)) unsent++;
    if (!value.includes('"state":"applied"')) unwritten++;
  }
  return growth(unsent, unwritten);
}

/**
 * Throws a plain-words error when the registry would outgrow its share of the store: what is
 * stored, what the jobs already registered will still grow by, and the new run's records.
 */
export function assertRoom(registry: Registry, runs: readonly RunRecord[], jobs: readonly JobRecord[]): void {
  const bytes = registry.storeBytes + growthReserve(registry, jobs.length) + estimateBytes(runs, jobs);
  if (bytes <= STORE_BYTES_AFTER_START) return;
  const queue = registry.formulaQueueBytes ?? 0;
  const byQueue =
    queue > LIMITS.propertyStoreBytes / 5
      ? ` Queued formula requests take ${Math.round(queue / 1024)} KB of the document's storage: send them ("Get them…") or clear them, or select fewer rows.`
      : ' Select fewer rows, or wait for the running jobs to finish.';
  throw new UserError(`Too many contacts are waiting for results.${byQueue}`);
}
