/**
 * The ports a use case receives, in one object, and the features' hooks plugged into the engine.
 * src/app/context.ts builds it over Apps Script; unit tests build it from in-memory fakes.
 *
 * The hooks are the engine's one seam for what starts runs besides a sidebar preview (formulas'
 * requests, the schedule) and for what waits on answers: a feature describes what its runs are for
 * and what happens when they end as a set of hooks, src/app puts them on the context, and the engine
 * calls every hook at its moment. The engine imports no feature (eslint refuses it): it knows a
 * run's source only as the domain's word (domain/runs.ts), never the code behind it. They are on the
 * context, not in a module's global, so what an execution runs is what its context was given.
 */
import type { ApiPace } from '../api/pace';
import type { EnrichmentApi, SearchApi } from '../api/port';
import type { PlatformPorts } from '../platform/ports';
import type { RunSource } from '../domain/runs';
import type { StoredPlan } from '../store/pending-plan';
import type { ContactInputs } from '../sheet/contact-input';
import { Ledger } from '../store/ledger';
import { type LedgerEntry } from '../store/ledger-entry';
import {
  loadRegistry,
  saveRecords,
  type JobBase,
  type JobRecord,
  type Registry,
  type RunRecord,
} from '../store/registry';

/** The platform's ports and the API client for this execution. */
export interface AppContext extends PlatformPorts {
  /** The API client for the stored key and base URL (throws ApiError when no key is set). */
  api(): EnrichmentApi;
  /** A client for a key that is not saved (Verify before Save); the same base URL. */
  apiFor(apiKey: string): EnrichmentApi;
  /** Company and people search over the same key (throws ApiError when no key is set). */
  searchApi(): SearchApi;
  /** What the API's pace lets the saved key send now, and how long a job takes (api/pace.ts). */
  pace(): ApiPace;
  /** The base URL compiled into the build; the user may override it in settings. */
  defaultApiBaseUrl: string;
  /** The features' hooks, in the order they run (src/app/context.ts gives them). */
  sources: readonly RunSourceHooks[];
}

/** The hooks of the feature that starts runs of `source`, if one is given. */
export const sourceOf = (ctx: AppContext, source: RunSource | undefined): RunSourceHooks | undefined =>
  source === undefined ? undefined : ctx.sources.find((hooks) => hooks.source === source);

/** The name of the time-driven trigger's handler (an entry point of src/index.ts). */
export const POLL_TRIGGER_HANDLER = 'onPollTrigger';

// The stores as every engine step uses them (one short call each: Code.js is parsed on every execution).

/** The document's job registry. */
export const registryOf = (ctx: AppContext): Registry => loadRegistry(ctx.documentStore, ctx.spreadsheet);

/** Saves runs and jobs of the registry in the document's properties. */
export const saveRecordsOf = (
  ctx: AppContext,
  runs: readonly RunRecord[],
  jobs: readonly JobRecord[],
): void => saveRecords(ctx.documentStore, runs, jobs);

/** The saved answers (the ledger), read from its sheet: its cache is the formula cells' alone. */
export const ledgerOf = (ctx: AppContext): Ledger =>
  new Ledger(ctx.spreadsheet, ctx.cache, ctx.documentStore);

/** The run a job belongs to (absent only for a job whose run record was lost). */
export const runOf = (registry: Registry<JobBase>, job: JobBase): RunRecord | undefined =>
  registry.runs.get(job.run);

/** What a start did, for the sidebar. */
export interface RunStarted {
  runId: string;
  jobs: number;
  contacts: number;
  /** Rows written at once from saved results (no credits). */
  rowsFromLedger: number;
  /** Why the run stopped at once (e.g. the API refused the key), in plain words. */
  message?: string;
}

/** A contact a job can send: its inputs, and the row it is read from (0: it has none). */
export interface SendableContact {
  input: ContactInputs;
  row: number;
}

/** What a capped run that ended did not spend (negative: a retry's price counted on top). */
export interface EndedRun {
  run: RunRecord;
  unspent: number;
  /**
   * When these credits moved, when not at the run's start: a retry of a lost start spends on the
   * day it is made, so its price counts on that day's cap even if the run started the day before.
   */
  at?: number;
}

/** Confirms a rebuilt plan against the price the user agreed to (a consent to buy again: marks the preview started). */
export type Agreed = <Plan extends { maxCredits: number }>(plan: Plan) => Plan;

/** What a feature plugs into the engine; every hook is optional. */
export interface RunSourceHooks {
  /** The runs this feature starts (their `source`): the hooks about one run apply to these. */
  source?: RunSource;
  /** At the start of a poll, under the lock: put back what a killed execution left half done. */
  beforePoll?(ctx: AppContext): void;
  /** At the end of a poll with time left: a source that sends on its own does so here. */
  afterPoll?(ctx: AppContext, registry: Registry, ledger: Ledger): void;
  /** Starts a confirmed preview of this source (start.ts rebuilt nothing: the hook does). */
  startPreview?(ctx: AppContext, stored: StoredPlan, registry: Registry, agreed: Agreed): RunStarted;
  /** The contacts of this source's runs that have no rows, for the jobs a poll still has to send. */
  contacts?(ctx: AppContext): Map<string, SendableContact>;
  /**
   * Contacts these ended runs of any source (each with a job no one can read) may have sent, that
   * this source can tell without rows to say so (formulas: the requests queued before one started).
   */
  mayHold?(ctx: AppContext, runs: readonly RunRecord[]): Iterable<string>;
  /** The run a job with no sheet belongs to, when its results name this source's `sheetId`. */
  rowless?(sheetId: number): Pick<RunRecord, 'sheetId' | 'sheetName' | 'mapping' | 'source'> | undefined;
  /** Answers were applied (`jobs`: applied now, of any run; `entries`: the answers they brought). */
  answersApplied?(
    ctx: AppContext,
    registry: Registry,
    jobs: readonly JobRecord[],
    entries: ReadonlyMap<string, LedgerEntry>,
  ): void;
  /** Runs ended (or a retry was confirmed): what they did not spend goes back to the cap that counted it. */
  release?(ctx: AppContext, ended: readonly EndedRun[]): void;
  /** A run lost a job start: a source that spends on its own stops; `reason` says why, and how to resume. */
  startLost?(ctx: AppContext, run: RunRecord, reason: (resume: string) => string): void;
  /** A line the Jobs panel shows about this source (asked at each of the open sidebar's peeks). */
  note?(ctx: AppContext): string | undefined;
  /** True while this user's time-driven trigger must run for this source. */
  keepsTrigger?(ctx: AppContext, registry: Registry<JobBase>): boolean;
  /** This source's daily cap, when it has one switched on: today's count against its limit. */
  capToday?(ctx: AppContext): CapUse | null;
}

/** A daily cap's use today (the Spending view shows each). */
export interface CapUse {
  name: string;
  used: number;
  limit: number;
}
