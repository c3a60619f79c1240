/**
 * The engine's one seam for what starts runs besides a sidebar preview (formulas' requests, the
 * schedule) and for what waits on answers: a feature describes what its runs are for and what
 * happens when they end as a set of hooks, src/app plugs them in, and the engine calls every plugged
 * hook at its moment. The engine imports no feature (eslint refuses it): it knows a run's source
 * only as the domain's word (domain/runs.ts), never the code behind it.
 */
import type { RunSource } from '../domain/runs';
import type { StoredPlan } from '../store/pending-plan';
import type { JobRecord, Registry, RunRecord } from '../store/registry';
import type { Ledger, LedgerEntry } from '../store/ledger';
import type { AppContext } from './context';
import type { ContactInputs } from '../sheet/contact-input';

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

/** Confirms a rebuilt plan against the price the user agreed to, and marks the preview started. */
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
  keepsTrigger?(ctx: AppContext): boolean;
}

/** Plugged by src/app (app/run-sources.ts) before any engine step runs. */
let plugged: readonly RunSourceHooks[] = [];

/** Plugs the features' hooks in (again: the same list replaces itself). */
export function plugRunSources(sources: readonly RunSourceHooks[]): void {
  plugged = sources;
}

/** Every plugged source, in the order src/app gave. */
export const runSources = (): readonly RunSourceHooks[] => plugged;

/** The hooks of the feature that starts runs of `source`, if one is plugged. */
export const runSourceOf = (source: RunSource | undefined): RunSourceHooks | undefined =>
  source === undefined ? undefined : plugged.find((hooks) => hooks.source === source);
