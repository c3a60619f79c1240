/**
 * The two ways out of an ambiguous start, on the run card: Retry (with the credits it may cost
 * again, asked inline before anything is sent) and Import by the id the provider's dashboard shows (free).
 * Also a form to import any job by id, for jobs the Jobs list lost.
 */
import type { AmbiguousJobView, RunProgress } from '../src/app/sidebar-contract';
import { h, plural } from './dom';
import { actionButton, askInline, createNotice } from './feedback';
import { server } from './server';

/** Called after a retry or an import, so the panel shows the run moving again. */
export type AfterRecovery = () => Promise<void>;

function importControls(
  placeholder: string,
  request: (jobId: string) => Promise<unknown>,
  after: AfterRecovery,
) {
  const notice = createNotice();
  const input = h('input', { type: 'text', placeholder, 'aria-label': 'Job id', autocomplete: 'off' });
  const button = actionButton('Import', 'Importing…', {
    notice,
    run: async () => {
      if (!input.value.trim()) return notice.show('warn', 'Paste the job id first.');
      await request(input.value.trim());
      notice.show('ok', 'Imported: its results are applied as they arrive (no credits).');
      await after();
    },
  });
  return h('div', { class: 'import-job' }, h('div', { class: 'buttons' }, input, button), notice.element);
}

export function ambiguousJobCard(run: RunProgress, job: AmbiguousJobView, after: AfterRecovery): HTMLElement {
  const retry = h(
    'button',
    { type: 'button', class: 'action' },
    `Retry (up to ${plural(job.retryMaxCredits, 'credit')})…`,
  );
  // Asked inline, as Cancel… and Resume… are: the Jobs panel holds its redraws while a question is open.
  retry.addEventListener('click', () =>
    askInline(
      card,
      `If the first start went through, these ${plural(job.contacts, 'contact')} are charged again: up to ${plural(job.retryMaxCredits, 'credit')}. Importing the job by its id instead is free.`,
      'Retry',
      'Not now',
      async () => {
        await server.retryJob({ runId: run.runId, seq: job.seq });
        await after();
      },
      retry,
    ),
  );
  const card = h(
    'div',
    { class: 'ambiguous-job' },
    h('p', { class: 'hint' }, `${job.problem} Look for “${job.name}” in the provider’s dashboard.`),
    importControls(
      'Job id from the dashboard',
      (jobId) => server.importJob({ jobId, job: { runId: run.runId, seq: job.seq } }),
      after,
    ),
    h('div', { class: 'buttons' }, retry),
  );
  return card;
}

/** Import any job this add-on started, by its id (recovers runs the Jobs list lost). */
export function importAnyJobForm(after: AfterRecovery): HTMLElement {
  return h(
    'details',
    { class: 'import-any' },
    h('summary', {}, 'Import a job by its id'),
    importControls('Job id', (jobId) => server.importJob({ jobId }), after),
  );
}
