/**
 * The shapes the sidebar's calls send and get back that more than one feature uses or builds. The
 * page's whole contract is src/app/sidebar-contract.ts (these, each feature's own, and the server).
 */
import type { JobKind } from '../domain/runs';
import type { EnrichField } from '../domain/fields';
import type { SkippedRow } from '../engine/plan';
import type { FoundCounts } from '../store/registry';
import type { RunState } from '../domain/runs';
import type { RunStarted } from '../engine/context';
import type { ColumnMapping } from '../domain/inputs';

// Domain shapes the page also shows, re-exported so the sidebar has one contract to import from.
export type { ColumnMapping, InputKey } from '../domain/inputs';
export type { FoundCounts, RunState, SkippedRow };

export type { BalanceView } from '../engine/key-wait';

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

export type { ImportRequest, RunJobRef } from '../engine/recovery';

export interface ImportJobView {
  runId: string;
  contacts: number;
}

export type { FilterSpec, SearchKind } from '../domain/search-filters';
export type { SearchFilters } from '../api/schemas/requests';

export type { QuotaView } from '../store/quota-meter';
