/**
 * The search form: the filters of the one table (src/domain/search-filters.ts), the common ones open and the
 * rest under "More filters". A text filter takes several values as chips, each with its own exact and
 * exclude switches; a range filter takes min and max. Suggestions are the values we know of, offered
 * in a datalist: the user may type any other.
 */
import { SEARCH_FILTERS, type FilterSpec } from '../src/domain/search-filters';
import type { SearchFilters, SearchKind } from '../src/app/sidebar-contract';
import { h, uniqueId } from './dom';

/** Open at first (the rest are under "More filters"), per kind. */
const OPEN: Readonly<Record<SearchKind, readonly string[]>> = {
  companies: ['names', 'industries', 'headquarters_locations', 'headcounts'],
  people: [
    'current_position_titles',
    'person_locations',
    'current_company_names',
    'current_position_seniority_level',
  ],
};

const INDUSTRIES = [
  'Software Development',
  'Financial Services',
  'Hospital & Health Care',
  'Retail',
  'Manufacturing',
  'Marketing & Advertising',
  'Education',
  'Real Estate',
  'Construction',
  'Telecommunications',
];
const COMPANY_TYPES = ['Public Company', 'Privately Held', 'Non-profit', 'Self-employed', 'Partnership'];

/** Known values (the spec lists none: docs/api-decisions.md). */
const SUGGESTIONS: Readonly<Record<string, readonly string[]>> = {
  industries: INDUSTRIES,
  current_company_industries: INDUSTRIES,
  types: COMPANY_TYPES,
  current_company_types: COMPANY_TYPES,
  current_position_seniority_level: ['Entry', 'Senior', 'Manager', 'Director', 'VP', 'CXO'],
};

const EXAMPLES: Readonly<Record<string, string>> = {
  names: 'e.g. Acme',
  current_position_titles: 'e.g. VP Sales',
  person_locations: 'e.g. Berlin, Germany, DE',
  headquarters_locations: 'e.g. Berlin, Germany, DE',
  domains: 'e.g. acme.com',
};

interface Chip {
  value: string;
  /** Shown instead of the value (a company's name for its id). */
  label?: string;
  exact: boolean;
  exclude: boolean;
}

export interface SearchForm {
  element: HTMLElement;
  kind(): SearchKind;
  setKind(kind: SearchKind): void;
  /** The filters as the API takes them; text typed but not yet added counts as a value. */
  filters(): SearchFilters;
  /** What the chips show for their values, where it is not the value (a company's name for its id). */
  labels(): Record<string, string>;
  /** Replaces the filters (e.g. the companies of a company tab), labels shown for values. */
  setFilters(kind: SearchKind, filters: SearchFilters, labels?: Record<string, string>): void;
  onChange(listener: () => void): void;
}

interface FilterControl {
  spec: FilterSpec;
  element: HTMLElement;
  read(): SearchFilters[string];
  /** Values set (typed text included), without reading them in. */
  count(): number;
  labels(): Record<string, string>;
  set(entries: SearchFilters[string], labels?: Record<string, string>): void;
}

export function createSearchForm(): SearchForm {
  let current: SearchKind = 'people';
  const listeners: (() => void)[] = [];
  const changed = () => {
    showCounts();
    listeners.forEach((listener) => listener());
  };
  const controls: Record<SearchKind, FilterControl[]> = {
    people: SEARCH_FILTERS.people.map((spec) => filterControl(spec, changed)),
    companies: SEARCH_FILTERS.companies.map((spec) => filterControl(spec, changed)),
  };
  const kindButtons = (['people', 'companies'] as const).map((kind) =>
    h(
      'button',
      { type: 'button', role: 'radio', 'data-kind': kind, onclick: () => setKind(kind) },
      kind === 'people' ? 'People' : 'Companies',
    ),
  );
  const body = h('div', { class: 'search-filters' });
  const moreSummary = h('summary', {}, 'More filters');
  const moreBox = h('details', { class: 'more-filters' }, moreSummary);
  const clearButton = h(
    'button',
    { type: 'button', class: 'link clear-filters', onclick: () => clear() },
    'Clear filters',
  );
  const element = h(
    'div',
    { class: 'search-form' },
    h('div', { class: 'segmented', role: 'radiogroup', 'aria-label': 'Search for' }, ...kindButtons),
    body,
    h('div', { class: 'filter-actions' }, clearButton),
  );

  const isOpen = (control: FilterControl) => OPEN[current].includes(control.spec.name);
  const countOf = (list: FilterControl[]) => list.reduce((sum, control) => sum + control.count(), 0);
  const hiddenCount = () => countOf(controls[current].filter((control) => !isOpen(control)));

  /** Every value set shows: a count on "More filters" for those it hides, and Clear filters to drop them all. */
  function showCounts(): void {
    const hidden = hiddenCount();
    moreSummary.textContent = hidden ? `More filters (${hidden} active)` : 'More filters';
    clearButton.disabled = countOf(controls[current]) === 0;
  }

  function clear(): void {
    for (const control of controls[current]) control.set([]);
    changed();
  }

  function setKind(kind: SearchKind): void {
    current = kind;
    for (const button of kindButtons)
      button.setAttribute('aria-checked', String(button.dataset.kind === kind));
    moreBox.replaceChildren(moreSummary, ...controls[kind].filter((c) => !isOpen(c)).map((c) => c.element));
    body.replaceChildren(...controls[kind].filter(isOpen).map((control) => control.element), moreBox);
    // Filters it holds are open to see.
    moreBox.open = hiddenCount() > 0;
    changed();
  }

  setKind('people');
  return {
    element,
    kind: () => current,
    setKind,
    filters() {
      const filters: SearchFilters = {};
      for (const control of controls[current]) {
        const entries = control.read();
        if (entries.length > 0) filters[control.spec.name] = entries;
      }
      return filters;
    },
    labels: () => Object.assign({}, ...controls[current].map((control) => control.labels())),
    setFilters(kind, filters, labels) {
      for (const control of controls[kind]) control.set(filters[control.spec.name] ?? [], labels);
      setKind(kind);
    },
    onChange: (listener) => listeners.push(listener),
  };
}

