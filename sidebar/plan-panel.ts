/**
 * The Enrich and Reverse panels: what is selected, why the columns cannot work yet (at the top),
 * the column mapping in one line, the fields to find, what will be sent or why nothing will, the
 * cost against the balance, and Start behind a confirmation of the most it can spend. One
 * function serves both kinds; only the inputs and the field choice differ.
 */
import type { JobKind } from '../src/domain/runs';
import type { PlanView, StartView } from '../src/app/sidebar-contract';
import type { PlanRequest } from '../src/app/sidebar-contract';
import { knownBalance, learnBalance, onBalance } from './balance';
import { fill, h, plural, reveal, uniqueId } from './dom';
import { createNotice, runBusy } from './feedback';
import { INPUTS_BY_KIND } from './labels';
import { createMappingControls } from './mapping-controls';
import { createFieldControls } from './plan-controls';
import {
  cellNote,
  costLines,
  FREE_RUN,
  hasWork,
  HEADER_ROW_ADDED,
  ledgerDamageNote,
  problemLines,
  summaryLines,
  type PlanActions,
} from './plan-notes';
import { plainMessage, server } from './server';

export interface PlanPanel {
  element: HTMLElement;
  /** Plans again from the sheet's current selection. */
  refresh(): Promise<void>;
  /**
   * A run ended or charged elsewhere (rows answered, the balance moved): plans again if the panel
   * shows a plan and no confirmation is open (never closing one under the user).
   */
  stale(): void;
}

const NO_PLAN = 'Select rows in the sheet, then refresh.';
/**
 * How often a visible plan panel asks whether the sheet's selection moved: a cheap call (no API, no
 * properties read), so it keeps its pace while the panel shows, idle or not: the user selecting
 * rows expects the plan at once.
 */
export const SELECTION_CHECK_MS = 2000;

function startedLine(started: StartView): string {
  const filled = started.rowsFromLedger
    ? ` ${plural(started.rowsFromLedger, 'row')} filled from saved results.`
    : '';
  return `Started: ${plural(started.contacts, 'contact')} in ${plural(started.jobs, 'job')}.${filled}`;
}

/**
 * Replaces a note's content; when a button in it had focus ("Only row 7", "Look up again"), the
 * new content's first button gets it, so a keyboard user is not dropped back to the page's top.
 */
function refill(container: HTMLElement, children: (Node | null)[]): void {
  const hadFocus = container.contains(document.activeElement);
  fill(container, ...children);
  if (hadFocus) container.querySelector('button')?.focus();
}

