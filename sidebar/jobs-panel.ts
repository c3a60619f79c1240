/**
 * The Jobs panel: one progress bar per run, live while the sidebar is open, errors in plain
 * words, "Refresh now", and the switch for the background trigger.
 */
import type { FoundCounts, ProgressView, RunProgress, SettingsView } from '../src/app/sidebar-contract';
import { fill, formatNumber, h, plural } from './dom';
import { actionButton, createNotice, questionOpen } from './feedback';
import { KIND_LABELS, RUN_STATE_LABELS } from './labels';
import { createFormulaQueueBox } from './formula-queue';
import { createPoller } from './poller';
import { ambiguousJobCard, importAnyJobForm, type AfterRecovery } from './recovery';
import {
  cancelButton,
  clearEndedButton,
  runRestButton,
  stoppedByKeyBanner,
  tickWorkingLines,
  undoButton,
  workingLine,
} from './run-controls';
import { plainMessage, server } from './server';
import { FIELD_TABLE } from '../src/domain/fields';

export interface JobsPanel {
  element: HTMLElement;
  /** Shows the stored progress, and starts polling when something is pending. */
  load(): Promise<void>;
  /** A run was just started: follow it. */
  watch(): void;
  /**
   * The stores changed (watcher.ts): the runs are read again (a charge refreshes the balance), and
   * shown with the formula requests when the panel is on screen.
   */
  changed(): Promise<void>;
  showSettings(view: SettingsView): void;
}

type FoundKind = Exclude<keyof FoundCounts, 'contacts'>;

const FOUND_LABELS: Readonly<Record<FoundKind, [string, string]>> = {
  workEmail: ['work email', 'work emails'],
  personalEmail: ['personal email', 'personal emails'],
  phone: ['phone', 'phones'],
  profile: ['profile', 'profiles'],
};

/**
 * `onCharged`: a run charged credits since the last view, or ended (an automatic run, an import, a
 * schedule tick, a teammate's sidebar): the balance changed; `ended` when a run ended, whose rows
 * are now answered.
 */
