/**
 * The shapes the sidebar's calls send and get back that more than one feature uses or builds. The
 * page's whole contract is src/app/sidebar-contract.ts (these, each feature's own, and the server).
 */
import type { JobKind } from '../domain/runs';
import type { EnrichField } from '../domain/fields';
import type { SkippedRow } from '../engine/plan';
import type { FoundCounts } from '../store/registry';
import type { RunState } from '../domain/runs';
import type { RunStarted } from '../engine/run-sources';
import type { ColumnMapping } from '../domain/inputs';

// Domain shapes the page also shows, re-exported so the sidebar has one contract to import from.
export type { ColumnMapping, InputKey } from '../domain/inputs';
export type { FoundCounts, RunState, SkippedRow };

export interface SettingsView {
  hasApiKey: boolean;
  /** e.g. "••••••••3f9a"; never the key itself. */
  maskedKey: string;
  apiBaseUrl: string;
  backgroundRefresh: boolean;
  /** This user's UrlFetch calls and trigger minutes today, against Apps Script's daily quotas. */
  quota: QuotaView;
  /** The sheets the user sees, for the schedule's sheet choice. */
  sheetNames: string[];
  /** Runs waiting for a working key, and the most resuming them can cost (their jobs not sent yet). */
  stoppedByKey?: { runs: number; maxCredits: number };
  /** The panel a menu item asked for ("enrich", "reverse", "settings"); given once, then cleared. */
  openPanel?: SidebarPanel;
}

export type SidebarPanel = 'enrich' | 'reverse' | 'search' | 'settings' | 'jobs';

export interface KeyCheckView {
  ok: boolean;
  workspaceId?: string;
  /** The API's reason in plain words when not ok. */
  message?: string;
  /** The key checked is the one pasted in the form, not the saved one. */
  pasted?: true;
  /** Not ok because the API refused the key (not because it could not be asked). */
  refused?: true;
}

export interface BalanceView {
  balance: number | null;
  message?: string;
}

export interface PlanView {
  planId: string;
  kind: JobKind;
  sheetName: string;
  /** e.g. "rows 2–41" */
  selectionLabel: string;
  /** Data rows in the selection. */
  rows: number;
  /** One cell selected: its row, and whether the plan took the whole table for it (it does unless asked). */
  cell: { row: number; wholeTable: boolean } | null;
  /**
   * 0: the sheet has no header row (data from row 1); the mapping then goes by column letter, and
   * Start adds a header row above the data naming the mapped columns.
   */
  headerRow: number;
  /** False when no row read as headers: the page asks whether row 1 holds them. */
  headerDetected: boolean;
  /**
   * The columns a mapping may use (not our output columns), with the 1-based index, the header
   * ("" when none) and the first value under it, so a column without a header can be told apart.
   */
  columns: MappableColumn[];
  mapping: ColumnMapping;
  /** The mapping names the inputs a row needs; when false every row is skipped as missing input. */
  mappingComplete: boolean;
  fields: EnrichField[];
  /** Distinct contacts that will be sent (costs credits). */
  contactsToSend: number;
  /** Rows filled from another row with the same inputs, or from saved results. */
  rowsFromDuplicates: number;
  rowsFromLedger: number;
  skipped: SkippedRow[];
  /** Most credits the run can spend at the price table. */
  maxCredits: number;
  /**
   * "Look up again": contacts asked anew for fields they already have saved answers for, and the
   * part of maxCredits those fields can cost (without overwrite: zero, saved fields are reused).
   */
  reasked: { contacts: number; maxCredits: number };
  /** The saved results are damaged: rows showing results were kept from being bought again (why). */
  ledgerDamage?: string;
  /** Selected rows left alone because they already have their results. */
  rowsDone: number;
  /** What "look up again" would send and cost at most: every selected contact, every field asked anew. */
  lookUpAgain: { contacts: number; maxCredits: number };
  /** Credits per result found, from the one price table, so the page never keeps its own copy. */
  prices: Record<EnrichField, number>;
  /** Credits per profile a reverse lookup finds. */
  reversePrice: number;
  balance: number | null;
  jobs: number;
  /** The API refused the saved key (its words): Start stays off until a key is saved. */
  keyProblem?: string;
}

export interface MappableColumn {
  index: number;
  header: string;
  sample: string;
}

export type StartView = RunStarted;

