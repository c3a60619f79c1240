/**
 * The schedule and the quota meter, under Settings: "Runs every hour with ann@acme.com's key", a
 * banner with Resume when it paused itself, Take over when another user owns it, Run now (the
 * hourly tick at once, within the same caps), and what the add-on used of Apps Script's daily
 * quotas today.
 */
import type { EnrichField } from '../src/domain/fields';
import type { ScheduleRequest, ScheduleView, SettingsView } from '../src/app/sidebar-contract';
import { field, fill, formatNumber, h, plural } from './dom';
import { actionButton, createNotice } from './feedback';
import { ENRICH_FIELDS, FIELD_LABELS } from './labels';
import { server } from './server';

export interface ScheduleBox {
  element: HTMLElement;
  show(settings: SettingsView): void;
  load(): Promise<void>;
  /** The stores changed (watcher.ts): what a tick committed shows, when the box is on screen. */
  changed(): Promise<void>;
}

/** The most a tick may send now: the cap per run, or what the day has left if less. */
const roomOf = (view: ScheduleView): number =>
  Math.max(0, Math.min(view.maxCreditsPerRun, view.maxCreditsPerDay - view.committedToday));

export function createScheduleBox(): ScheduleBox {
  const notice = createNotice();
  const status = h('div', { class: 'schedule-status' });
  const sheetSelect = h('select', { name: 'scheduleSheet' });
  const everySelect = h(
    'select',
    { name: 'scheduleEvery' },
    ...(['hour', '6 hours', 'day'] as const).map((every) => h('option', { value: every }, `Every ${every}`)),
  );
  const boxes = ENRICH_FIELDS.map((name) =>
    h('input', {
      type: 'checkbox',
      name: `schedule-${name}`,
      value: name,
      checked: name !== 'personal_email',
    }),
  );
  const perRun = h('input', { type: 'number', name: 'maxCreditsPerRun', min: 1, step: 1, value: 200 });
  const perDay = h('input', { type: 'number', name: 'maxCreditsPerDay', min: 1, step: 1, value: 500 });
  // Empty: the schedule sends new rows only; N: a tick with none looks up again answers older than N days.
  const refreshDays = h('input', { type: 'number', name: 'refreshDays', min: 1, max: 3650, step: 1 });
  const quota = h('p', { class: 'hint quota' });
  let current: ScheduleView | null = null;

  function request(): ScheduleRequest {
    return {
      sheetName: sheetSelect.value,
      kind: 'enrich',
      fields: boxes.filter((box) => box.checked).map((box) => box.value as EnrichField),
      every: everySelect.value as ScheduleRequest['every'],
      maxCreditsPerRun: Number(perRun.value) || 0,
      maxCreditsPerDay: Number(perDay.value) || 0,
      ...(refreshDays.value ? { refreshDays: Number(refreshDays.value) } : {}),
    };
  }

  /** Shows the stored schedule; `form`: also into the controls (not while the user may be editing them). */
  function showSchedule(view: ScheduleView | null, form = true): void {
    current = view;
    saveButton.textContent = !view ? 'Save schedule' : view.yours ? 'Save changes' : 'Take over';
    clearButton.hidden = !view;
    // Only the owner's key pays for a tick, and a paused schedule resumes by saving it first.
    runButton.hidden = !view || !view.yours || !!view.pausedReason;
    if (!view) {
      fill(
        status,
        h('p', { class: 'hint' }, 'No schedule: new rows are enriched only when you start a run.'),
      );
      return;
    }
    if (form) {
      sheetSelect.value = view.sheetName;
      everySelect.value = view.every;
      for (const box of boxes) box.checked = view.fields.includes(box.value as EnrichField);
      perRun.value = String(view.maxCreditsPerRun);
      perDay.value = String(view.maxCreditsPerDay);
      refreshDays.value = view.refreshDays ? String(view.refreshDays) : '';
    }
    // A tick that paused said why in its outcome: the warning above says it once.
    const last =
      view.pausedReason && view.lastOutcome === `Paused: ${view.pausedReason}.`
        ? 'it paused, for the reason above.'
        : view.lastOutcome;
    fill(
      status,
      view.pausedReason
        ? h(
            'p',
            { class: 'warning', role: 'alert' },
            `Paused: ${view.pausedReason}. Save it again to resume.`,
          )
        : null,
      h('p', {}, `${view.summary} on "${view.sheetName}".`),
      h(
        'p',
        { class: 'hint' },
        `${formatNumber(view.committedToday)} of ${plural(view.maxCreditsPerDay, 'credit')} committed today.` +
          (last ? ` Last run (${view.lastRunAt ?? ''}): ${last}` : '') +
          (view.nextRunAt && !view.pausedReason ? ` Next run from ${view.nextRunAt}.` : ''),
      ),
      view.yours
        ? view.pausedReason
          ? null
          : h(
              'p',
              { class: 'hint' },
              `Run now sends the new rows${view.refreshDays ? ` (or, with none, the answers older than ${plural(view.refreshDays, 'day')})` : ''} at once, within the same caps: at most ${formatNumber(roomOf(view))} credits.`,
            )
        : h('p', { class: 'hint' }, 'Taking it over makes your key pay for it.'),
    );
    if (view.pausedReason && view.yours) saveButton.textContent = 'Resume';
  }

  function show(settings: SettingsView): void {
    const selected = sheetSelect.value;
    fill(sheetSelect, ...settings.sheetNames.map((name) => h('option', { value: name }, name)));
    if (selected) sheetSelect.value = selected;
    const q = settings.quota;
    quota.textContent =
      `Today: ${formatNumber(q.urlFetches)} of ${formatNumber(q.urlFetchLimit)} UrlFetch calls, ` +
      `${q.triggerMinutes} of ${q.triggerMinutesLimit} trigger minutes (${q.account === 'consumer' ? 'Google account' : 'Workspace'} quotas).`;
    if (current) showSchedule(current, false);
  }

  const onScreen = (): boolean => element.isConnected && !element.closest('[hidden]');
  async function changed(): Promise<void> {
    if (onScreen()) showSchedule(await server.getSchedule(), false);
  }

  const saveButton = actionButton('Save schedule', 'Saving…', {
    primary: true,
    notice,
    run: async () => {
      notice.clear();
      showSchedule(await server.saveSchedule(request()));
      notice.show('ok', 'Saved: the next trigger run enriches the new rows.');
    },
  });
  const runButton = actionButton('Run now', 'Running…', {
    notice,
    run: async () => {
      notice.clear();
      const ran = await server.runScheduleNow();
      showSchedule(ran.schedule, false);
      notice.show(ran.outcome.startsWith('Failed') ? 'error' : 'ok', `Run now: ${ran.outcome}`);
    },
  });
  runButton.hidden = true;
  const clearButton = actionButton('Remove', 'Removing…', {
    notice,
    run: async () => {
      showSchedule(await server.clearSchedule());
      notice.show('ok', 'Schedule removed.');
    },
  });

  const element = h(
    'section',
    { class: 'schedule', 'aria-label': 'Schedule' },
    h('h2', {}, 'Schedule'),
    status,
    field('Sheet', sheetSelect),
    field('How often', everySelect),
    h(
      'fieldset',
      { class: 'fields' },
      h('legend', {}, 'Find'),
      ...boxes.map((box) =>
        h('label', { class: 'check' }, box, h('span', {}, FIELD_LABELS[box.value as EnrichField])),
      ),
    ),
    field('At most per run (credits)', perRun),
    field('At most per day (credits)', perDay),
    field(
      'Look up again answers older than (days)',
      refreshDays,
      'Optional: a run with no new rows refreshes them, within the same caps.',
    ),
    h('div', { class: 'buttons' }, saveButton, runButton, clearButton),
    notice.element,
    quota,
  );
  return { element, show, changed, load: async () => showSchedule(await server.getSchedule()) };
}
