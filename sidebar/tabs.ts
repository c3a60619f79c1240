/** WAI-ARIA tabs: arrow keys move between tabs, only the selected tab is in the Tab order. */
import { h, uniqueId } from './dom';

export interface TabSpec<Id extends string> {
  id: Id;
  label: string;
  panel: HTMLElement;
  /** Runs each time the tab is shown (panels refresh what they show from the sheet). */
  onShow?: () => void;
}

export interface Tabs<Id extends string> {
  element: HTMLElement;
  select(id: Id, options?: { focus?: boolean }): void;
  /** The tab shown; undefined until one is selected. */
  selected(): Id | undefined;
}

export function createTabs<Id extends string>(specs: readonly TabSpec<Id>[]): Tabs<Id> {
  const tablist = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Sheet Enrich' });
  const panels = h('div', { class: 'tab-panels' });
  const buttons: HTMLButtonElement[] = [];
  let current: Id | undefined;

  specs.forEach((spec, position) => {
    const tabId = uniqueId(`tab-${spec.id}`);
    const panelId = uniqueId(`panel-${spec.id}`);
    const button = h(
      'button',
      { type: 'button', role: 'tab', id: tabId, 'aria-controls': panelId, 'data-tab': spec.id },
      spec.label,
    );
    button.addEventListener('click', () => select(spec.id));
    button.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (step === undefined) return;
      event.preventDefault();
      select(specs[(position + step + specs.length) % specs.length]!.id, { focus: true });
    });
    buttons.push(button);
    tablist.appendChild(button);
    spec.panel.id = panelId;
    spec.panel.setAttribute('role', 'tabpanel');
    spec.panel.setAttribute('aria-labelledby', tabId);
    spec.panel.hidden = true;
    // One level-one heading on screen, whichever tab is shown (hidden panels' do not count).
    spec.panel.prepend(h('h1', { class: 'visually-hidden' }, spec.label));
    panels.appendChild(spec.panel);
  });

  function select(id: Id, options: { focus?: boolean } = {}): void {
    current = id;
    specs.forEach((spec, position) => {
      const selected = spec.id === id;
      const button = buttons[position]!;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      spec.panel.hidden = !selected;
      if (selected && options.focus) button.focus();
    });
    specs.find((spec) => spec.id === id)?.onShow?.();
  }

  return { element: h('div', { class: 'tabbed' }, tablist, panels), select, selected: () => current };
}
