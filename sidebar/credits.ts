/**
 * The credit balance at the top of the page: the page's one balance (balance.ts), asked for on open,
 * after a charge the Jobs panel sees and on ↻, and shown anew whenever another answer brings one.
 */
import { learnBalance, onBalance } from './balance';
import { fill, formatNumber, h } from './dom';
import { plainMessage, server } from './server';

export interface CreditsBar {
  element: HTMLElement;
  refresh(): Promise<void>;
}

export function createCreditsBar(): CreditsBar {
  const value = h('span', { class: 'credits-value', id: 'credit-balance' }, '…');
  const reason = h('div', { class: 'credits-reason', hidden: true });
  const refreshButton = h(
    'button',
    { type: 'button', class: 'icon-button', 'aria-label': 'Refresh credit balance', title: 'Refresh' },
    '↻',
  );
  let inFlight: Promise<void> | null = null;

  async function load(): Promise<void> {
    refreshButton.disabled = true;
    value.setAttribute('aria-busy', 'true');
    try {
      const view = await server.getCreditBalance();
      fill(value, view.balance === null ? '—' : formatNumber(view.balance));
      learnBalance(view.balance);
      reason.hidden = !view.message;
      fill(reason, view.message ?? '');
    } catch (error) {
      // The page-wide notice already tells why calls fail; here a short line is enough.
      fill(value, '—');
      fill(reason, 'Could not load the balance.');
      reason.title = plainMessage(error);
      reason.hidden = false;
    } finally {
      value.removeAttribute('aria-busy');
      refreshButton.disabled = false;
    }
  }

  /** Concurrent callers share one request rather than stacking calls. */
  function refresh(): Promise<void> {
    inFlight ??= load().finally(() => (inFlight = null));
    return inFlight;
  }

  // Whoever learned it (this bar, a plan, a preview), the header shows the page's balance.
  onBalance((balance) => {
    fill(value, formatNumber(balance));
    reason.hidden = true;
  });
  refreshButton.addEventListener('click', () => void refresh());
  const element = h(
    'div',
    { class: 'credits', role: 'status', 'aria-live': 'polite' },
    h('div', { class: 'credits-line' }, h('span', {}, 'Credits: '), value, refreshButton),
    reason,
  );
  return { element, refresh };
}
