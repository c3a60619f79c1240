/**
 * What the user can do to runs from the Jobs panel: cancel a running one (after saying what that
 * spares and what still lands), resume the runs a refused key stopped (after saying what that may
 * cost), clear ended runs. Every one of them asks first when it can spend or lose something.
 */
import type { ProgressView, RunProgress } from '../src/app/sidebar-contract';
import { agree, fill, formatNumber, h, plural } from './dom';
import { askInline, runBusy } from './feedback';
import { plainMessage, server } from './server';
import { SPEND_WORDS } from '../src/domain/runs';

type Show = (view: ProgressView) => void;

/**
 * "Cancel…" on a run with jobs not sent yet (queued: a start cut short, deferred by a rate limit, or
 * stopped by a refused key). Once every job is sent there is nothing left to cancel: they are paid
 * and their answers land, so no button is offered.
 */
export function cancelButton(run: RunProgress, card: HTMLElement, show: Show): HTMLButtonElement | null {
  const spared = run.queuedContacts ?? 0;
  if ((run.state !== 'running' && !run.waitingForKey) || spared === 0) return null;
  const button = h(
    'button',
    {
      type: 'button',
      class: 'run-cancel',
      onclick: () => {
        const started = Math.max(0, run.sent - spared - run.done);
        askInline(
          card,
          `${plural(spared, 'contact')} not sent yet will not be sent (no credits).` +
            (started
              ? ` ${plural(started, 'contact')} already sent ${agree(started, 'was', 'were')} paid: their answers are still written.`
              : ''),
          'Cancel run',
          'Keep running',
          async () => show(await server.cancelRun(run.runId)),
          button,
        );
      },
    },
    'Cancel…',
  );
  return button;
}

/**
 * The run's card as the page shows it now: the Jobs list may be redrawn while a call is out (a poll,
 * a change elsewhere), and a question put on the card the click came from would never be seen
 * (fresh-clone CI, stop 63: "Run the rest…" on a busy machine).
 */
const shownCard = (runId: string, card: HTMLElement): HTMLElement =>
  document.querySelector<HTMLElement>(`.run[data-run-id="${runId}"]`) ?? card;

/**
 * "Run the rest…" on a run out of credits, with the most it can cost: the rows it left are planned
 * like any run (rows answered since are not sent), and the plan's price is asked before it starts.
 */
export function runRestButton(
  run: RunProgress,
  card: HTMLElement,
  after: () => Promise<void>,
): HTMLButtonElement | null {
  if (run.restCredits === undefined) return null;
  const button = h(
    'button',
    { type: 'button', class: 'action run-rest' },
    `Run the rest (up to ${plural(run.restCredits, 'credit')})…`,
  );
  button.addEventListener(
    'click',
    () =>
      void runBusy(button, 'Planning…', async () => {
        const said = (text: string) =>
          shownCard(run.runId, card).append(h('p', { class: 'run-error', role: 'alert' }, text));
        const plan = await server.planRest(run.runId).catch((error: unknown) => said(plainMessage(error)));
        if (!plan) return;
        if (!plan.contactsToSend) return said('Nothing is left to run: every row has its answer now.');
        const shown = shownCard(run.runId, card);
        askInline(
          shown,
          `Spend up to ${plural(plan.maxCredits, 'credit')} on the ${plural(plan.contactsToSend, 'contact')} this run left?`,
          'Start',
          'Not now',
          async () => {
            await server.startRun(plan.planId);
            await after();
          },
          shown.querySelector<HTMLElement>('.run-rest') ?? button,
        );
      }),
  );
  return button;
}

/**
 * "Undo…" on a run that ended with every result written (none still to come, no lost start to
 * settle): says how many cells it puts back and that the answers stay saved, then undoes it, one
 * call after another until it is done (each call works for up to 20 s).
 */
export function undoButton(
  run: RunProgress,
  card: HTMLElement,
  after: () => Promise<void>,
): HTMLButtonElement | null {
  const ended = run.state === 'finished' || run.state === 'canceled' || run.state === 'out_of_credits';
  // A run of formula requests writes no cell of its own: the formulas show its answers.
  const formulas = run.source === SPEND_WORDS.formulas || run.source === SPEND_WORDS.automatic;
  if (!ended || formulas || run.undo || run.ambiguousJobs || run.queuedContacts) return null;
  const button = h('button', { type: 'button', class: 'run-undo' }, 'Undo…');
  button.addEventListener(
    'click',
    () =>
      void runBusy(button, 'Counting…', async () => {
        const preview = await server.previewUndo(run.runId).catch((error: unknown) => {
          shownCard(run.runId, card).append(
            h('p', { class: 'run-error', role: 'alert' }, plainMessage(error)),
          );
        });
        if (!preview) return;
        const shown = shownCard(run.runId, card);
        askInline(
          shown,
          `Put back what the ${plural(preview.cells, 'cell')} this run wrote held before? Its answers stay saved: running it again costs nothing.`,
          'Undo run',
          'Keep',
          async () => {
            while (!(await server.undoRun(run.runId)).undone);
            await after();
          },
          shown.querySelector<HTMLElement>('.run-undo') ?? button,
        );
      }),
  );
  return button;
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
    h('p', {}, `${runs} ${agree(stopped.runs, 'waits', 'wait')} for a working API key.`),
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

/** "Working on it · 2 min 5 s" while the API works on a run's jobs: the bar only moves when a job ends. */
export function workingLine(run: RunProgress, now = Date.now()): HTMLElement | null {
  if (run.state !== 'running' || !run.workingSince) return null;
  const line = h('p', { class: 'hint run-working', 'data-since': run.workingSince });
  showWorking(line, now);
  return line;
}

/** Counts the seconds of every working line under `root` (called each second, and on each answer). */
export function tickWorkingLines(root: HTMLElement, now = Date.now()): void {
  for (const line of root.querySelectorAll<HTMLElement>('.run-working[data-since]')) showWorking(line, now);
}

function showWorking(line: HTMLElement, now: number): void {
  const since = new Date(line.dataset.since ?? '').getTime();
  const seconds = Number.isNaN(since) ? 0 : Math.max(0, Math.round((now - since) / 1000));
  const elapsed = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  line.textContent = `Working on it · ${elapsed} (jobs usually take a few minutes; the bar moves as each one ends)`;
}
