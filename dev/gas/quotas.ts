/**
 * Daily quotas and simultaneous executions, per user (https://developers.google.com/apps-script/guides/services/quotas):
 * "Quotas are per user and reset 24 hours after the first request", at consumer or Google
 * Workspace levels; "If you exceed a quota or limitation, your script throws an exception and
 * execution stops". The texts are the ones that page lists. Here a user is a consumer account when
 * made with `consumer: true`, a Workspace one otherwise (users.ts).
 */
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

export const DAILY_QUOTAS = {
  /** Properties read/write: every PropertiesService store call (Properties.getProperty, …). */
  properties: {
    consumer: 50_000,
    workspace: 500_000,
    message: 'Service invoked too many times for one day: properties.',
  },
  /** URL Fetch calls: each fetch, and each request of a fetchAll. */
  urlfetch: {
    consumer: 20_000,
    workspace: 100_000,
    message: 'Service invoked too many times for one day: urlfetch.',
  },
  /** Triggers total runtime, in ms of the clock. */
  triggerRuntimeMs: {
    consumer: 90 * MINUTE,
    workspace: 6 * 60 * MINUTE,
    message: 'Service using too much computer time for one day',
  },
} as const;

export type QuotaKind = keyof typeof DAILY_QUOTAS;

/** Simultaneous executions per user (the same for both kinds of account). */
export const SIMULTANEOUS_EXECUTIONS = 30;
export const TOO_MANY_SIMULTANEOUS =
  'There are too many scripts running simultaneously for this Google user account.';

interface Window {
  startedAt: number;
  used: number;
}

/** One user's use of the daily quotas. */
export class DailyUsage {
  private readonly windows = new Map<QuotaKind, Window>();
  /** Executions of this user running now. */
  running = 0;

  constructor(private readonly now: () => number) {}

  private window(kind: QuotaKind): Window {
    const now = this.now();
    let window = this.windows.get(kind);
    if (!window || now - window.startedAt >= DAY) {
      window = { startedAt: now, used: 0 };
      this.windows.set(kind, window);
    }
    return window;
  }

  limit(kind: QuotaKind, consumer: boolean): number {
    return consumer ? DAILY_QUOTAS[kind].consumer : DAILY_QUOTAS[kind].workspace;
  }

  used(kind: QuotaKind): number {
    return this.window(kind).used;
  }

  /**
   * Spends `amount`; the quota's message when that would go past the limit (nothing is spent then:
   * the call is refused before it runs).
   */
  spend(kind: QuotaKind, amount: number, consumer: boolean): string | undefined {
    const window = this.window(kind);
    if (window.used + amount > this.limit(kind, consumer)) return DAILY_QUOTAS[kind].message;
    window.used += amount;
    return undefined;
  }

  /** Adds what was used (trigger runtime, measured after the run), over the limit or not. */
  add(kind: QuotaKind, amount: number): void {
    this.window(kind).used += amount;
  }

  /** The quota's message when nothing is left of it. */
  exhausted(kind: QuotaKind, consumer: boolean): string | undefined {
    return this.used(kind) >= this.limit(kind, consumer) ? DAILY_QUOTAS[kind].message : undefined;
  }
}