export function createJobsPanel(onCharged: (ended: boolean) => void): JobsPanel {
  const notice = createNotice();
  const formulas = createFormulaQueueBox(() => watch());
  // Not live itself (it is redrawn every few seconds): `announcer` says what changed, once.
  const list = h('div', { class: 'runs' });
  const announcer = h('p', { class: 'visually-hidden', role: 'status' });
  const announced = new Map<string, string>();
  const liveHint = h(
    'p',
    { class: 'hint live-hint', hidden: true },
    'Checking for results every few seconds…',
  );
  const backgroundSwitch = h('input', { type: 'checkbox', role: 'switch', name: 'backgroundRefresh' });
  // The server's lines on what Apps Script does not do here (a test deployment's trigger…).
  const notes = h('div', { class: 'platform-notes' });
  const runningIds = new Set<string>();
  /** A poll's view held back while the user answers a question in the list (see `answering`). */
  let held: ProgressView | undefined;
  /** What each run had charged at the last view read, once a first view was read. */
  let charged: Map<string, number> | undefined;

  /**
   * Tells `onCharged` when a run charged credits since the last view read (a run new since then
   * with credits counts) or ended; whether one ended.
   */
  function noteRuns(view: ProgressView): boolean {
    const before = charged;
    charged = new Map(view.runs.map((run) => [run.runId, run.credits]));
    const more = !!before && view.runs.some((run) => (before.get(run.runId) ?? 0) !== run.credits);
    // Seen running before, or new since the last view and over already (it ran between two peeks).
    const ended = view.runs.some(
      (run) => run.state !== 'running' && (runningIds.has(run.runId) || (!!before && !before.has(run.runId))),
    );
    runningIds.clear();
    for (const run of view.runs) if (run.state === 'running') runningIds.add(run.runId);
    if (more || ended) onCharged(ended);
    return ended;
  }

  function show(view: ProgressView): void {
    held = undefined; // A view held back while the user answered is older than this one.
    fill(notes, ...(view.notes ?? []).map((note) => h('p', { class: 'hint' }, note)));
    const runs = [...view.runs].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    const problems = (view.problems ?? []).map((text) => h('p', { class: 'run-error', role: 'alert' }, text));
    const banner = stoppedByKeyBanner(view, showAndFollow);
    if (runs.length === 0)
      fill(list, ...problems, h('p', { class: 'empty' }, 'No runs yet. Start one from Enrich or Reverse.'));
    else
      fill(
        list,
        ...problems,
        banner,
        ...runs.map((run) => runCard(run, refresh, showAndFollow)),
        h('div', { class: 'buttons' }, clearEndedButton(view, showAndFollow)),
      );
    announce(runs);
    tickWorkingLines(list);
    if (noteRuns(view)) void formulas.load().catch(() => undefined);
  }

  /**
   * "Enrichment · Contacts: Finished, 12 of 12 contacts done": said when a run's state changes. The
   * runs the panel first shows are not news (but one running): only what changes after is said.
   */
  let seen = false;
  function announce(runs: RunProgress[]): void {
    const lines: string[] = [];
    for (const run of runs) {
      const state = run.waitingForKey ? 'Waiting for key' : RUN_STATE_LABELS[run.state];
      if (announced.get(run.runId) === state) continue;
      if (seen || run.state === 'running')
        lines.push(`${KIND_LABELS[run.kind]} · ${run.sheetName}: ${state}, ${countLine(run)}.`);
      announced.set(run.runId, state);
    }
    seen = true;
    if (lines.length) announcer.textContent = lines.join(' ');
  }

  // The working line's seconds count between two answers.
  setInterval(() => tickWorkingLines(list), 1000);

  /**
   * The list is redrawn every few seconds while runs are pending: a question the user is answering
   * (Cancel…, Resume…, Retry…) or the job id field they are in (typing, or about to paste an id
   * copied from the dashboard) would vanish under them. A view that comes then is held, and shown
   * once they are done (`releaseHeld`); their own actions show theirs at once.
   */
  const answering = (): boolean => {
    const focused = document.activeElement;
    return (
      questionOpen(list) ||
      (focused instanceof HTMLInputElement && focused.type === 'text' && list.contains(focused))
    );
  };
  const releaseHeld = (): void => {
    setTimeout(() => {
      if (!held || answering()) return;
      const view = held;
      held = undefined;
      show(view);
    });
  };
  for (const type of ['click', 'keyup', 'focusout']) list.addEventListener(type, releaseHeld);
  /** A view the user did not ask for by acting on the list (a poll, a read, the tab shown again). */
  const offer = (view: ProgressView): void => {
    if (answering()) held = view;
    else show(view);
  };

  // Between two polls, what other executions wrote shows through the watcher (changed()).
  const poller = createPoller({
    poll: () => server.pollJobs(),
    onView: (view) => {
      notice.clear();
      liveHint.hidden = !view.pending;
      offer(view);
    },
    onError: (error) => {
      liveHint.hidden = true;
      notice.show('error', plainMessage(error), 'Use "Refresh now" to try again.');
    },
  });

  /** After an action on runs: show its view, and follow it while something runs. */
  function showAndFollow(view: ProgressView): void {
    show(view);
    liveHint.hidden = !view.pending;
    if (view.pending) poller.start();
  }

  async function load(): Promise<void> {
    const [view] = await Promise.all([server.getProgress(), formulas.load()]);
    offer(view);
    if (view.pending) poller.start();
  }

  function watch(): void {
    liveHint.hidden = false;
    poller.start();
  }

  async function changed(): Promise<void> {
    if (element.hidden) {
      // Off screen: only the balance cares (the tab loads everything when it is shown).
      noteRuns(await server.getProgress());
      return;
    }
    const [view] = await Promise.all([server.getProgress(), formulas.load()]);
    offer(view);
    // A run another execution started (an automatic run, a schedule tick): followed like ours. A
    // poll already under way is not restarted: each of its writes moves the stamp again.
    if (view.pending && !poller.running) poller.start();
  }

  async function refresh(): Promise<void> {
    poller.stop();
    // "Refresh now" shows everything the panel holds: formula requests typed since, too.
    const [view] = await Promise.all([server.pollJobs(), formulas.load()]);
    show(view);
    liveHint.hidden = !view.pending;
    if (view.pending) poller.start();
  }

  const refreshButton = actionButton('Refresh now', 'Checking…', {
    notice,
    run: async () => {
      notice.clear();
      await refresh();
    },
  });

  backgroundSwitch.addEventListener('change', async () => {
    const wanted = backgroundSwitch.checked;
    backgroundSwitch.disabled = true;
    try {
      showSettings(await server.setBackgroundRefresh(wanted));
    } catch (error) {
      backgroundSwitch.checked = !wanted;
      notice.show('error', plainMessage(error));
    } finally {
      backgroundSwitch.disabled = false;
    }
  });

  function showSettings(view: SettingsView): void {
    backgroundSwitch.checked = view.backgroundRefresh;
  }

  const element = h(
    'section',
    { class: 'panel', 'aria-label': 'Jobs' },
    formulas.element,
    h('div', { class: 'buttons' }, refreshButton),
    h(
      'label',
      { class: 'switch' },
      backgroundSwitch,
      h('span', {}, 'Keep checking for results when the sidebar is closed'),
    ),
    notes,
    notice.element,
    liveHint,
    announcer,
    list,
    importAnyJobForm(refresh),
  );
  fill(list, h('p', { class: 'empty' }, 'Loading runs…'));
  return {
    element,
    load,
    watch,
    changed,
    showSettings,
  };
}

