/**
 * The registry's two stored records, a run and a job (one document property each): their schema,
 * version and migration, and the types the engine reads them as. registry.ts reads and writes them.
 */
import * as z from 'zod/mini';
import { JOB_STATUSES } from '../domain/model';
import { RUN_SOURCES, type RunSource, type RunState } from '../domain/runs';
import {
  fieldsSchema,
  headersSchema,
  kindSchema,
  mappingSchema,
  optional,
  optionalBoolean,
  optionalNumber,
  optionalString,
  recordCodec,
  type Check,
  type RecordOf,
  type SameType,
} from './stored-records';

/** A run as stored in its property (one per run). */
export const RUN_CODEC = recordCodec('run record', 2, () => ({
  id: z.string(),
  kind: kindSchema(),
  sheetId: z.number(),
  sheetName: z.string(),
  /**
   * What started it (domain/runs.ts): the sidebar (absent), the schedule, formulas' requests (no
   * rows to write), "run the rest", a refresh of old answers.
   */
  source: optional(z.enum(RUN_SOURCES)),
  /** A formula run the automatic mode sent: its daily cap gets back what the run did not spend. */
  automatic: optionalBoolean(),
  /** Who started it (whose key pays), when Apps Script tells: shown to the user, never compared. */
  startedBy: optionalString(),
  /**
   * The id of the user who started it (store/user-identity.ts): only their executions send its jobs,
   * retry, import or cancel them. Absent in runs of earlier versions, which anyone may work on.
   */
  ownerId: optionalString(),
  /** The id of the key that pays for it (store/user-identity.ts keyIdOf): a cap's count is per key. */
  payerKey: optionalString(),
  /** Rows the run looked at (selected, or the scheduled sheet's), for the run log. */
  rowsInScope: optionalNumber(),
  /** The columns the run read its inputs from: results are matched to rows through them. */
  mapping: mappingSchema(),
  /** The header text of each mapped column at start, to find the columns again if they move. */
  mappingHeaders: optional(headersSchema()),
  fields: fieldsSchema(),
  overwrite: z.boolean(),
  startedAt: z.number(),
  state: z.enum(['running', 'finished', 'out_of_credits', 'failed', 'canceled']),
  error: optionalString(),
  /** Stopped by an invalid key: the user resumes it once a key works. */
  authFailed: optionalBoolean(),
  /** The user canceled it: its jobs not sent yet were not, started ones were still written. */
  canceledByUser: optionalBoolean(),
  jobs: z.number(),
  /** Distinct contacts sent. */
  sent: z.number(),
  /** Contacts whose answers are written (or reported when no row matched). */
  done: z.number(),
  /** Contacts found per kind of answer, counted once per contact. */
  found: z.object({
    workEmail: z.number(),
    personalEmail: z.number(),
    phone: z.number(),
    profile: z.number(),
    /** Contacts with any answer at all (a contact with an email and a phone counts once). */
    contacts: optionalNumber(),
  }),
  credits: z.number(),
  /** Rows filled from saved answers at start. */
  fromLedger: z.number(),
  /** Answers whose inputs no longer match any row: kept in the ledger, not written. */
  unmatched: z.number(),
  /** Contacts the API did not process (out of credits, canceled): their rows say so, nothing charged. */
  unprocessed: optionalNumber(),
  /**
   * Contacts the user canceled before they were sent (counted in `unprocessed` too, not in `sent`):
   * the run's contacts are `sent + notSent`.
   */
  notSent: optionalNumber(),
  /** The most the run could cost at the price table when it started (the user confirmed it). */
  estimatedCredits: optionalNumber(),
  /**
   * At its end: the most its jobs whose start's answer was lost may have cost (the API may have
   * created and charged them). Counted against the caps and named in the log until they are settled.
   */
  mayHaveCost: optionalNumber(),
  /**
   * What its ends gave back to a cap so far: a run reopened (import, retry) and ended again gives
   * back only the difference, never the same credits twice (engine/run-end.ts).
   */
  released: optionalNumber(),
  /**
   * The most its retried lost starts may have cost: a retry sends the job again, and the lost start
   * may have been charged as well, so the cap keeps counting it (engine/recovery.ts).
   */
  retriedLost: optionalNumber(),
  /** Set when the end of the run was announced. */
  endedAt: optionalNumber(),
  /** Undone (features/undo): what its undo put back and left, in words. */
  undone: optionalString(),
  /** An undo the page left part-way: the background check goes on with it (features/undo). */
  undoing: optionalBoolean(),
}));

