/** The vocabulary of runs: what kind of job, what started a run, and the states a user sees. */

export const JOB_KINDS = ['enrich', 'reverse'] as const;
/** An enrichment (names and companies → emails and phones) or a reverse lookup (email → profile). */
export type JobKind = (typeof JOB_KINDS)[number];

/** What started a run: the sidebar (a person's confirmation), the schedule, or formulas' requests. */
export type RunSource = 'sidebar' | 'schedule' | 'formulas';

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
