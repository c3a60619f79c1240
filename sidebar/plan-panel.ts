/**
 * The Enrich and Reverse panels: what is selected, the column mapping, the fields to find, the
 * skipped rows, the cost against the balance, and Start behind a confirmation of the most it
 * can spend. One function serves both kinds; only the inputs and the field choice differ.
 */
import type { EnrichField, JobKind } from '../src/api/model';
import type { ColumnMapping, PlanView, StartView } from '../src/ui/rpc';
import { fill, formatNumber, h, plural } from './dom';
import { createNotice, runBusy } from './feedback';
import { INPUTS_BY_KIND } from './labels';
import { createFieldControls, createMappingControls } from './plan-controls';
import { plainMessage, server } from './server';

export interface PlanPanel {
  element: HTMLElement;
  /** Plans again from the sheet's current selection. */
  refresh(): Promise<void>;
}

const SKIPPED_ROWS_LISTED = 50;
/** A run whose price is zero (a price table with a free item) still says so before it starts. */
const FREE_RUN = 'The price list charges no credits for this.';
const DEFAULT_FIELDS: readonly EnrichField[] = ['work_email', 'phone'];

function startedLine(started: StartView): string {
  const fromLedger = started.rowsFilledFromLedger
    ? ` ${plural(started.rowsFilledFromLedger, 'row')} filled from saved results.`
    : '';
  return `Started: ${plural(started.contacts, 'contact')} in ${plural(started.jobs, 'job')}.${fromLedger}`;
}

