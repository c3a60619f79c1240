/**
 * What a CSV command's run is given and what it answers (enrich-run.ts, csv-run.ts): apart, so that
 * the two files do not import each other.
 */
import type { JobKind } from '../../src/domain/runs';
import type { EnrichField } from '../../src/domain/fields';
import type { PlanView, RunProgress, RunState, SkippedRow } from '../../src/app/sidebar-contract';
import type { RuntimeState } from '../../dev/gas/harness';
import type { FoundByKind } from './sheet-outputs';
import type { LostJob } from './enrich-resume';

/** What a command's runtime is for; the rows come separately (one slice at a time, or all). */
export interface CsvRunOptions {
  /** Name of the sheet the rows go to (the CSV file's base name). */
  sheetName: string;
  kind: JobKind;
  /** Ignored for a reverse lookup. */
  fields: readonly EnrichField[];
  apiBaseUrl: string;
  apiKey: string;
  /** Per-execution budget of the local runtime (Apps Script: 6 min). */
  budgetMs?: number;
  /** Real time before the first poll, and until a job's time is learnt (poll-pacer.ts). Default 2 s. */
  pollMs?: number;
  /** Give up waiting after this many trigger runs (the jobs stay registered in the state). */
  maxPolls?: number;
  /**
   * When waiting ends with jobs still running, fetch what they found so far (forceResults) and
   * write it. The jobs stay open (forceResults does not stop a job at the API, spec §4.2): the next
   * command collects the rest, and nothing is sent twice.
   */
  forceResults?: boolean;
  /** Stored state of an earlier run (ledger sheet, properties): saved answers cost nothing. */
  state?: RuntimeState;
  /** Called after the start and after every poll. */
  onProgress?: (run: RunProgress) => void;
  /**
   * Saves the state: called before any job start leaves (so a kill after it knows the job may have
   * been bought), after every execution that started jobs (their ids), and at the end.
   */
  saveState?: (state: RuntimeState) => void;
  /** Told the key's workspace before anything is sent; throws to refuse the run. */
  checkWorkspace?: (workspace: string) => void;
  /** A refresh: only the rows whose saved answer is older than this many days are looked up again. */
  refreshDays?: number;
  /** Told each slice's plan before it starts: the price, said before anything is sent. */
  onPlan?: (plan: PlanView) => void;
  /** Job ids to import first (lost starts the user found in the provider's dashboard). */
  importJobs?: readonly string[];
  /** Where job starts' answers are kept as they arrive (start-journal.ts); beside the state. */
  startJournal?: string;
  /** Asked between polls: true stops waiting (Ctrl-C); the jobs stay in the state. */
  shouldStop?: () => boolean;
  /**
   * The command line against an API on real time: Utilities.sleep blocks (the engine's in-execution
   * retries wait for Retry-After) and the pump never moves the clock past a backoff (PumpOptions).
   */
  realTime?: boolean;
}

export interface CsvEnrichmentSummary {
  kind: JobKind;
  /** Data rows of the CSV (the header excluded). */
  rows: number;
  /** Distinct contacts sent to the API. */
  sent: number;
  rowsFromLedger: number;
  rowsFromDuplicates: number;
  skipped: SkippedRow[];
  found: FoundByKind;
  /** Status column text → rows. */
  statuses: Record<string, number>;
  /** What the API charged during this command (earlier runs' jobs collected now included). */
  credits: number;
  /** The same credits by kind, in the words of the Jobs panel and the Spending tab ("manual", "refresh"). */
  spending: Record<string, number>;
  state: RunState;
  /** Lost starts: the most they may have cost is in their retryMaxCredits. */
  lost: LostJob[];
  /** Contacts of earlier runs (killed, or still running when they stopped waiting) collected now. */
  carried: number;
  /** Jobs a killed command started whose ids only its journal knew, imported now. */
  recovered: number;
  /** Jobs still running at the API when this command stopped waiting: the next run collects them. */
  unfinished: number;
  /** The key's workspace, when this run checked it. */
  workspace?: string;
  /** A streamed file stopped between slices (Ctrl-C): the rest waits for the next run. */
  stoppedEarly?: boolean;
  /** Why the run did not finish, in the add-on's words. */
  message?: string;
  /** Answers whose row no longer exists (kept in the ledger, not written). */
  unmatched: number;
  urlfetchCalls: number;
  rangeReads: number;
  rangeWrites: number;
  triggerRuns: number;
  wallMs: number;
  /** The enriched sheet as text, header first: what goes into the output CSV. */
  table: string[][];
  /** What to keep for the next run; the API key and base URL are left out. */
  runtimeState: RuntimeState;
}
