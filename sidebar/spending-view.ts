/**
 * The Spending view under the Jobs panel: what the API charged today and this month, this month by
 * person and by kind, and each daily cap's use today; the Spending tab holds the whole report.
 */
import type { SpendingView } from '../src/app/sidebar-contract';
import { fill, h, plural } from './dom';
import { server } from './server';

type Line = SpendingView['lines'][number];

/** Credits of `lines` by `key`, largest first. */
function totalsBy(lines: readonly Line[], key: (line: Line) => string): [string, number][] {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(key(line), (totals.get(key(line)) ?? 0) + line.credits);
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const sum = (lines: readonly Line[]): number => lines.reduce((total, line) => total + line.credits, 0);

const list = (title: string, rows: [string, number][]): HTMLElement | null =>
  rows.length
    ? h(
        'div',
        {},
        h('h3', {}, title),
        h(
          'ul',
          { class: 'spending-list' },
          ...rows.map(([name, credits]) => h('li', {}, `${name}: ${credits}`)),
        ),
      )
    : null;

export function createSpendingView(): { element: HTMLElement; load(): Promise<void> } {
  const body = h('div', { class: 'spending-body' });
  const element = h(
    'section',
    { class: 'spending', 'aria-label': 'Spending' },
    h('h2', {}, 'Spending'),
    body,
  );

  function show(view: SpendingView): void {
    const month = view.lines.filter((line) => line.day.startsWith(view.today.slice(0, 7)));
    fill(
      body,
      h(
        'p',
        { class: 'spending-totals' },
        `Today: ${plural(sum(view.lines.filter((line) => line.day === view.today)), 'credit')} · this month: ${plural(sum(month), 'credit')}.`,
      ),
      list(
        'This month by person',
        totalsBy(month, (line) => line.person),
      ),
      list(
        'This month by kind',
        totalsBy(month, (line) => line.kind),
      ),
      ...view.caps.map((cap) =>
        h(
          'p',
          { class: `spending-cap${cap.used >= cap.limit ? ' spending-cap-full' : ''}` },
          `${cap.name}: ${cap.used} of ${plural(cap.limit, 'credit')} today.`,
        ),
      ),
      h(
        'p',
        { class: 'hint' },
        'The Spending tab has every day and month, by person and kind, with a chart.',
      ),
    );
  }

  return {
    element,
    load: () =>
      server.getSpending().then(show, () => {
        fill(body, h('p', { class: 'hint' }, 'The spending report could not be read just now.'));
      }),
  };
}
