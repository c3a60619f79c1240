/**
 * The types the chaos benchmark's files share (what happened, what it found, what a row should
 * show), in a file of their own so that none of them imports another in a circle.
 */

/** How often each kind of trouble happened, so a run that met no fault does not pass as a good one. */
export interface ChaosEvents {
  sorts: number;
  deletions: number;
  insertions: number;
  columnInsertions: number;
  typedOver: number;
  kills: number;
  shortBudgets: number;
  imported: number;
  retried: number;
  topUps: number;
  /** Retries refused by the add-on's balance check ("Out of credits: add credits, then Retry"). */
  creditRefusals: number;
  reruns: number;
  unstuck: number;
  /** API answers by status (5xx, 429, 402...). */
  answers: Record<string, number>;
}

/** What was broken, and when (the JSON's `damaged`). */
export interface ChaosDamage {
  round: number;
  /** The property key of the job record that is no longer JSON. */
  job_record: string;
  /** Job sheet rows (job keys) whose list of contacts became garbage. */
  job_sheet_rows: string[];
  /** Ledger rows whose answer became garbage. */
  ledger_rows: number;
  /** Jobs the user then imported by id (the add-on refuses those it still knows). */
  jobs_imported: number;
  /** Contacts of rows left "job record damaged" whose job the provider never received, run with "look up again". */
  rows_looked_up_again: number;
}

export interface ChaosResult {
  rows: number;
  lost: number;
  misplaced: number;
  written_twice: number;
  credits_spent: number;
  credits_minimum: number;
  charged_twice: number;
  rows_without_final_status: number;
  /** What the damage step broke, and at which round (null: no damage step). */
  damaged?: ChaosDamage | null;
  wall_ms: number;
}

/** What a row should show: its work email cell, the email its status names ("Invalid: …"), its phone. */
export type Expected = { workEmail: string; namedEmail: string; phone: string };