export type RunRecord = RecordOf<typeof RUN_CODEC>;
// The states and sources the domain names (domain/runs.ts), checked both ways against the schema.
type _RunStates = Check<SameType<RunRecord['state'], RunState>>;
type _RunSources = Check<SameType<NonNullable<RunRecord['source']>, RunSource>>;
/** Contacts found per kind of answer, counted once per contact. */
export type FoundCounts = RunRecord['found'];

/** A job as stored in its property (one per job), without its fingerprints since v3. */
export const JOB_CODEC = recordCodec(
  'job record',
  3,
  () => ({
    run: z.string(),
    seq: z.number(),
    /**
     * queued → sending → (started) pending → (answer stored in the ledger) fetched → (rows written)
     * applied. Each arrow is one registry write; "sending" is written before the start is sent,
     * every other state after the work it records. A start whose fate is unknown makes the job
     * "ambiguous" until the user retries it (back to queued) or imports it by id (pending).
     */
    state: z.enum(['queued', 'sending', 'pending', 'fetched', 'applied', 'ambiguous']),
    /** How many contacts it carries: the length of its fingerprint list, to check the list read. */
    contacts: z.number(),
    /**
     * Input fingerprints, in the order sent. Only in records written before v3 ("inline"): later
     * ones keep them in the job sheet (job-sheet.ts).
     */
    fingerprints: optional(z.array(z.string())),
    /** e.g. "rows 2–101", for the job's name (until it is written: see registry.ts storedJob). */
    rows: optionalString(),
    id: optionalString(),
    startedAt: optionalNumber(),
    /** Row status for fingerprints the ledger has no answer for once fetched ("out of credits"...). */
    unansweredStatus: optionalString(),
    status: optional(z.enum(JOB_STATUSES)),
    credits: optionalNumber(),
    /** Failed polls in a row (backoff). */
    tries: optionalNumber(),
    /**
     * The id of the key that started it (store/user-identity.ts keyIdOf): a 404 closes the job only when
     * that key gets it. Absent in jobs of earlier versions and jobs not sent yet.
     */
    keyId: optionalString(),
    /** The workspace of that key, when known: any key of the same workspace may poll the job. */
    workspace: optionalString(),
    /** When to poll again after a failed poll. */
    nextPollAt: optionalNumber(),
    /**
     * The fields this job asks for (every enrichment job since issue 38; older ones: when they
     * differ from the run's). Its answers are saved under them, whatever became of the run record.
     */
    fields: optional(fieldsSchema()),
    /**
     * When its start was about to be sent (state "sending"); kept while its start's answer is lost
     * (ambiguous): the day it may have been charged, should it be imported (store/spending.ts).
     */
    sendingAt: optionalNumber(),
    /** Why the job is ambiguous, in plain words. */
    problem: optionalString(),
    /**
     * Its contacts whose item in the results could not be read (that row fails, not the job), as an
     * index set (indexSet): a few hex digits whatever the job holds, never a text per item.
     */
    unreadable: optionalString(),
    /**
     * Indexes (into its fingerprints) of contacts it no longer asks: their answer a forced fetch of
     * the still running job stored in the ledger (the CLI's --force-results: the job stays pending
     * for the rest), or a retry resent them in a job of their own (engine/job-starter.ts).
     */
    earlyFetched: optional(z.array(z.number())),
    /** Of those, the ones whose rows are written and counted (or left to the resend): the final apply skips them. */
    earlyApplied: optional(z.array(z.number())),
    /** Sent again by the user's Retry: the Spending tab counts what it charges as a retry. */
    retried: optionalBoolean(),
    /**
     * The seq of the job its last Retry resent its contacts in (engine/job-starter.ts): the one fact
     * left to tell that job from the run's others when its record and list cannot be read.
     */
    resentIn: optionalNumber(),
    /** How many jobs, from that one on, it went in (one per set of fields its contacts lacked): absent, one. */
    resentJobs: optionalNumber(),
    /** An ambiguous job's rows say so (written once). */
    rowsMarked: optionalBoolean(),
    /**
     * Its polls were refused to a key other than the one that started it: not evidence, it waits
     * for that key (engine/paid-once.ts). A flag, not a sentence: a 1,000-job run must still fit.
     */
    waitsForStartingKey: optionalBoolean(),
  }),
  // v1 called the fingerprints `fps` and the status of unanswered contacts `rest`; v1 and v2 held
  // the fingerprints inline, with no count beside them.
  ({ fps, rest, ...value }, from) => {
    const fingerprints = from === 1 ? fps : value.fingerprints;
    return {
      ...value,
      fingerprints,
      contacts: Array.isArray(fingerprints) ? fingerprints.length : undefined,
      ...(rest === undefined ? {} : { unansweredStatus: rest }),
    };
  },
);

