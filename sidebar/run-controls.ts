/**
 * What the user can do to runs from the Jobs panel: cancel a running one (after saying what that
 * spares and what still lands), resume the runs a refused key stopped (after saying what that may
 * cost), clear ended runs. Every one of them asks first when it can spend or lose something.
 */
import type { ProgressView, RunProgress } from '../src/app/sidebar-contract';
import { fill, formatNumber, h, plural } from './dom';
import { askInline, runBusy } from './feedback';
import { server } from './server';

type Show = (view: ProgressView) => void;

/** "Cancel…" on a running run's card. */
export function cancelButton(run: RunProgress, card: HTMLElement, show: Show): HTMLButtonElement | null {
  if (run.state !== 'running') return null;
  return h(
    'button',
    {
      type: 'button',
      class: 'run-cancel',
      onclick: () => {
        const spared = run.queuedContacts ?? 0;
        const started = Math.max(0, run.sent - spared - run.done);
        askInline(
          card,
          (spared
            ? `${plural(spared, 'contact')} not sent yet will not be sent (no credits). `
            : 'Every job of this run was already sent. ') +
            (started
              ? `${plural(started, 'contact')} already started were paid: their answers are still written.`
              : ''),
          'Cancel run',
          'Keep running',
          async () => show(await server.cancelRun(run.runId)),
        );
      },
    },
    'Cancel…',
  );
}

/** The banner over the runs when some wait for a key: resuming may send their queued jobs. */
export function stoppedByKeyBanner(view: ProgressView, show: Show): HTMLElement | null {
  const stopped = view.stoppedByKey;
  if (!stopped) return null;
  const banner = h('div', { class: 'stopped-by-key', role: 'status' });
  const cost = stopped.maxCredits
    ? `at most ${plural(stopped.maxCredits, 'credit')}`
    : 'no new credits (their jobs were already sent)';
  const runs = plural(stopped.runs, 'stopped run');
  fill(
    banner,
    h('p', {}, `${runs} ${stopped.runs === 1 ? 'waits' : 'wait'} for a working API key.`),
    h(
      'div',
      { class: 'buttons' },
      h(
        'button',
        {
          type: 'button',
          class: 'action',
          onclick: () =>
            askInline(banner, `Resume the ${runs}: ${cost}?`, 'Resume', 'Not now', async () =>
              show(await server.resumeStoppedRuns()),
            ),
        },
        'Resume…',
      ),
    ),
  );
  return banner;
}

/** "Clear finished runs", when the list holds any that ended. */
export function clearEndedButton(view: ProgressView, show: Show): HTMLButtonElement | null {
  const ended = view.runs.filter((run) => run.state !== 'running' && !run.waitingForKey).length;
  if (ended === 0) return null;
  const button = h(
    'button',
    { type: 'button', class: 'clear-ended' },
    `Clear ${formatNumber(ended)} finished`,
  );
  button.addEventListener(
    'click',
    () => void runBusy(button, 'Clearing…', async () => show(await server.clearEndedRuns())),
  );
  return button;
}

/** "Working · 2 min" while the API works on a run's jobs: the bar only moves when a job ends. */
export function workingLine(run: RunProgress, now = Date.now()): HTMLElement | null {
  if (run.state !== 'running' || !run.workingSince) return null;
  const seconds = Math.max(0, Math.round((now - new Date(run.workingSince).getTime()) / 1000));
  const elapsed = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return h(
    'p',
    { class: 'hint run-working' },
    `Working on it · ${elapsed} (jobs usually take a few minutes; the bar moves as each one ends)`,
  );
}