export function createPlanPanel(
  kind: JobKind,
  onStarted: (view: StartView) => void,
  /** The selection moved: the user is at work in the sheet (the watcher gets busy again). */
  onSelectionMoved: () => void = () => undefined,
): PlanPanel {
  const notice = createNotice();
  // Why the plan cannot be made, or what the columns lack: at the top, where the eye starts.
  const problem = h('div', { class: 'plan-problem', role: 'status', hidden: true });
  const selection = h('p', { class: 'selection' }, NO_PLAN);
  const cellLine = h('div', { class: 'cell-line' });
  const summary = h('div', { class: 'summary', 'aria-live': 'polite' });
  const cost = h('div', { class: 'cost', 'aria-live': 'polite' });
  // One id for the damage note however often the cost is redrawn (a new balance): an open
  // confirmation's Start keeps pointing at it.
  const damageId = uniqueId('ledger-damage');
  const confirmBox = h('div', { class: 'confirm', hidden: true, role: 'group', 'aria-label': 'Confirm' });
  const startButton = h('button', { type: 'button', class: 'action', disabled: true }, 'Start…');
  const refreshButton = h('button', { type: 'button' }, 'Refresh selection');
  const mapping = createMappingControls(INPUTS_BY_KIND[kind], () => void replan(true));
  const fields = kind === 'enrich' ? createFieldControls(() => void replan(true)) : null;
  // "Look up again" every row, or a refresh of the answers older than so many days: one or the other.
  const either = (other: () => HTMLInputElement) => (event: Event) => {
    if ((event.target as HTMLInputElement).checked) other().checked = false;
    void replan(true);
  };
  const overwriteBox: HTMLInputElement = h('input', {
    type: 'checkbox',
    name: 'overwrite',
    onchange: either(() => refreshBox),
  });
  const refreshBox: HTMLInputElement = h('input', {
    type: 'checkbox',
    name: 'refresh',
    onchange: either(() => overwriteBox),
  });
  const refreshDays = h('input', {
    type: 'number',
    name: 'refreshDays',
    min: 1,
    max: 3650,
    step: 1,
    value: 90,
    'aria-label': 'Older than (days)',
    onchange: () => void (refreshBox.checked && replan(true)),
  });

  let plan: PlanView | null = null;
  let planning = false;
  // Only the newest answer counts when the user changes several dropdowns quickly.
  let latestRequest = 0;
  // "Only row N" of one selected cell; the server drops it once the selection is something else.
  let onlyCellRow: number | undefined;

  const actions: PlanActions = {
    onlyRow(row) {
      onlyCellRow = row ?? undefined;
      void replan(true);
    },
    lookUpAgain() {
      overwriteBox.checked = true;
      refreshBox.checked = false;
      void replan(true);
    },
  };

  function updateButtons(): void {
    const hasFields = fields === null || fields.read().length > 0;
    startButton.hidden = !confirmBox.hidden;
    // A key the API refused would only make the run wait: Start waits for a working key instead.
    const keyRefused = plan !== null && plan.keyProblem !== undefined;
    startButton.disabled = planning || plan === null || !hasWork(plan) || !hasFields || keyRefused;
    // Nothing is spent when every row comes from saved results: the button says what it does.
    startButton.textContent =
      plan && plan.contactsToSend === 0 && hasWork(plan) ? 'Fill from saved results' : 'Start…';
  }

  // The selection the shown plan was made for: another tab or other rows plan again by themselves.
  let plannedFor: string | null = null;

  /** Plans the current selection; the server applies the mapping and fields it detected or remembered. */
  async function refresh(): Promise<void> {
    const [key] = await Promise.all([server.selectionKey().catch(() => null), replan(false)]);
    plannedFor = key;
  }

  /** While the panel shows (and no confirmation is open), a moved selection is planned again. */
  async function checkSelection(): Promise<void> {
    if (element.hidden || document.hidden || planning || !confirmBox.hidden || plannedFor === null) return;
    const key = await server.selectionKey();
    if (key !== plannedFor && !element.hidden && !planning && confirmBox.hidden) {
      onSelectionMoved();
      await refresh();
    }
  }
  const checkLoop = async (): Promise<void> => {
    await checkSelection().catch(() => undefined);
    setTimeout(() => void checkLoop(), SELECTION_CHECK_MS);
  };
  setTimeout(() => void checkLoop(), SELECTION_CHECK_MS);

  /**
   * Plans again. `keep`: with what the panel shows (mapping, fields, the row 1 answer), which the
   * server remembers; without it (a refresh, maybe of another sheet), the server's own choice.
   */
  async function replan(keep: boolean): Promise<PlanView | null> {
    const request = ++latestRequest;
    const shown = keep && plan !== null;
    const firstRowHeaders = shown ? mapping.readFirstRowHeaders() : undefined;
    const body: PlanRequest = {
      kind,
      overwrite: overwriteBox.checked,
      ...(refreshBox.checked ? { refreshDays: Number(refreshDays.value) || 0 } : {}),
      ...(shown && fields ? { fields: fields.read() } : {}),
      ...(shown ? { mapping: mapping.read() } : {}),
      ...(firstRowHeaders === undefined ? {} : { firstRowHeaders }),
      ...(onlyCellRow === undefined ? {} : { onlyCellRow }),
    };
    planning = true;
    closeConfirm();
    updateButtons();
    element.setAttribute('aria-busy', 'true');
    try {
      const next = await server.planRun(body);
      if (request !== latestRequest) return null;
      plan = next;
      notice.clear();
      learnBalance(next.balance);
      render(next, !shown);
      return next;
    } catch (error) {
      if (request !== latestRequest) return null;
      plan = null;
      renderEmpty();
      showProblem([h('p', {}, plainMessage(error))], true);
      return null;
    } finally {
      if (request === latestRequest) {
        planning = false;
        element.removeAttribute('aria-busy');
        updateButtons();
      }
    }
  }

  function showProblem(lines: Node[], error = false): void {
    refill(problem, lines);
    problem.setAttribute('role', error ? 'alert' : 'status');
    problem.hidden = lines.length === 0;
  }

  function renderEmpty(): void {
    fill(selection, NO_PLAN);
    fill(cellLine);
    fill(summary);
    fill(cost);
    mapping.hide();
    // Which fields are ticked comes with the first plan (the user's last choice): none shown before.
    if (fields) fields.element.hidden = true;
  }

  function render(view: PlanView, fresh: boolean): void {
    fill(selection, h('strong', {}, view.sheetName), ` · ${view.selectionLabel}`);
    refill(cellLine, [cellNote(view, actions)]);
    showProblem(problemLines(view));
    mapping.show(view, fresh);
    if (fields) {
      fields.element.hidden = false;
      fields.show(view);
    }
    refill(summary, summaryLines(view, actions));
    showCost(view);
  }

  /** The cost against the page's one balance (the newest any answer brought: balance.ts). */
  function showCost(view: PlanView): void {
    const balance = view.balance === null ? null : (knownBalance() ?? view.balance);
    fill(cost, ledgerDamageNote(view, damageId), ...costLines({ ...view, balance }));
  }
  onBalance(() => {
    if (plan) showCost(plan);
  });

  function askToConfirm(): void {
    if (!plan) return;
    // Filling from saved results spends nothing: no confirmation to read.
    if (plan.contactsToSend === 0) {
      void start();
      return;
    }
    const confirmButton = h('button', { type: 'button', class: 'action' }, 'Start');
    const cancelButton = h('button', { type: 'button', onclick: closeConfirm }, 'Cancel');
    confirmButton.addEventListener('click', () => void runBusy(confirmButton, 'Starting…', start));
    // The damage note above stays in view; Start's description reads it with the question.
    const question = uniqueId('confirm-question');
    const damage = plan.ledgerDamage ? damageId : undefined;
    confirmButton.setAttribute('aria-describedby', [question, damage].filter(Boolean).join(' '));
    fill(
      confirmBox,
      h(
        'p',
        { id: question },
        plan.maxCredits > 0
          ? `Spend up to ${plural(plan.maxCredits, 'credit')} on ${plural(plan.contactsToSend, 'contact')}` +
              ` in ${plan.sheetName}?`
          : `Send ${plural(plan.contactsToSend, 'contact')} from ${plan.sheetName}? ${FREE_RUN}`,
      ),
      plan.headerRow === 0 ? h('p', { class: 'hint' }, HEADER_ROW_ADDED) : null,
      h('div', { class: 'buttons' }, confirmButton, cancelButton),
    );
    confirmBox.hidden = false;
    startButton.hidden = true;
    reveal(confirmBox, confirmButton);
  }

  function closeConfirm(): void {
    const hadFocus = confirmBox.contains(document.activeElement);
    confirmBox.hidden = true;
    startButton.hidden = false;
    if (hadFocus) startButton.focus();
  }

  async function start(): Promise<void> {
    const consumed = plan;
    if (!consumed) return;
    // A plan starts once: Start stays off until the next plan, or until this attempt fails.
    plan = null;
    startButton.disabled = true;
    try {
      const started = await server.startRun(consumed.planId);
      notice.show(started.message ? 'error' : 'ok', started.message ?? startedLine(started));
      // Nothing to follow when the server refused to start any job.
      if (!started.message || started.jobs > 0) onStarted(started);
    } catch (error) {
      plan = consumed;
      notice.show('error', plainMessage(error));
    } finally {
      closeConfirm();
      updateButtons();
    }
  }

  startButton.addEventListener('click', askToConfirm);
  confirmBox.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeConfirm();
  });
  refreshButton.addEventListener('click', () => void runBusy(refreshButton, 'Refreshing…', refresh));

  const element = h(
    'section',
    { class: 'panel', 'aria-label': kind === 'enrich' ? 'Enrich' : 'Reverse lookup' },
    h('div', { class: 'selection-row' }, selection, refreshButton),
    cellLine,
    problem,
    mapping.element,
    fields?.element ?? h('p', { class: 'hint' }, 'Finds the person and company behind each email.'),
    h(
      'label',
      { class: 'check overwrite' },
      overwriteBox,
      h('span', {}, 'Look up rows that already have results again'),
    ),
    h(
      'label',
      { class: 'check overwrite' },
      refreshBox,
      h('span', {}, 'Refresh answers older than'),
      refreshDays,
      h('span', { class: 'unit' }, 'days'),
    ),
    summary,
    cost,
    h('div', { class: 'buttons' }, startButton),
    confirmBox,
    notice.element,
  );
  renderEmpty();
  function stale(): void {
    if (!element.hidden && !document.hidden && plan && !planning && confirmBox.hidden) void replan(true);
  }

  return { element, refresh, stale };
}
