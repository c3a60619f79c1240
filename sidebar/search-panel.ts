/**
 * The Search panel: the form, Preview (how many match, the most loading them can cost, against the
 * balance), then "Search into a new tab" behind a confirmation of that cost. On a search tab, a card
 * with what it holds, Load more, Refresh, and the way on: Enrich these people, or Find people at these
 * companies. Loading goes on call after call while the panel is open; a closed sidebar resumes it later.
 */
import { knownBalance, learnBalance, onBalance } from './balance';
import type { SearchPreview, SearchRequestInput, SearchTabView } from '../src/app/sidebar-contract';
import { SEARCH_RESULT_PRICE } from '../src/domain/fields';
import { fill, formatNumber, h, plural, reveal, uniqueId } from './dom';
import { actionButton, askInline, createNotice } from './feedback';
import { createSearchForm } from './search-form';
import { plainMessage, server } from './server';

export interface SearchPanel {
  element: HTMLElement;
  refresh(): Promise<void>;
}

const DEFAULT_ROWS = 100;
const MAX_ROWS = 10_000;

const creditsFor = (results: number, price: number) => Math.ceil(results * price);

/**
 * What Preview itself costs (docs/api-decisions.md, "Count only"): it asks for one result, a quarter
 * credit that the API's whole credits may round up to one, and nothing if that result was loaded before.
 */
const PREVIEW_COST = `Preview loads one result to count the matches: it can cost ${plural(creditsFor(1, SEARCH_RESULT_PRICE), 'credit')} (a quarter credit, charged in whole credits), nothing if you loaded that result before.`;