function filterControl(spec: FilterSpec, changed: () => void): FilterControl {
  return spec.type === 'text' ? textControl(spec, changed) : rangeControl(spec, changed);
}

function textControl(spec: FilterSpec, changed: () => void): FilterControl {
  let chips: Chip[] = [];
  const input = h('input', {
    type: 'text',
    id: uniqueId('filter'),
    name: spec.name,
    placeholder: EXAMPLES[spec.name] ?? 'Type a value, then Enter',
    autocomplete: 'off',
  });
  const suggestions = SUGGESTIONS[spec.name];
  let datalist: HTMLDataListElement | null = null;
  if (suggestions) {
    datalist = h(
      'datalist',
      { id: uniqueId('suggest') },
      ...suggestions.map((value) => h('option', { value })),
    );
    input.setAttribute('list', datalist.id);
  }
  const list = h('ul', { class: 'chips', 'aria-label': `${spec.label} values` });
  const addTyped = (): void => {
    for (const value of input.value.split(/[,;\n]/).map((part) => part.trim())) {
      if (value && !chips.some((chip) => chip.value === value))
        chips.push({ value, exact: false, exclude: false });
    }
    input.value = '';
    render();
  };
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addTyped();
  });
  // Typed text counts as a value: the counts show it at once.
  input.addEventListener('input', changed);
  input.addEventListener('change', () => {
    // A picked suggestion is a whole value: add it at once.
    if (suggestions?.includes(input.value.trim())) addTyped();
  });

  function toggle(chip: Chip, key: 'exact' | 'exclude', label: string, title: string): HTMLButtonElement {
    return h(
      'button',
      {
        type: 'button',
        class: `chip-switch chip-${key}`,
        'aria-pressed': String(chip[key]),
        title,
        'aria-label': `${title}: ${chip.label ?? chip.value}`,
        onclick: () => {
          chip[key] = !chip[key];
          render();
        },
      },
      label,
    );
  }

  function render(): void {
    list.replaceChildren(
      ...chips.map((chip) =>
        h(
          'li',
          { class: `chip${chip.exclude ? ' chip-excluded' : ''}` },
          h(
            'span',
            { class: 'chip-text' },
            chip.exclude ? `not ${chip.label ?? chip.value}` : (chip.label ?? chip.value),
          ),
          toggle(chip, 'exact', '=', 'Exact match'),
          toggle(chip, 'exclude', '−', 'Exclude'),
          h(
            'button',
            {
              type: 'button',
              class: 'chip-switch',
              'aria-label': `Remove ${chip.label ?? chip.value}`,
              onclick: () => {
                chips = chips.filter((other) => other !== chip);
                render();
              },
            },
            '×',
          ),
        ),
      ),
    );
    changed();
  }

  const element = h(
    'div',
    { class: 'form-group filter' },
    h('label', { for: input.id }, spec.label),
    input,
    datalist,
    list,
  );
  return {
    spec,
    element,
    read() {
      if (input.value.trim()) addTyped();
      return chips.map((chip) => ({
        value: chip.value,
        ...(chip.exact ? { exact_match: true } : {}),
        ...(chip.exclude ? { exclude: true } : {}),
      }));
    },
    count: () => chips.length + (input.value.trim() ? 1 : 0),
    labels: () => Object.fromEntries(chips.flatMap((chip) => (chip.label ? [[chip.value, chip.label]] : []))),
    set(entries, labels) {
      input.value = '';
      chips = entries.flatMap((entry) =>
        'value' in entry
          ? [
              {
                value: entry.value,
                label: labels?.[entry.value],
                exact: !!entry.exact_match,
                exclude: !!entry.exclude,
              },
            ]
          : [],
      );
      render();
    },
  };
}

function rangeControl(spec: FilterSpec, changed: () => void): FilterControl {
  const number = (which: string) =>
    h('input', {
      type: 'number',
      name: `${spec.name}-${which}`,
      'aria-label': `${spec.label} ${which}`,
      placeholder: which,
      step: 1,
      oninput: changed,
    });
  const min = number('min');
  const max = number('max');
  const exclude = h('input', { type: 'checkbox', name: `${spec.name}-exclude`, onchange: changed });
  const value = (input: HTMLInputElement) => (input.value.trim() === '' ? undefined : Number(input.value));
  return {
    spec,
    element: h(
      'fieldset',
      { class: 'form-group filter range' },
      h('legend', {}, spec.label),
      h('div', { class: 'range-inputs' }, min, h('span', {}, '–'), max),
      h('label', { class: 'check' }, exclude, 'Exclude this range'),
    ),
    read() {
      const [low, high] = [value(min), value(max)];
      if (low === undefined && high === undefined) return [];
      return [
        {
          ...(low !== undefined ? { min: low } : {}),
          ...(high !== undefined ? { max: high } : {}),
          ...(exclude.checked ? { exclude: true } : {}),
        },
      ];
    },
    count() {
      return this.read().length;
    },
    labels: () => ({}),
    set(entries) {
      const entry = entries.find((candidate) => !('value' in candidate));
      min.value = entry && 'min' in entry && entry.min !== undefined ? String(entry.min) : '';
      max.value = entry && 'max' in entry && entry.max !== undefined ? String(entry.max) : '';
      exclude.checked = !!entry?.exclude;
    },
  };
}