export interface RunProgress {
  runId: string;
  kind: JobKind;
  sheetName: string;
  state: RunState;
  jobs: number;
  sent: number;
  done: number;
  found: FoundCounts;
  credits: number;
  startedAt: string;
  /** Plain words, with what to do next. */
  error?: string;
  /** Rows filled at start from saved results (no credits). */
  rowsFromLedger?: number;
  /** Answers whose inputs no longer match any row (rows edited or deleted): kept, not written. */
  unmatched?: number;
  /** While the API is backing us off (429, 5xx, down): when the next poll will ask it again (ISO). */
  retryAt?: string;
  /** Contacts with any answer (found counts per kind may overlap). */
  contactsFound: number;
  /** Contacts the API did not process (out of credits, canceled). */
  unprocessed: number;
  /** Contacts the user canceled before they were sent (among `unprocessed`, not among `sent`). */
  notSent?: number;
  /** The most the run could cost when it started; `credits` is what the API charged. */
  estimatedCredits?: number;
  /** Jobs that may have been started although their answer was lost: the user decides. */
  ambiguousJobs?: AmbiguousJobView[];
  /** Contacts of jobs not sent yet: what canceling the run spares. */
  queuedContacts?: number;
  /** Stopped by a refused or missing key: resumes when the user says so. */
  waitingForKey?: boolean;
  /** When the oldest job the API is working on was started (ISO): the card shows it is working. */
  workingSince?: string;
  /**
   * Another user's run (a shared document): whose it is and when its results come. Its controls
   * (cancel, retry, import, resume) are theirs, so the card offers none.
   */
  othersRun?: string;
}

export interface AmbiguousJobView {
  seq: number;
  /** The readable name the job was started with: how to find it in the provider's dashboard. */
  name: string;
  contacts: number;
  /** The most a retry can cost (again, if the first start went through). */
  retryMaxCredits: number;
  /** What went wrong, in plain words. */
  problem: string;
}

export type { ImportRequest, RunJobRef } from '../engine/recovery';

export interface ImportJobView {
  runId: string;
  contacts: number;
}

export interface ProgressView {
  runs: RunProgress[];
  pending: boolean;
  /** Saved records that could not be read, in plain words (they are kept, not deleted). */
  problems?: string[];
  /** Runs waiting for a working key, and the most resuming them can cost. */
  stoppedByKey?: { runs: number; maxCredits: number };
  /**
   * What Apps Script or Sheets does not do here and what to do meanwhile, a line each: the
   * background trigger refused (a test deployment), formulas not recalculated by a refresh.
   */
  notes?: string[];
}

/** What the formulas asked for and saved results do not answer yet, per kind (kinds with requests only). */
export interface FormulaQueueView {
  queues: {
    kind: JobKind;
    requests: number;
    /** Distinct contacts a run would send (requests whose contact a running job is getting are left out). */
    contactsToSend: number;
    fields: EnrichField[];
    maxCredits: number;
  }[];
  /** "Get formula results automatically": null when off. */
  auto: { ownerEmail: string; dailyCap: number; committedToday: number; yours: boolean } | null;
  /** Why "Get formula results automatically" switched itself off (a run lost a job start). */
  autoPaused?: string;
  /** The queue holds all it may (LIMITS.formulaQueueBytes): new formulas wait for room. */
  full?: { requests: number };
}

export type { FilterSpec, SearchKind } from '../domain/search-filters';
export type { SearchFilters } from '../api/schemas/requests';
import type { SearchKind } from '../domain/search-filters';
import type { SearchFilters } from '../api/schemas/requests';
import type { SearchTabRecord } from '../store/search-store';

/** A search tab: its query, what it holds and whether it is still loading. */
export interface SearchTabView {
  sheetId: number;
  sheetName: string;
  kind: SearchKind;
  description: string;
  /** Results in the tab. */
  rows: number;
  /** Every match at the last page; null when the API does not say. */
  total: number | null;
  /** Results the user agreed to load. */
  max: number;
  state: SearchTabRecord['state'];
  /** Why it stopped or paused, in plain words. */
  reason?: string;
  refreshing: boolean;
  /** Matches not loaded yet (as of the last page); null when unknown (the API gives no total). */
  more: number | null;
  pricePerResult: number;
}

/** People search at a company tab's companies: the filter, and the names to show for its ids. */
export interface CompaniesFilterView {
  kind: 'people';
  filters: SearchFilters;
  labels: Record<string, string>;
  companies: number;
  /** Companies of the tab left out (one filter takes at most 100). */
  leftOut: number;
}

export type { QuotaView } from '../store/quota-meter';
import type { QuotaView } from '../store/quota-meter';
