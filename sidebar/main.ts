/** The sidebar page: wires the panels together. Runs in the Apps Script sandbox iframe. */
import type { SidebarPanel } from '../src/app/sidebar-contract';
import { h } from './dom';
import { createCreditsBar } from './credits';
import { createNotice } from './feedback';
import { createJobsPanel } from './jobs-panel';
import { createPlanPanel } from './plan-panel';
import { plainMessage, server } from './server';
import { createSearchPanel } from './search-panel';
import { createSettingsPanel } from './settings-panel';
import { createSpendingView } from './spending-view';
import { createTabs } from './tabs';
import { createWatcher } from './watcher';

function start(app: HTMLElement): void {
  const pageNotice = createNotice();
  const credits = createCreditsBar();
  const spending = createSpendingView();
  const jobs = createJobsPanel((ended) => {
    void credits.refresh();
    void spending.load();
    if (!ended) return;
    // Rows a run answered (here or elsewhere): the plan shown counts them as done, not as to send.
    enrich.stale();
    reverse.stale();
  });
  // One peek at the stores' change stamp for every panel, at a cadence the daily quotas allow.
  const watcher = createWatcher(() => server.peekChanges());
  const onStarted = (): void => {
    jobs.watch();
    watcher.wake();
    // The confirmation that had the focus is gone: the focus goes to the Jobs tab, over the new run.
    tabs.select('jobs', { focus: true });
  };
  // A moved selection (the user at work in the sheet) makes the watcher busy again.
  const enrich = createPlanPanel('enrich', onStarted, () => watcher.wake());
  const reverse = createPlanPanel('reverse', onStarted, () => watcher.wake());
  const search = createSearchPanel({
    onEnrich: () => tabs.select('enrich'),
    onChanged: () => void credits.refresh(),
  });
  const settings = createSettingsPanel({
    onSaved: (view) => {
      jobs.showSettings(view);
      void credits.refresh();
      // Runs a refused key stopped: the Jobs panel asks whether to resume them, with what it may cost
      // (showing the tab loads it: a second load could redraw the panel under the user's answer).
      if (view.stoppedByKey) tabs.select('jobs');
    },
  });
  const tabs = createTabs<SidebarPanel>([
    { id: 'enrich', label: 'Enrich', panel: enrich.element, onShow: () => void enrich.refresh() },
    { id: 'reverse', label: 'Reverse', panel: reverse.element, onShow: () => void reverse.refresh() },
    { id: 'search', label: 'Search', panel: search.element, onShow: () => void search.refresh() },
    {
      id: 'jobs',
      label: 'Jobs',
      // The Spending view sits under the runs whose credits it adds up.
      panel: h('div', {}, jobs.element, spending.element),
      onShow: () => {
        void jobs.load().catch(() => undefined);
        void spending.load();
      },
    },
    {
      id: 'settings',
      label: 'Settings',
      panel: settings.element,
      // Tabs added or renamed since the sidebar opened show in the schedule's sheet list.
      onShow: () => void server.getSettings().then(settings.show, () => undefined),
    },
  ]);

  app.replaceChildren(h('header', { class: 'topbar' }, credits.element), pageNotice.element, tabs.element);

  // The first peek sets the mark before the panels load: a change made while they load is seen.
  watcher.onChange(() => jobs.changed());
  watcher.onChange(() => settings.changed());
  watcher.start();
  server
    .getSettings()
    .then((view) => {
      settings.show(view);
      jobs.showSettings(view);
      if (view.hasApiKey) {
        // A tab the user clicked while the settings were on their way stays: they chose it.
        if (tabs.selected() === undefined) tabs.select(view.openPanel ?? 'enrich');
      } else {
        tabs.select('settings');
        pageNotice.show('info', 'Paste your API key in Settings to start.');
      }
    })
    .catch((error: unknown) => {
      tabs.select('settings');
      pageNotice.show('error', plainMessage(error));
    });
  void credits.refresh();
  jobs.load().catch((error: unknown) => pageNotice.show('error', plainMessage(error)));
}

const app = document.getElementById('app');
if (app) start(app);
