/**
 * What an open sidebar costs of the daily properties quota (50,000 read/writes a day for a consumer
 * account, https://developers.google.com/apps-script/guides/services/quotas), counted in the local
 * runtime on a document that holds a run: the properties calls of one peek (sidebar/watcher.ts), of
 * the reload a moved stamp causes (the Jobs panel's and the schedule's reads), and of the plan
 * panel's selection check; then a day of them at the busy cadence (a peek every 2 s) and the idle
 * one (every 60 s). `sidebar_properties_per_day_before` is the design this replaced: the Jobs
 * panel read the stored progress every 2 s.
 */
import { loadAddon } from '../../dev/gas/harness';
import type { RuntimeState } from '../../dev/gas/state';
import { BUSY_PEEK_MS, IDLE_PEEK_MAX_MS } from '../../sidebar/watcher';

const DAY_MS = 24 * 60 * 60 * 1000;

export function sidebarBench(state: RuntimeState, apiBaseUrl: string) {
  const addon = loadAddon({ apiBaseUrl, allowLoopback: true, state });
  try {
    /** Properties calls (reads and writes) of `calls`, and the writes among them. */
    const cost = (...calls: string[]) => {
      const before = addon.counts.snapshot();
      for (const name of calls) addon.call(name);
      const delta = (pattern: RegExp) =>
        Object.entries(addon.counts.snapshot())
          .filter(([name]) => pattern.test(name))
          .reduce((sum, [name, count]) => sum + count - (before[name] ?? 0), 0);
      return { all: delta(/^Properties\./), writes: delta(/^Properties\.(set|delete)/) };
    };
    addon.call('peekChanges');
    const peek = cost('peekChanges');
    const selection = cost('selectionKey');
    const reload = cost('getProgress', 'getFormulaQueue', 'getSchedule');
    const progress = cost('getProgress');
    const busyPeeks = DAY_MS / BUSY_PEEK_MS;
    const idlePeeks = DAY_MS / IDLE_PEEK_MAX_MS;
    const perPeek = peek.all + selection.all;
    return {
      sidebar_peek_properties: peek.all,
      sidebar_selection_check_properties: selection.all,
      sidebar_reload_properties: reload.all,
      // A reload that wrote would move the stamp again: a sidebar reloading forever.
      sidebar_reload_properties_writes: reload.writes,
      sidebar_busy_peeks_per_day: busyPeeks,
      sidebar_idle_peeks_per_day: idlePeeks,
      sidebar_properties_per_day_busy_unchanged: busyPeeks * perPeek,
      sidebar_properties_per_day_idle: idlePeeks * perPeek,
      // Stamp moves a day the quota leaves room for, at the busy cadence, each one reloading.
      sidebar_reloads_per_day_within_quota: Math.floor(
        (50_000 - busyPeeks * perPeek) / Math.max(1, reload.all),
      ),
      sidebar_properties_per_day_before: busyPeeks * progress.all,
    };
  } finally {
    addon.close();
  }
}
