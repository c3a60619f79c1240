/** The vocabulary of runs: what kind of job, what started a run, and the states a user sees. */

export const JOB_KINDS = ['enrich', 'reverse'] as const;
/** An enrichment (names and companies → emails and phones) or a reverse lookup (email → profile). */
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * What started a run: the sidebar (a person's confirmation), the schedule, formulas' requests, "run
 * the rest" of a run the API stopped, or a refresh of old answers. Stored on the run record.
 */
export const RUN_SOURCES = ['sidebar', 'schedule', 'formulas', 'rest', 'refresh'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

/**
 * Where credits went, in the one set of words the Jobs panel, the log tab and the Spending tab use:
 * a run's source (formulas told apart by who sent them), a search, or a retry of a lost start.
 */
export const SPEND_WORDS = {
  sidebar: 'manual',
  formulas: 'formulas (manual)',
  automatic: 'formulas (automatic)',
  schedule: 'schedule',
  search: 'search',
  retry: 'retry',
  rest: 'run the rest',
  refresh: 'refresh',
} as const;
export type SpendKind = keyof typeof SPEND_WORDS;

/** The name of the daily limit with a user's key in all their spreadsheets, among the caps shown. */
export const KEY_CAP = 'Your key';

/** A run's word: its source's (a run of an earlier version without one was the sidebar's). */
export const sourceWord = (run: {
  source?: RunSource | undefined;
  automatic?: boolean | undefined;
}): string => SPEND_WORDS[run.automatic ? 'automatic' : (run.source ?? 'sidebar')];

export type RunState = 'running' | 'finished' | 'out_of_credits' | 'failed' | 'canceled';

export const KIND_LABELS: Readonly<Record<JobKind, string>> = {
  enrich: 'Enrichment',
  reverse: 'Reverse lookup',
};

export const RUN_STATE_LABELS: Readonly<Record<RunState, string>> = {
  running: 'Running',
  finished: 'Finished',
  out_of_credits: 'Out of credits',
  failed: 'Failed',
  canceled: 'Canceled',
};
