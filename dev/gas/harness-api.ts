/**
 * What the harness offers its callers (tests, the CLI, the playground, the benchmarks): the options
 * of loadAddon and the Addon handle, one user's view of one local document. harness.ts implements it.
 */
import type { CacheEviction } from './cache';
import type { CallCounts } from './counts';
import type { InterleaveOptions } from './interleave';
import type { LogLine } from './logging';
import type { FakeProperties } from './properties';
import type { QuotaKind } from './quotas';
import type { FakeSheet } from './spreadsheet/sheet';
import type { FakeSpreadsheet, Toast } from './spreadsheet/spreadsheet';
import type { RecordedAlert, RecordedMenu, ShownPage } from './spreadsheet/ui';
import type { RuntimeState } from './state';
import type { JournalAnswers, SentRequest } from './urlfetch/urlfetch-app';

export interface LoadOptions {
  /** Default: <repo>/dist. */
  distDir?: string;
  /** Stored in the user property USER_PROPERTY.apiBaseUrl. */
  apiBaseUrl?: string;
  /** Stored in the user property USER_PROPERTY.apiKey. */
  apiKey?: string;
  /** Per-execution time budget, default 360 000 ms. */
  budgetMs?: number;
  /** Initial clock (epoch ms); default real now. */
  now?: number;
  /**
   * Replayable runs (the fuzzer): Math.random and Utilities.getUuid of every execution draw from one
   * generator seeded by `seed` (shared by this runtime's users and documents), UrlFetchApp.fetchAll
   * sends its requests one after another (the server sees one order), and the clock stands still
   * from `now` but where moved (advanceClock, Utilities.sleep, 1 ms as each execution starts).
   * Default: none of these.
   */
  seed?: number;
  /** Editor add-on trigger limits: recurring triggers hourly at most, one time-driven trigger. */
  addon?: boolean;
  /** Resume from exportState(). */
  state?: RuntimeState;
  /** The user the returned Addon acts as; default user@example.com. Others: `addon.as(email)`. */
  userEmail?: string;
  /** Title of the add-on menu (Extensions › <name>); default "Sheet Enrich". */
  addonName?: string;
  /** Per-request UrlFetch timeout; default 60 000 ms like Apps Script. */
  fetchTimeoutMs?: number;
  /**
   * Called with each batch of requests just before UrlFetchApp sends it (the CLI saves its state
   * before a job start leaves, so a kill after it still knows the job may have been bought).
   */
  beforeFetch?: (requests: readonly { method: string; url: string }[]) => void;
  /**
   * Called after each write to the document's properties (the CLI saves its state after the write
   * that records the ids its job starts got back, not only when the execution ends).
   */
  afterDocumentWrite?: () => void;
  /**
   * Requests whose answer is appended to a file the moment it arrives, before the add-on sees it
   * (a fetchAll waits for its slowest answer): the CLI keeps its job starts' ids there, so a
   * process killed while a batch of starts is in flight still knows the jobs that were made.
   */
  journalAnswers?: JournalAnswers;
  /**
   * Default true: every request is kept for `requests()`. False for a long run that never asks (the
   * CLI streaming a million rows would keep every job start's body).
   */
  recordRequests?: boolean;
  /** Utilities.sleep also blocks for real (default: it only moves the clock). */
  realSleep?: boolean;
  /**
   * Let fetches to loopback addresses through the manifest's urlFetchWhitelist (the emulator runs
   * there). Off by default, like Apps Script: only the allow-listed API can be reached.
   */
  allowLoopback?: boolean;
  /**
   * What Google documents nowhere or only in words, played the other way (docs/deploy.md, "First
   * deploy"): `testDeployment` refuses creating triggers, as a test deployment may (the testing
   * guide says it does not support installable triggers; the error's text is ours);
   * `noRecalcOnRewrite` makes Sheets ignore a formula cleared and written back around a flush.
   */
  unproven?: { testDeployment?: boolean; noRecalcOnRewrite?: boolean };
  /**
   * Document, script and user cache entries evicted before their expiry, at `rate` of reads, in an
   * order `seed` fixes (cache.ts). Off by default.
   */
  cacheEviction?: CacheEviction;
  /**
   * False: Google's daily quotas (quotas.ts) count against no one, for tools that run the add-on
   * locally over days of data (a command line is no Apps Script). On by default.
   */
  dailyQuotas?: boolean;
}

export interface ExecutionOptions {
  budgetMs?: number;
  killAfter?: Record<string, number>;
  customFunction?: boolean;
  /** Passed as the function's first argument (a trigger or onOpen event). */
  event?: unknown;
}

export interface HarnessExecution {
  call<T = unknown>(name: string, ...args: unknown[]): T;
  end(): void;
}

export interface TriggerSummary {
  id: string;
  handler: string;
  everyMinutes?: number;
  periodMs?: number;
  nextRunAt: number;
}

/** A trigger and the user it belongs to (and runs as). */
export interface OwnedTriggerSummary extends TriggerSummary {
  owner: string;
}