/**
 * A set of a job's contact indexes (a job holds at most 100) as hex digits, four indexes a digit:
 * 25 characters at most, so a record's size does not grow with what its items said.
 */
export function indexSet(indexes: Iterable<number>): string {
  const digits: number[] = [];
  for (const index of indexes) {
    while (digits.length <= index >> 2) digits.push(0);
    digits[index >> 2]! |= 1 << (index & 3);
  }
  return digits.map((digit) => digit.toString(16)).join('');
}

/** Whether an index set (indexSet) holds `index`. */
export const inIndexSet = (set: string | undefined, index: number): boolean =>
  ((parseInt(set?.[index >> 2] ?? '0', 16) >> (index & 3)) & 1) === 1;

/** The job record as stored in its property (every state's fields, as the schema reads them). */
type StoredFields = RecordOf<typeof JOB_CODEC>;
export type JobState = StoredFields['state'];

/**
 * The fields only some states carry (the schema above says what each means), by state: one type per
 * state. A move (moveJob) drops what the new state does not carry, so no field outlives its state.
 */
const STATE_FIELDS_OF = {
  // sendingAt: a retried lost start's, until its resend is split off (paid-once.ts lostStart).
  queued: ['tries', 'nextPollAt', 'problem', 'sendingAt'],
  sending: ['sendingAt', 'tries'],
  // sendingAt: an imported lost start's, the day it may have been charged.
  pending: ['tries', 'nextPollAt', 'problem', 'waitsForStartingKey', 'sendingAt'],
  fetched: ['unansweredStatus'],
  applied: ['unansweredStatus'],
  ambiguous: ['problem', 'unansweredStatus', 'sendingAt', 'rowsMarked'],
} as const satisfies Record<JobState, ReadonlyArray<keyof StoredFields>>;
/** Every field only some states carry. */
const STATE_FIELDS = [...new Set(Object.values(STATE_FIELDS_OF).flat())];
type StateField = (typeof STATE_FIELDS)[number];
/** A state's own fields; those it always has are required. */
type StateFields = {
  [S in JobState]: Partial<Pick<StoredFields, (typeof STATE_FIELDS_OF)[S][number]>> &
    (S extends 'sending'
      ? { sendingAt: number }
      : S extends 'ambiguous'
        ? { problem: string; unansweredStatus: string }
        : unknown);
};
/** A job in state S: its own fields, none of another state's. */
type InState<Common, S extends JobState> = Common & { readonly state: S } & StateFields[S] & {
    [K in Exclude<StateField, keyof StateFields[S]>]?: undefined;
  };
type ByState<Common> = { [S in JobState]: InState<Common, S> }[JobState];

/** The job record as stored in its property: one type per state. */
export type StoredJob = ByState<Omit<StoredFields, 'state' | StateField>>;
/** What every form of a job has: its state, without its fingerprints. */
export type JobBase = ByState<Omit<StoredFields, 'state' | StateField | 'fingerprints' | 'contacts'>>;
/** A job as the Jobs panel needs it: its state and how many contacts it carries. */
export type JobSummary = ByState<Omit<StoredFields, 'state' | StateField | 'fingerprints'>>;

/** Drops the fields `state` does not carry; `set` then sets (or, given as undefined, drops) its own. */
function keepStateFields(job: Record<string, unknown>, state: JobState, set: object = {}): void {
  const own: readonly string[] = STATE_FIELDS_OF[state];
  for (const key of STATE_FIELDS) if (!own.includes(key)) delete job[key];
  job.state = state;
  for (const [key, value] of Object.entries(set)) {
    if (value === undefined) delete job[key];
    else job[key] = value;
  }
}

/** A stored job in its state's type: a field another state left (an earlier version did not drop it) goes. */
export function jobInState(stored: StoredFields): StoredJob {
  const job = { ...stored };
  keepStateFields(job, job.state);
  return job as StoredJob;
}

/**
 * Moves a job to `state` in place (the registry's arrays and maps keep it): the fields of its former
 * state that the new one does not carry go; those it shares stay unless `set` gives them (a field
 * given as undefined goes). The only way a job changes state (its type's `state` is read-only).
 */
export function moveJob<S extends JobState>(
  job: JobBase,
  state: S,
  set: StateFields[S],
): asserts job is Extract<JobBase, { state: S }> {
  keepStateFields(job as Record<string, unknown>, state, set);
}

/** A job with its fingerprints, wherever they are stored. */
export type JobRecord = JobBase & {
  /** Input fingerprints, in the order sent (stored in the job sheet, see job-sheet.ts). */
  fingerprints: string[];
  /** Set when the record carries its fingerprints in its property (written before the job sheet). */
  fingerprintsInline?: boolean;
};