export function createPlanPanel(kind: JobKind, onStarted: (view: StartView) => void): PlanPanel {
  const notice = createNotice();
  const selection = h('p', { class: 'selection' }, 'Select rows in the sheet, then refresh.');
  const summary = h('div', { class: 'summary' });
  const cost = h('div', { class: 'cost', 'aria-live': 'polite' });
  const confirmBox = h('div', { class: 'confirm', hidden: true, role: 'group', 'aria-label': 'Confirm' });
  const startButton = h('button', { type: 'button', class: 'action', disabled: true }, 'Start…');
  const refreshButton = h('button', { type: 'button' }, 'Refresh selection');
  const mapping = createMappingControls(INPUTS_BY_KIND[kind], () => void replanWith(mapping.read()));
  const fields =
    kind === 'enrich' ? createFieldControls(DEFAULT_FIELDS, () => void replanKeepingMapping()) : null;
  const overwriteBox = h('input', {
    type: 'checkbox',
    name: 'overwrite',
    onchange: () => void replanKeepingMapping(),
  });

  let plan: PlanView | null = null;
  let planning = false;
  // Only the newest answer counts when the user changes several dropdowns quickly.
  let latestRequest = 0;

  function updateStartButton(): void {
    const worthRunning =
      plan !== null && plan.contactsToSend + plan.rowsFromLedger + plan.rowsFromDuplicates > 0;
    const hasFields = fields === null || fields.read().length > 0;
    startButton.disabled = planning || !worthRunning || !hasFields;
  }

  /** Plans the current selection; the server applies the mapping it detected or remembered. */
  async function refresh(): Promise<void> {
    await replanWith(undefined);
  }

  function replanKeepingMapping(): Promise<PlanView | null> {
    return replanWith(plan ? mapping.read() : undefined);
  }

  async function replanWith(requested: ColumnMapping | undefined): Promise<PlanView | null> {
    const request = ++latestRequest;
    planning = true;
    closeConfirm();
    updateStartButton();
    element.setAttribute('aria-busy', 'true');
    try {
      const next = (await server.planRun({
        kind,
        fields: fields?.read() ?? [],
        overwrite: overwriteBox.checked,
        ...(requested ? { mapping: requested } : {}),
      })) as PlanView;
      if (request !== latestRequest) return null;
      plan = next;
      notice.clear();
      render(next);
      return next;
    } catch (error) {
      if (request !== latestRequest) return null;
      plan = null;
      renderEmpty();
      notice.show('error', plainMessage(error));
      return null;
    } finally {
      if (request === latestRequest) {
        planning = false;
        element.removeAttribute('aria-busy');
        updateStartButton();
      }
    }
  }

  function renderEmpty(): void {
    fill(selection, 'Select rows in the sheet, then refresh.');
    fill(summary);
    fill(cost);
    mapping.setDisabled(true);
  }

  function render(view: PlanView): void {
    fill(
      selection,
      h('strong', {}, view.sheetName),
      ` · ${view.selectionLabel}`,
      h('span', { class: 'hint' }, ` (headers in row ${view.headerRow})`),
    );
    mapping.setDisabled(false);
    mapping.show(view);
    fields?.show(view);
    fill(summary, ...summaryLines(view));
    fill(cost, ...costLines(view));
  }

  function summaryLines(view: PlanView): Node[] {
    const lines: Node[] = [
      h('p', {}, `${plural(view.contactsToSend, 'contact')} to send in ${plural(view.jobs, 'job')}.`),
    ];
    const reused = view.rowsFromDuplicates + view.rowsFromLedger;
    if (reused > 0) {
      lines.push(
        h(
          'p',
          { class: 'hint' },
          `${plural(reused, 'row')} filled without a new lookup ` +
            `(${formatNumber(view.rowsFromDuplicates)} duplicates, ${formatNumber(view.rowsFromLedger)} saved results).`,
        ),
      );
    }
    const { contacts: again, maxCredits: againCredits } = view.reasked;
    if (again > 0)
      lines.push(
        h(
          'p',
          { class: 'hint' },
          `${plural(again, 'contact')} with saved results asked again: up to ${plural(againCredits, 'credit')} of the total.`,
        ),
      );
    if (view.skipped.length > 0) lines.push(skippedList(view));
    return lines;
  }

  function skippedList(view: PlanView): HTMLDetailsElement {
    const listed = view.skipped.slice(0, SKIPPED_ROWS_LISTED);
    const more = view.skipped.length - listed.length;
    return h(
      'details',
      { class: 'skipped' },
      h('summary', {}, `${plural(view.skipped.length, 'row')} skipped`),
      h('ul', {}, ...listed.map((row) => h('li', {}, `Row ${row.row}: ${row.reason}`))),
      more > 0 ? h('p', { class: 'hint' }, `…and ${plural(more, 'more row')}.`) : null,
    );
  }

  function costLines(view: PlanView): Node[] {
    if (view.contactsToSend === 0) return [];
    if (view.maxCredits === 0) return [h('p', { class: 'max-credits' }, FREE_RUN)];
    const lines: Node[] = [
      h(
        'p',
        {},
        'At most ',
        h('strong', { class: 'max-credits' }, plural(view.maxCredits, 'credit')),
        view.balance === null ? '' : ` of your ${formatNumber(view.balance)}.`,
      ),
      h('p', { class: 'hint' }, 'You pay only for results found.'),
    ];
    if (view.balance !== null && view.maxCredits > view.balance) {
      lines.push(
        h(
          'p',
          { class: 'warning', role: 'alert' },
          'This can cost more than your balance: the run stops when credits run out. ' +
            (kind === 'enrich'
              ? 'Select fewer rows or fields, or add credits.'
              : 'Select fewer rows, or add credits.'),
        ),
      );
    }
    return lines;
  }

  function askToConfirm(): void {
    if (!plan) return;
    const confirmButton = h('button', { type: 'button', class: 'action' }, 'Start');
    const cancelButton = h('button', { type: 'button', onclick: closeConfirm }, 'Cancel');
    confirmButton.addEventListener('click', () => void runBusy(confirmButton, 'Starting…', start));
    fill(
      confirmBox,
      h(
        'p',
        {},
        plan.maxCredits > 0
          ? `Spend up to ${plural(plan.maxCredits, 'credit')} on ${plural(plan.contactsToSend, 'contact')}` +
              ` in ${plan.sheetName}?`
          : `Send ${plural(plan.contactsToSend, 'contact')} from ${plan.sheetName}? ${FREE_RUN}`,
      ),
      h('div', { class: 'buttons' }, confirmButton, cancelButton),
    );
    confirmBox.hidden = false;
    startButton.hidden = true;
    confirmButton.focus();
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
      updateStartButton();
    }
  }

  startButton.addEventListener('click', askToConfirm);
  refreshButton.addEventListener('click', () => void runBusy(refreshButton, 'Refreshing…', refresh));

  const element = h(
    'section',
    { class: 'panel', 'aria-label': kind === 'enrich' ? 'Enrich' : 'Reverse lookup' },
    h('div', { class: 'selection-row' }, selection, refreshButton),
    mapping.element,
    fields?.element ?? h('p', { class: 'hint' }, 'Finds the person and company behind each email.'),
    h(
      'label',
      { class: 'check overwrite' },
      overwriteBox,
      h('span', {}, 'Look up rows that already have results again'),
    ),
    summary,
    cost,
    h('div', { class: 'buttons' }, startButton),
    confirmBox,
    notice.element,
  );
  renderEmpty();
  return { element, refresh };
}