/** Who another user of the document is; see Addon.as. */
export interface UserOptions {
  /** Stored in that user's properties under USER_PROPERTY.apiKey, as loadAddon does. */
  apiKey?: string;
  /** Stored in that user's properties under USER_PROPERTY.apiBaseUrl. */
  apiBaseUrl?: string;
  /**
   * A consumer (gmail) account in a document of someone else's domain: Apps Script does not reveal
   * its email to the script (Session.getActiveUser().getEmail() is ''); getEffectiveUser still
   * tells its own executions who they run as. Kept once set.
   */
  consumer?: boolean;
}

export interface TriggerFailure {
  handler: string;
  /** The user the trigger ran as. */
  owner: string;
  error: unknown;
}

export interface UiView {
  readonly menus: RecordedMenu[];
  readonly lastSidebar?: ShownPage;
  readonly sidebars: ShownPage[];
  readonly dialogs: ShownPage[];
  readonly toasts: Toast[];
  readonly alerts: RecordedAlert[];
  /** Queue answers ('YES', 'NO'...) for the next alerts. */
  readonly alertAnswers: string[];
}

/**
 * One user's view of one local document: its executions run as `userEmail`, with that user's user
 * properties, user cache, Session and triggers; the spreadsheet, document and script properties and
 * caches, locks, clock, counts, logs, requests, UI records and recalculation are the document's,
 * the same in every view.
 */
export interface Addon {
  /** The user this view acts as. */
  readonly userEmail: string;
  /**
   * The same document as another user (a teammate opening the shared spreadsheet): created on
   * first use with empty user properties and cache; the same email gives a view over the same user.
   */
  as(userEmail: string, options?: UserOptions): Addon;
  /**
   * Another spreadsheet where the same people use the add-on (default: as this view's user): a new
   * document with its own sheets, document properties, caches and locks, sharing the users (user
   * properties and caches, as Apps Script keeps them per user and script), every user's triggers
   * (getProjectTriggers lists a user's triggers of every document, getUserTriggers one
   * document's), the clock. `fireTriggers()` from any of them runs each trigger in its own document.
   */
  openDocument(options?: UserOptions & { userEmail?: string }): Addon;
  spreadsheet: FakeSpreadsheet;
  addSheetFromValues(name: string, values: unknown[][]): FakeSheet;
  setSelection(a1: string | string[], sheetName?: string): void;
  /**
   * Protects a range (`'E:E'`, `'A1:C3'`) of a sheet as its owner does in Sheets: only `editors`
   * may edit it; anyone else's write there throws Sheets' "You are trying to edit a protected cell
   * or object…" and changes nothing.
   */
  protect(a1: string, sheetName: string, editors?: readonly string[]): void;
  /** Removes every protection (the owner lifted them). */
  unprotectAll(): void;
  call<T = unknown>(name: string, ...args: unknown[]): T;
  callWith<T = unknown>(options: ExecutionOptions, name: string, ...args: unknown[]): T;
  startExecution(options?: ExecutionOptions): HarnessExecution;
  /**
   * Runs every due time-driven trigger of every user, each as its own trigger execution run as the
   * trigger's owner, whichever view calls it. With `all`, every
   * installed trigger runs now without moving the clock: nobody waits an hour for an add-on's
   * trigger in the playground or the CLI, and jumping the clock would stamp results in the future.
   */
  fireTriggers(options?: { all?: boolean }): number;
  advanceClock(ms: number): void;
  now(): number;
  counts: CallCounts;
  /** `user`: this view's user's. */
  properties: { document: FakeProperties; user: FakeProperties; script: FakeProperties };
  /** This view's user's triggers in this document: what ScriptApp.getUserTriggers(it) shows. */
  triggers(): TriggerSummary[];
  /** Every user's triggers in this document. */
  allTriggers(): OwnedTriggerSummary[];
  logs(): string[];
  logLines(): LogLine[];
  /** Every UrlFetch request sent, with its status (0: no answer). Headers hold the API key. */
  requests(): SentRequest[];
  /**
   * Recalculates the `=CUSTOM_FUNCTION(…)` cells Sheets would: new ones, and those whose argument
   * values or (seen at a flush point) formula text changed, each as its own custom-function
   * execution (30 s, read-only) of this view's user, whose browser recalculates; returns how many
   * ran (recalc.ts). With `interleave`, they run at once, each on its own thread, interleaved at
   * every service call in an order the seed chooses (interleave.ts), their arguments read before
   * any shows a result. Sheets does this on its own schedule; tests call it.
   * `counts.customFunctionRuns` totals the runs.
   */
  recalculate(options?: { interleave?: InterleaveOptions }): number;
  /** The message behind each #ERROR! a custom function left on a sheet (Sheets shows it on hover). */
  formulaErrors(sheetName: string): { row: number; column: number; message: string }[];
  /** What this view's user used today of a daily quota (quotas.ts): calls, or ms of trigger runtime. */
  quotaUsed(kind: QuotaKind): number;
  /** Uses up some of this view's user's daily quota, as a day of other use would have. */
  useQuota(kind: QuotaKind, amount: number): void;
  /** Trigger runs that threw, in order, whoever owned them. */
  triggerFailures(): TriggerFailure[];
  ui: UiView;
  exportState(): RuntimeState;
  close(): void;
}