export function createSearchPanel(options: { onEnrich: () => void; onChanged?: () => void }): SearchPanel {
  const notice = createNotice();
  const form = createSearchForm();
  const rowsInput = h('input', {
    type: 'number',
    name: 'searchRows',
    min: 1,
    max: MAX_ROWS,
    step: 1,
    value: DEFAULT_ROWS,
    id: 'search-rows',
  });
  const card = h('div', { class: 'search-tab', hidden: true });
  const previewLine = h('div', { class: 'cost', role: 'status' });
  const confirmHolder = h('div', { class: 'confirm-holder' });
  // Load more's and Refresh's confirmations: right under the card's buttons, not under the form.
  const cardConfirm = h('div', { class: 'confirm-holder' });
  let preview: SearchPreview | null = null;

  const previewButton = actionButton('Preview', 'Counting…', { notice, run: runPreview });
  const previewCost = h('p', { class: 'hint', id: uniqueId('preview-cost') }, PREVIEW_COST);
  previewButton.setAttribute('aria-describedby', previewCost.id);
  const searchButton = h(
    'button',
    { type: 'button', class: 'action', hidden: true },
    'Search into a new tab…',
  );
  searchButton.addEventListener('click', () => {
    if (!preview) return;
    const request = requestOf();
    confirm(
      `Load ${plural(preview.rows, 'result')} into a new tab "${preview.tabName}": at most ${plural(preview.maxCredits, 'credit')}?`,
      'Load',
      () => startSearch(request),
      searchButton,
    );
  });
  form.onChange(() => {
    preview = null;
    previewLine.replaceChildren();
    searchButton.hidden = true;
  });
  rowsInput.addEventListener('input', () => {
    preview = null;
    previewLine.replaceChildren();
    searchButton.hidden = true;
  });

  function rows(): number {
    const value = Math.floor(Number(rowsInput.value));
    return Number.isFinite(value) ? Math.min(Math.max(value, 1), MAX_ROWS) : DEFAULT_ROWS;
  }

  function requestOf(): SearchRequestInput {
    return { kind: form.kind(), filters: form.filters(), rows: rows(), labels: form.labels() };
  }

  async function runPreview(): Promise<void> {
    notice.clear();
    preview = await server.previewSearch(requestOf());
    learnBalance(preview.balance);
    drawPreview(preview);
    searchButton.hidden = preview.total === 0;
    reveal(previewLine, searchButton.hidden ? previewLine : searchButton);
  }

  /** The preview's line, against the page's one balance (balance.ts: the newest any answer brought). */
  function drawPreview(shown: SearchPreview): void {
    const known = shown.balance === null ? null : (knownBalance() ?? shown.balance);
    const cost = `loading ${plural(shown.rows, 'result')} costs at most ${plural(shown.maxCredits, 'credit')}`;
    const balance = known === null ? '' : ` · balance ${formatNumber(known)}`;
    fill(
      previewLine,
      h(
        'p',
        {},
        shown.total === null
          ? `The API does not say how many match · ${cost}${balance}`
          : `${plural(shown.total, 'match', 'matches')}${shown.total ? ` · ${cost}` : ''}${balance}`,
      ),
      shown.total !== 0
        ? h(
            'p',
            { class: 'hint' },
            `A quarter credit per new result; results you loaded before are free. This preview: at most ${plural(creditsFor(1, shown.pricePerResult), 'credit')}.`,
          )
        : h('p', { class: 'hint' }, 'Nothing matches: loosen a filter.'),
      known !== null && known < shown.maxCredits
        ? h(
            'p',
            { class: 'warning' },
            'This can cost more than your balance: loading stops when credits run out.',
          )
        : null,
    );
  }
  onBalance(() => {
    if (preview && previewLine.hasChildNodes()) drawPreview(preview);
  });

  /** A confirmation under the button that asked for it (`where`: the search card's, or the form's). */
  function confirm(
    question: string,
    label: string,
    action: () => Promise<void>,
    opener: HTMLElement,
    where: HTMLElement = confirmHolder,
  ): void {
    askInline(where, question, label, 'Cancel', action, opener);
  }

  async function startSearch(request: SearchRequestInput): Promise<void> {
    preview = null;
    searchButton.hidden = true;
    previewLine.replaceChildren();
    const first = await server.startSearch(request);
    showCard(first);
    reveal(card);
    await follow(first);
  }

  /** Shows the tab and calls again while it is loading and moving. */
  async function follow(first: SearchTabView): Promise<void> {
    let view = first;
    showCard(view);
    let rowsBefore = -1;
    while (view.state === 'loading' && !view.reason && view.rows !== rowsBefore) {
      rowsBefore = view.rows;
      view = await server.continueSearch(view.sheetId);
      showCard(view);
    }
    options.onChanged?.();
  }

  function showCard(view: SearchTabView | null): void {
    card.hidden = !view;
    if (!view) return;
    const more =
      view.more === null ? ' · more may match' : view.more ? ` · ${formatNumber(view.more)} more match` : '';
    const loaded = `${plural(view.rows, 'result')} loaded${more}`;
    const state =
      view.state === 'loading'
        ? view.refreshing
          ? 'Refreshing…'
          : `Loading… ${formatNumber(view.rows)} of ${formatNumber(Math.min(view.max, view.total || view.max))}`
        : view.state === 'stopped'
          ? 'Stopped'
          : 'Done';
    const price = view.pricePerResult;
    const loadMore = actionButton('Load more…', 'Loading…', {
      notice,
      run: async () => {
        const more = Math.min(rows(), view.more ?? rows());
        confirm(
          `Load ${plural(more, 'more result')} into "${view.sheetName}": at most ${plural(creditsFor(more, price), 'credit')}?`,
          'Load',
          async () => follow(await server.loadMoreSearch({ sheetId: view.sheetId, rows: more })),
          loadMore,
          cardConfirm,
        );
      },
    });
    const refresh = actionButton('Refresh…', 'Refreshing…', {
      notice,
      run: async () => {
        confirm(
          `Look through the first ${plural(view.loaded, 'result')} of this search again and add new ones to "${view.sheetName}" (${plural(view.rows, 'row')} now): at most ${plural(creditsFor(view.loaded, price), 'credit')} (results loaded before are free)?`,
          'Refresh',
          async () => follow(await server.refreshSearch(view.sheetId)),
          refresh,
          cardConfirm,
        );
      },
    });
    const onward =
      view.kind === 'people'
        ? actionButton('Enrich these people', 'Selecting…', {
            primary: true,
            notice,
            run: async () => {
              await server.selectSearchTabRows(view.sheetId);
              options.onEnrich();
            },
          })
        : actionButton('Find people at these companies', 'Reading…', {
            primary: true,
            notice,
            run: async () => {
              const found = await server.companiesFilter(view.sheetId);
              form.setFilters('people', found.filters, found.labels);
              notice.show(
                'info',
                `People search at ${plural(found.companies, 'company')} of "${view.sheetName}"` +
                  (found.leftOut ? ` (the first ${found.companies}; ${found.leftOut} left out).` : '.'),
              );
              // The people form now holds these companies: it comes into view, Preview has the focus.
              reveal(form.element, previewButton);
            },
          });
    const busy = view.state === 'loading' && !view.reason;
    loadMore.disabled = busy || view.more === 0;
    refresh.disabled = busy;
    const resume =
      view.state === 'loading' && view.reason
        ? actionButton('Continue', 'Loading…', {
            notice,
            run: async () => follow(await server.continueSearch(view.sheetId)),
          })
        : null;
    fill(
      card,
      h('p', { class: 'search-tab-title' }, h('strong', {}, view.sheetName)),
      h('p', { class: 'hint' }, view.description),
      h('p', { class: 'search-tab-state' }, `${state} · ${loaded}`),
      view.reason ? h('p', { class: 'warning', role: 'alert' }, view.reason) : null,
      h('div', { class: 'buttons' }, onward, resume, loadMore, refresh),
    );
  }

  const element = h(
    'section',
    { class: 'search-panel' },
    card,
    cardConfirm,
    form.element,
    h('div', { class: 'form-group' }, h('label', { for: rowsInput.id }, 'Results to load'), rowsInput),
    previewLine,
    h('div', { class: 'buttons' }, previewButton, searchButton),
    previewCost,
    confirmHolder,
    notice.element,
  );

  return {
    element,
    async refresh() {
      try {
        const view = await server.getSearchTab();
        showCard(view);
        if (view && view.state === 'loading' && !view.reason) await follow(view);
      } catch (error) {
        notice.show('error', plainMessage(error));
      }
    },
  };
}
