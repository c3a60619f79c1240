/** What the harness hands its callers about a document: UI records, trigger summaries, trigger events. */
import type { TriggerSummary, UiView } from './harness-api';
import type { Runtime } from './runtime';
import type { TriggerRecord } from './triggers';

export const summarize = ({
  id,
  handler,
  everyMinutes,
  periodMs,
  nextRunAt,
}: TriggerRecord): TriggerSummary => ({
  id,
  handler,
  ...(everyMinutes === undefined ? {} : { everyMinutes }),
  ...(periodMs === undefined ? {} : { periodMs }),
  nextRunAt,
});

/** The event object Apps Script passes to a time-driven trigger's handler. */
export function clockEvent(triggerUid: string, now: number): Record<string, unknown> {
  const at = new Date(now);
  return {
    authMode: 'FULL',
    triggerUid,
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    'day-of-month': at.getUTCDate(),
    'day-of-week': at.getUTCDay() || 7,
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    second: at.getUTCSeconds(),
    timezone: 'UTC',
  };
}

export function uiView(runtime: Runtime): UiView {
  const record = runtime.ui;
  return {
    get menus() {
      return record.menus;
    },
    get lastSidebar() {
      return record.lastSidebar;
    },
    get sidebars() {
      return record.sidebars;
    },
    get dialogs() {
      return record.dialogs;
    },
    get alerts() {
      return record.alerts;
    },
    get alertAnswers() {
      return record.alertAnswers;
    },
    get toasts() {
      return runtime.spreadsheet.toasts;
    },
  };
}
