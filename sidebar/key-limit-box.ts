/**
 * Settings › "At most N credits a day with my key, in all my spreadsheets": the one limit every path
 * that spends asks first (runs, formulas, the schedule, searches, retries), kept with the user.
 */
import type { SpendingView } from '../src/app/sidebar-contract';
import { KEY_CAP } from '../src/domain/runs';
import { fill, h, plural, uniqueId } from './dom';
import { plainMessage, server } from './server';

export function createKeyLimitBox(): { element: HTMLElement; load(): Promise<void> } {
  const id = uniqueId('key-limit');
  const input = h('input', { id, type: 'number', min: 0, step: 1, inputmode: 'numeric' });
  const status = h('p', { class: 'hint', role: 'status' });
  // Only the latest call's answer is shown: a load sent before a save must not undo what it shows.
  let latest = 0;
  const latestOnly =
    (call: number) =>
    (view: SpendingView): void => {
      if (call === latest) show(view);
    };
  const show = (view: SpendingView): void => {
    const use = view.caps.find((cap) => cap.name === KEY_CAP);
    // What the user is typing stays.
    if (document.activeElement !== input) input.value = use ? String(use.limit) : '';
    fill(
      status,
      use
        ? `${use.used} of ${plural(use.limit, 'credit')} used today.`
        : 'No limit: each schedule and the automatic formula results keep their own caps.',
    );
  };
  const save = h('button', { type: 'button', class: 'action' }, 'Save limit');
  save.addEventListener('click', () => {
    server
      .setKeyLimit(Number(input.value || 0))
      .then(show, (error: unknown) => fill(status, plainMessage(error)));
  });
  const element = h(
    'section',
    { class: 'key-limit', 'aria-label': 'Daily limit for your key' },
    h('label', { for: id }, 'At most N credits a day with my key, in all my spreadsheets'),
    h('div', { class: 'inline' }, input, save),
    status,
  );
  return { element, load: () => server.getSpending().then(latestOnly(++latest), () => undefined) };
}
