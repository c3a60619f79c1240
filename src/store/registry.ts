/**
 * The job registry, where any later execution (a trigger, the sidebar, another user's session) can
 * pick a job up. Document properties hold one key per run (its summary and counts) and one key per
 * job (its state, a few hundred bytes), read with one getAll and written with one setAll per step.
 * Each job's fingerprints, the bulk of a large run, live in a hidden sheet (job-sheet.ts), so the
 * 500 KB property store holds the state of a 100,000-row run. Jobs written before that carry their
 * fingerprints in their property ("inline") and keep them there until they are pruned.
 */
import { LIMITS } from '../domain/limits';
import type { KeyValueStore, SpreadsheetPort } from '../platform/ports';
import { DOCUMENT_PROPERTY } from '../platform/property-keys';
import { isFingerprint } from '../sheet/fingerprint';
import {
  appendToJobSheet,
  compactJobSheet,
  JOB_SHEET_NAME,
  readJobSheet,
  type JobSheetRow,
} from './job-sheet';
import { compactUndoRecord } from './undo-record';
import { decodeRecord, encodeRecord, type RecordCodec } from './stored-records';
import {
  JOB_CODEC,
  jobInState,
  RUN_CODEC,
  type JobBase,
  type JobRecord,
  type JobSummary,
  type RunRecord,
  type StoredJob,
} from './registry-records';

// The records' codecs and types are read through the registry by the rest of the add-on.
export * from './registry-records';

const RUN_PREFIX = DOCUMENT_PROPERTY.runPrefix;
const JOB_PREFIX = DOCUMENT_PROPERTY.jobPrefix;
/** Finished runs kept for the progress panel. */
const FINISHED_RUNS_KEPT = 10;

/** A stored record that could not be read: kept in the store as it is, and reported. */
export interface UnreadableRecord {
  key: string;
  reason: string;
}

export interface Registry<Job extends JobBase = JobRecord> {
  runs: Map<string, RunRecord>;
  jobs: Job[];
  /** Records of the registry that could not be read (damaged, from a newer version, incomplete). */
  unreadable: UnreadableRecord[];
  /** Bytes the whole store's keys and values take (the registry's and everything else's). */
  storeBytes: number;
  /** Of which the formula queue's requests. */
  formulaQueueBytes?: number;
  /** Data rows of the job sheet (live or not), when it was read. */
  jobSheetRows?: number;
  /**
   * The contacts of jobs whose record could not be read, by job sheet key, as the job sheet still
   * lists them: they may have been bought (engine/paid-once.ts), and compaction keeps them. Only
   * loadRegistry fills it.
   */
  damagedJobLists?: Map<string, string[]>;
  /**
   * The ids the job sheet gives jobs whose record could not be read (an imported or re-homed job's:
   * see job-sheet.ts), by job sheet key: an import of that id answers for the damaged record.
   */
  damagedJobIds?: Map<string, string>;
  /**
   * Jobs whose record was read (id, key, state, count of contacts) but whose list of contacts could
   * not be (the job sheet's cell edited or deleted): listed in `unreadable` too. Their results carry
   * the fingerprints they were sent with, so the poll can write the list back (engine/rehome.ts).
   * Only loadRegistry fills it.
   */
  listless?: JobSummary[];
}

/** The job sheet keys ("<run>.<seq>") of job records (or lists of contacts) that could not be read. */
export const damagedJobKeys = (registry: Pick<Registry<JobBase>, 'unreadable'>): string[] =>
  registry.unreadable.flatMap(({ key }) =>
    key.startsWith(JOB_PREFIX) ? [key.slice(JOB_PREFIX.length)] : [],
  );
/** The run of a job sheet key. */
export const runOfJobKey = (key: string): string => key.slice(0, key.lastIndexOf('.'));
/** The seq of a job sheet key. */
export const seqOfJobKey = (key: string): number => Number(key.slice(key.lastIndexOf('.') + 1));

/** Ids of runs with a job record (or its list of contacts) that could not be read. */
export const runsWithDamagedJobs = (registry: Registry<JobBase>): Set<string> =>
  new Set(damagedJobKeys(registry).map(runOfJobKey));

