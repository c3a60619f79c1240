/**
 * The formula requests, at the top of the Jobs panel: "N formula requests · at most X credits ·
 * Get them…", then the same confirm / start flow as a sidebar run, paid with the key of the user
 * who clicks. Formulas never spend on their own.
 */
import type { FormulaQueueView, PlanView, StartView } from '../src/app/sidebar-contract';
import { learnBalance } from './balance';
import { fill, h, plural, uniqueId } from './dom';
import { askInline, createNotice, questionOpen, runBusy } from './feedback';
import { KIND_LABELS } from './labels';
import { ledgerDamageNote } from './plan-notes';
import { plainMessage, server } from './server';

export interface FormulaQueueBox {
  element: HTMLElement;
  load(): Promise<void>;
}

export function createFormulaQueueBox(onStarted: (view: StartView) => void): FormulaQueueBox {
  const notice = createNotice();
  const lines = h('div', { class: 'formula-queue-lines' });
  const autoSwitch = h('input', { type: 'checkbox', role: 'switch', name: 'formulaAuto' });
  const capInput = h('input', {
    'aria-label': 'Daily credit cap for automatic formula results',
    type: 'number',
    name: 'formulaAutoCap',
    min: 1,
    step: 1,
    value: 100,
    class: 'cap',
  });
  // The cap as last drawn from a server answer: another value in the field is one the user is
  // typing and has not saved yet, which a refresh must not overwrite.
  let drawnCap = capInput.value;
  const autoHint = h('p', { class: 'hint' });
  const element = h(
    'section',
    { class: 'formula-queue', 'aria-label': 'Formula requests', hidden: true },
    lines,
    h('label', { class: 'switch' }, autoSwitch, h('span', {}, 'Get formula results automatically')),
    h('div', { class: 'cap-row' }, 'At most ', capInput, ' credits a day'),
    autoHint,
    notice.element,
  );

  /** Never while a confirmation is open: the user's question must not be redrawn under them. */
  async function load(): Promise<void> {
    const view = await server.getFormulaQueue();
    if (!questionOpen(element)) show(view);
  }

  async function saveAuto(enabled: boolean): Promise<void> {
    autoSwitch.disabled = true;
    try {
      notice.clear();
      const view = await server.setFormulaAuto({ enabled, dailyCap: Number(capInput.value) || 0 });
      // Saved: the answer draws the cap as the server keeps it.
      drawnCap = capInput.value;
      show(view);
    } catch (error) {
      autoSwitch.checked = !enabled;
      notice.show('error', plainMessage(error));
    } finally {
      autoSwitch.disabled = false;
    }
  }
  autoSwitch.addEventListener('change', () => void saveAuto(autoSwitch.checked));
  capInput.addEventListener('change', () => {
    if (autoSwitch.checked) void saveAuto(true);
  });

  /** Whose credits the waiting requests will cost, before anyone clicks (a shared document). */
  function payerLine(view: FormulaQueueView): string {
    const auto = view.auto;
    if (!auto) return 'Get them… pays with your key; nothing is sent on its own.';
    if (auto.yours)
      return 'Your key pays for these: automatically within your daily cap, or now with Get them….';
    return `${auto.ownerEmail || 'Another user'}'s key pays for these automatically, within their daily cap; Get them… pays now with your key.`;
  }

  function show(view: FormulaQueueView): void {
    const auto = view.auto;
    autoSwitch.checked = !!auto?.yours;
    if (auto && capInput.value === drawnCap) capInput.value = drawnCap = String(auto.dailyCap);
    autoHint.textContent = !auto
      ? view.autoPaused
        ? `Off: it switched itself off because ${view.autoPaused}`
        : 'Off: formulas never spend credits on their own.'
      : (auto.yours
          ? `On, with your key (${auto.ownerEmail}): ${plural(auto.committedToday, 'credit')} of ${plural(auto.dailyCap, 'credit')} committed today.`
          : `On, with ${auto.ownerEmail || 'another user'}'s key. Switching it on makes your key pay instead.`) +
        (view.autoLeavesShown
          ? ' The saved results are damaged: a request whose answer a row of a sheet shows is left to Get them…, as that answer may be the one lost.'
          : '');
    element.hidden = view.queues.length === 0 && !auto && element.querySelector('.notice-ok') === null;
    fill(
      lines,
      view.full
        ? h(
            'p',
            { class: 'queue-full', role: 'status' },
            `The queue is full: ${plural(view.full.requests, 'request')} wait, the most it holds. Get them or clear them; formulas typed since wait for room.`,
          )
        : null,
      ...view.queues.map((queue) => {
        const button = h('button', { type: 'button', class: 'action' }, 'Get them…');
        const row = h(
          'div',
          { class: 'formula-queue-row', 'data-kind': queue.kind },
          h(
            'p',
            {},
            `${plural(queue.requests, 'formula request')} (${KIND_LABELS[queue.kind].toLowerCase()}) · ` +
              (queue.contactsToSend
                ? `at most ${plural(queue.maxCredits, 'credit')}`
                : 'waiting for a running job'),
          ),
          h('div', { class: 'buttons' }, button),
        );
        button.disabled = queue.contactsToSend === 0;
        button.addEventListener(
          'click',
          () => void runBusy(button, 'Pricing…', () => confirmRun(row, queue.kind)),
        );
        return row;
      }),
      view.queues.length ? h('p', { class: 'hint formula-payer' }, payerLine(view)) : null,
      view.queues.length ? clearRow() : null,
    );
  }

  /** "Clear queued requests…": asks first, then empties the queue (nothing was spent on it). */
  function clearRow(): HTMLElement {
    const button = h('button', { type: 'button' }, 'Clear queued requests…');
    const row = h('div', { class: 'buttons formula-queue-clear' }, button);
    button.addEventListener('click', () =>
      askInline(
        row,
        'Remove every waiting formula request? Nothing was spent on them. Their formulas will say so; Refresh results now asks again.',
        'Clear them',
        'Keep them',
        async () => show(await server.clearFormulaQueue()),
      ),
    );
    return row;
  }

  async function confirmRun(row: HTMLElement, kind: 'enrich' | 'reverse'): Promise<void> {
    notice.clear();
    let plan: PlanView;
    try {
      plan = await server.planFormulaRun({ kind });
    } catch (error) {
      notice.show('error', plainMessage(error));
      return;
    }
    if (plan.contactsToSend === 0) {
      // Answered since the box was drawn (a run, the automatic mode): nothing to spend on.
      notice.show('ok', 'Saved results answer these formulas now: there is nothing to get.');
      await load();
      return;
    }
    learnBalance(plan.balance);
    const start = h('button', { type: 'button', class: 'action' }, 'Start');
    const cancel = h('button', { type: 'button' }, 'Cancel');
    const balance = plan.balance === null ? '' : ` of your ${plural(plan.balance, 'credit')}`;
    const question = h(
      'p',
      { id: uniqueId('confirm-question') },
      `Spend up to ${plural(plan.maxCredits, 'credit')}${balance} on ${plural(plan.contactsToSend, 'contact')} ` +
        'asked for by formulas? You pay only for results found.',
    );
    // A damaged ledger is said before Start, and read with it: focus lands on Start (below).
    const damage = ledgerDamageNote(plan);
    start.setAttribute('aria-describedby', [question.id, damage?.id].filter(Boolean).join(' '));
    const box = h(
      'div',
      { class: 'confirm', role: 'group', 'aria-label': 'Confirm' },
      question,
      damage,
      h('div', { class: 'buttons' }, start, cancel),
    );
    cancel.addEventListener('click', () => box.remove());
    start.addEventListener(
      'click',
      () =>
        void runBusy(start, 'Starting…', async () => {
          try {
            const started = await server.startRun(plan.planId);
            box.remove();
            notice.show(
              started.message ? 'error' : 'ok',
              started.message ??
                `Started: ${plural(started.contacts, 'contact')}. The formulas update when answers arrive.`,
            );
            onStarted(started);
            await load();
          } catch (error) {
            notice.show('error', plainMessage(error));
          }
        }),
    );
    // A load that came back while the price was asked redrew the rows: the question opens under
    // the one on screen now (under a detached row it would be lost, and Start with it).
    const shown = row.isConnected ? row : lines.querySelector(`.formula-queue-row[data-kind="${kind}"]`);
    (shown ?? lines).append(box);
    start.focus();
  }

  return { element, load };
}