function runCard(
  run: RunProgress,
  afterRecovery: AfterRecovery,
  afterAction: (view: ProgressView) => void,
): HTMLElement {
  const total = runContacts(run);
  const done = processed(run);
  const percent = total > 0 ? Math.round((done / total) * 100) : run.state === 'running' ? 0 : 100;
  const started = new Date(run.startedAt);
  const time = Number.isNaN(started.getTime())
    ? ''
    : // No-break spaces: the time stays with the name's last word, never on a line of its own.
      `\u00a0·\u00a0${started.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }).replace(/ /g, '\u00a0')}`;
  const name = `${KIND_LABELS[run.kind]} · ${run.sheetName}`;
  const card = h(
    'article',
    { class: `run run-${run.state}`, 'data-run-id': run.runId, 'aria-label': name + time },
    h(
      'div',
      { class: 'run-head' },
      // The name wraps where it must; the time goes with its last word ("Contacts · 12:18 PM").
      h(
        'span',
        { class: 'run-title' },
        h('span', { class: 'run-name' }, name),
        h('span', { class: 'run-time' }, time),
        h('span', { class: 'run-source' }, `\u00a0·\u00a0${run.source}`),
      ),
      run.waitingForKey
        ? h('span', { class: 'badge badge-failed' }, 'Waiting for key')
        : h('span', { class: `badge badge-${run.state}` }, RUN_STATE_LABELS[run.state]),
    ),
    h(
      'div',
      {
        class: 'progress',
        role: 'progressbar',
        'aria-label': `${KIND_LABELS[run.kind]} progress`,
        'aria-valuemin': 0,
        'aria-valuemax': total,
        'aria-valuenow': done,
      },
      progressFill(percent),
    ),
    h('p', { class: 'run-count' }, countLine(run)),
    workingLine(run),
    h('p', { class: 'run-found' }, foundLine(run)),
    h(
      'p',
      { class: 'run-credits' },
      `${plural(run.credits, 'credit')} charged` +
        (run.estimatedCredits !== undefined
          ? ` (at most ${formatNumber(run.estimatedCredits)} estimated)`
          : ''),
    ),
    run.rowsFromLedger
      ? h('p', { class: 'hint' }, `${plural(run.rowsFromLedger, 'row')} from saved results`)
      : null,
    run.unmatched
      ? h(
          'p',
          { class: 'hint' },
          `${plural(run.unmatched, 'answer')} kept but not written: their rows changed`,
        )
      : null,
    run.retryAt
      ? h('p', { class: 'hint' }, `The API asked us to wait; next try at ${timeOfDay(run.retryAt)}.`)
      : null,
    // Out of credits: the badge and "Run the rest…" say it; the error would say it a third time.
    run.error && run.restCredits === undefined ? h('p', { class: 'run-error' }, run.error) : null,
    run.undo ? h('p', { class: 'hint run-undone' }, run.undo) : null,
    // Another user's run: theirs to cancel, retry or import, so no control is offered here.
    run.othersRun ? h('p', { class: 'hint run-owner' }, run.othersRun) : null,
    ...(run.othersRun
      ? []
      : (run.ambiguousJobs ?? []).map((job) => ambiguousJobCard(run, job, afterRecovery))),
  );
  // An undone run's rows no longer say "out of credits": there is no rest to run.
  const controls = run.othersRun
    ? []
    : [
        cancelButton(run, card, afterAction) ?? (run.undo ? null : runRestButton(run, card, afterRecovery)),
        undoButton(run, card, afterRecovery),
      ].filter((control) => control !== null);
  if (controls.length) card.append(h('div', { class: 'buttons run-actions' }, ...controls));
  return card;
}

/** A run's contacts: those sent, and those canceled before they were sent. */
const runContacts = (run: RunProgress) => Math.max(run.sent, run.done) + (run.notSent ?? 0);

/** Contacts processed: the server counts those it did not process (but sent) among `done`. */
const processed = (run: RunProgress) => run.done - run.unprocessed + (run.notSent ?? 0);

function countLine(run: RunProgress): string {
  const total = runContacts(run);
  return total === 0 && run.rowsFromLedger
    ? 'Filled from saved results only: nothing was sent or charged.'
    : `${formatNumber(processed(run))} of ${plural(total, run.kind === 'reverse' ? 'email' : 'contact')} done` +
        (run.unprocessed ? ` · ${formatNumber(run.unprocessed)} not processed` : '');
}

function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function progressFill(percent: number): HTMLDivElement {
  const bar = h('div', { class: 'progress-fill' });
  bar.style.width = `${percent}%`;
  return bar;
}

function foundLine(run: RunProgress): string {
  // Only what was asked: a profile an enrichment brought along unasked is not counted here.
  const kinds: FoundKind[] =
    run.kind === 'reverse' ? ['profile'] : run.fields.map((field) => FIELD_TABLE[field].slot);
  const parts = kinds.map((key) => {
    const [one, many] = FOUND_LABELS[key];
    return plural(run.found[key], one, many);
  });
  if (run.kind === 'reverse') return `Found: ${parts.join(', ')}`;
  return `Found: ${plural(run.contactsFound, 'contact')} (${parts.join(', ')})`;
}