/** A job's key in the job sheet; its property key is this with the prefix. */
const sheetKey = (job: Pick<JobRecord, 'run' | 'seq'>) => `${job.run}.${job.seq}`;
export const jobKey = (job: Pick<JobRecord, 'run' | 'seq'>) => JOB_PREFIX + sheetKey(job);
/** The lists the job sheet must hold for these jobs (inline ones hold their own). */
const sheetLists = (jobs: readonly JobRecord[]) =>
  new Map<string, JobSheetRow>(
    jobs
      .filter((job) => !job.fingerprintsInline)
      .map((job) => [sheetKey(job), { list: job.fingerprints, id: job.id }]),
  );
export const runKey = (run: Pick<RunRecord, 'id'>) => RUN_PREFIX + run.id;

const NON_ASCII = /[\u0080-\uffff]/;

/** UTF-8 length, as the property store counts it (no Buffer in Apps Script); by code point. */
export function utf8Bytes(text: string): number {
  // Records are mostly ASCII JSON: one native scan instead of a loop over the whole store, which
  // every registry read measures (a third of a poll's time in the fuzzer's profile, stop 72).
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * The registry's properties in one read, without fingerprints: what the Jobs panel and the
 * settings need. Records of an older version are migrated; an unreadable one does not stop every
 * poll, but it is not dropped either: it stays in the store (pruning only deletes what it read)
 * and is listed in `unreadable`, for the Jobs panel and the log.
 */
export function loadRegistrySummary(store: KeyValueStore): Registry<StoredJob> {
  const registry: Registry<StoredJob> = { runs: new Map(), jobs: [], unreadable: [], storeBytes: 0 };
  for (const [key, value] of Object.entries(store.getAll())) {
    const bytes = utf8Bytes(key) + utf8Bytes(value);
    registry.storeBytes += bytes;
    if (key.startsWith(DOCUMENT_PROPERTY.formulaRequestPrefix))
      registry.formulaQueueBytes = (registry.formulaQueueBytes ?? 0) + bytes;
    /** Adds the record, or lists it as unreadable (it stays in the store). */
    const read = <T>(codec: RecordCodec<T>, add: (record: T) => void): void => {
      const record = decodeRecord(codec, value);
      if (record.ok) add(record.value);
      else registry.unreadable.push({ key, reason: record.reason });
    };
    if (key.startsWith(RUN_PREFIX)) read(RUN_CODEC, (run) => registry.runs.set(run.id, run));
    else if (key.startsWith(JOB_PREFIX)) read(JOB_CODEC, (job) => registry.jobs.push(jobInState(job)));
  }
  registry.jobs.sort((a, b) => a.run.localeCompare(b.run) || a.seq - b.seq);
  return registry;
}

/**
 * A job's list as stored, when it can be its list: as many fingerprints as its record counts, each
 * shaped as one. An edited cell can keep the count (one garbled word for a one-contact job): read
 * as a list, its answers would go to no row and its contact would look never bought (fuzz seed 1001).
 */
function trustedList(list: string[] | undefined, contacts: number): string[] | undefined {
  return list && list.length === contacts && list.every(isFingerprint) ? list : undefined;
}

/**
 * The whole registry: the properties, and the job sheet when a job needs it (one Range read). A
 * job whose fingerprints are in neither, or not as fingerprints, is unreadable: reported, kept,
 * never guessed (its run's rows then say "job record damaged", which no plan sends).
 */
export function loadRegistry(store: KeyValueStore, spreadsheet: SpreadsheetPort): Registry {
  const summary = loadRegistrySummary(store);
  const registry: Registry = { ...summary, jobs: [] };
  const damagedJobs = damagedJobKeys(summary);
  const needSheet = damagedJobs.length > 0 || summary.jobs.some((job) => !job.fingerprints);
  const sheet = needSheet ? readJobSheet(spreadsheet) : undefined;
  if (sheet) registry.jobSheetRows = sheet.rows;
  if (sheet && damagedJobs.length) {
    registry.damagedJobLists = new Map();
    registry.damagedJobIds = new Map();
    for (const key of damagedJobs) {
      const id = sheet.ids.get(key);
      if (id) registry.damagedJobIds.set(key, id);
      const list = sheet.fingerprints.get(key);
      // Only a list that can be one: an empty or garbled cell says nothing of the job's contacts.
      if (list?.length && list.every(isFingerprint)) registry.damagedJobLists.set(key, list);
    }
  }
  for (const { contacts, fingerprints: inline, ...job } of summary.jobs) {
    const stored = inline ?? sheet?.fingerprints.get(sheetKey(job));
    const fingerprints = trustedList(stored, contacts);
    if (fingerprints) {
      registry.jobs.push({ ...job, fingerprints, ...(inline && { fingerprintsInline: true }) });
    } else if (job.state === 'applied') {
      // Written and saved, it holds nothing: its list is not needed, and it stays in the list, so
      // an import of its id is refused, not applied again over newer rows (chaos seed 12).
      registry.jobs.push({ ...job, fingerprints: [] });
    } else {
      const where = inline ? 'in its record' : `${stored ? 'in' : 'from'} the hidden sheet ${JOB_SHEET_NAME}`;
      (registry.listless ??= []).push({ ...job, contacts });
      registry.unreadable.push({
        key: jobKey(job),
        reason: `the job's list of contacts is ${stored ? 'damaged' : 'missing'} ${where}`,
      });
    }
  }
  return registry;
}

/**
 * The damaged job record ("<run>.<seq>" in the job sheet) that an imported job is: by the run and
 * job its readable name ends with, or, for a job imported (or re-homed) before, by the id the job
 * sheet gives it (fuzz finding 35); only if that record cannot be read and `answersFor` the
 * contacts the job sheet still lists for it (the import carries them, or they were answered).
 */
export function damagedRecordOf(
  registry: Registry,
  named: Pick<JobRecord, 'run' | 'seq'> | undefined,
  jobId: string,
  answersFor: (list: readonly string[]) => boolean,
): string | undefined {
  const keys = [...(registry.damagedJobIds ?? [])].flatMap(([key, id]) => (id === jobId ? [key] : []));
  return [...(named ? [sheetKey(named)] : []), ...keys].find(
    (key) =>
      registry.unreadable.some((record) => record.key === JOB_PREFIX + key) &&
      answersFor(registry.damagedJobLists?.get(key) ?? []),
  );
}

/** A damaged job record ("<run>.<seq>") an import answers for: no longer reported nor held. */
export function forgetDamagedRecord(registry: Registry, key: string): void {
  registry.unreadable = registry.unreadable.filter((record) => record.key !== JOB_PREFIX + key);
  registry.damagedJobLists?.delete(key);
  registry.damagedJobIds?.delete(key);
}

/**
 * A listless job (see Registry.listless) with its list found again: back among the jobs, no longer
 * reported. The caller stores the list, then the record (saveJobFingerprints, then saveRecords).
 */
export function relist(registry: Registry, job: JobSummary, fingerprints: string[]): JobRecord {
  const key = jobKey(job);
  registry.listless = registry.listless?.filter((other) => other !== job);
  registry.unreadable = registry.unreadable.filter((record) => record.key !== key);
  const { contacts: _count, ...base } = job;
  const record: JobRecord = { ...base, fingerprints };
  registry.jobs.push(record);
  return record;
}

/**
 * A job's property: its fingerprints only when it carried them inline already. A written job keeps
 * only what is still read of it (its run's end: status or why it had none, credits; an import's
 * check: its id): one small record of a fixed shape, so that a run of 1,000
 * jobs ends as it was admitted (budgetFor).
 */
export function storedJob({ fingerprints, fingerprintsInline, ...job }: JobRecord): StoredJob {
  const inline = fingerprintsInline && { fingerprints };
  const contacts = fingerprints.length;
  if (job.state !== 'applied') return { ...job, contacts, ...inline };
  const { run, seq, state, id, status, credits, unansweredStatus } = job;
  return { run, seq, state, contacts, id, status, credits, ...(!status && { unansweredStatus }), ...inline };
}

function serialise<T extends object>(codec: RecordCodec<T>, record: T): string {
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
  for (const run of runs) values[runKey(run)] = serialise(RUN_CODEC, run);
  for (const job of jobs) values[jobKey(job)] = serialise(JOB_CODEC, storedJob(job));
  if (Object.keys(values).length) store.setAll(values);
}

/** Deletes job records (their lists in the job sheet go with the next compaction). */
export function deleteJobRecords(
  store: KeyValueStore,
  jobs: readonly Pick<JobRecord, 'run' | 'seq'>[],
): void {
  if (jobs.length) store.deleteMany(jobs.map(jobKey));
}

/**
 * Stores the fingerprints of new jobs, or of jobs whose list changed, in the job sheet (one
 * write). Call it before saveRecords: a job is never in the properties without its list.
 */
export function saveJobFingerprints(
  spreadsheet: SpreadsheetPort,
  registry: Registry,
  jobs: readonly JobRecord[],
): void {
  const lists = sheetLists(jobs);
  appendToJobSheet(spreadsheet, lists);
  registry.jobSheetRows = (registry.jobSheetRows ?? 0) + lists.size;
}

/**
 * Deletes applied jobs of ended runs and all but the latest finished runs, so the registry stays
 * small, and compacts the job sheet once it is mostly rows of deleted jobs. Jobs of a running run
 * are kept: the run's counts do not depend on them.
 */
export function pruneRegistry(
  store: KeyValueStore,
  spreadsheet: SpreadsheetPort,
  registry: Registry,
  keep: number = FINISHED_RUNS_KEPT,
): void {
  // A run waiting for its key has not ended: resumed, it ends and logs every job it had.
  const ended = [...registry.runs.values()]
    .filter((run) => run.state !== 'running' && !run.authFailed)
    .sort((a, b) => b.startedAt - a.startedAt);
  const endedIds = new Set(ended.map((run) => run.id));
  const deleted: string[] = [];
  registry.jobs = registry.jobs.filter((job) => {
    // A job whose run record could not be read is applied under a run of its own (rehome.ts).
    const stale = job.state === 'applied' && (endedIds.has(job.run) || !registry.runs.has(job.run));
    if (stale) deleted.push(jobKey(job));
    return !stale;
  });
  if (registry.jobSheetRows) {
    // The rows of damaged job records are kept: their lists still say those contacts may be paid, and
    // an id (a re-homed or imported job's) is how the user imports the job, which the provider's
    // dashboard names after another run, even when its list is lost too (fuzz finding 54).
    const { damagedJobLists: lists, damagedJobIds: ids } = registry;
    // A key in both gives the same row twice: the map keeps one.
    const damaged = [...(lists?.keys() ?? []), ...(ids?.keys() ?? [])].map((key): [string, JobSheetRow] => [
      key,
      { list: lists?.get(key) ?? [], id: ids?.get(key) },
    ]);
    const live = new Map([...damaged, ...sheetLists(registry.jobs)]);
    registry.jobSheetRows = compactJobSheet(spreadsheet, live, registry.jobSheetRows);
  }
  // A run with a job record that cannot be read stays too: the rule of what may have been bought
  // still holds back what it may hold (engine/paid-once.ts runsHidingJobs), and the Jobs panel
  // keeps saying what the user can do about it.
  const kept = new Set([...registry.jobs.map((job) => job.run), ...runsWithDamagedJobs(registry)]);
  let runsGone = false;
  for (const run of ended.slice(keep)) {
    if (kept.has(run.id)) continue;
    deleted.push(runKey(run));
    registry.runs.delete(run.id);
    runsGone = true;
  }
  if (deleted.length) store.deleteMany(deleted);
  // What a run overwrote is kept as long as it is listed, and can be undone.
  if (runsGone) compactUndoRecord(spreadsheet, new Set(registry.runs.keys()));
}
