/**
 * Calls pollJobs() on a timer while runs are pending, and stops by itself when nothing is:
 * the sidebar must not spend the user's URL-fetch quota once everything has landed.
 * The next call is scheduled only after the previous one answered, so calls never overlap.
 */
import type { ProgressView } from '../src/app/sidebar-contract';

export const POLL_INTERVAL_MS = 5000;
/**
 * Between two polls, how often the panel reads the stored progress (no API call): answers another
 * execution applied (the trigger, a teammate's sidebar, "Refresh results now") show within seconds,
 * as the cells do.
 */
export const PEEK_INTERVAL_MS = 2000;
/** A timer may fire a little early or late: a poll this close to due counts as due. */
const TIMER_SLACK_MS = 50;

export interface Poller {
  /** Polls now, then keeps polling while the answer says something is pending. */
  start(): void;
  stop(): void;
  readonly running: boolean;
}

export function createPoller(options: {
  poll: () => Promise<ProgressView>;
  /** Reads the stored progress without asking the API, between polls. */
  peek?: () => Promise<ProgressView>;
  onView: (view: ProgressView) => void;
  onError: (error: unknown) => void;
  intervalMs?: number;
}): Poller {
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  const stepMs = options.peek ? Math.min(PEEK_INTERVAL_MS, intervalMs) : intervalMs;
  let lastPoll = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let active = false;
  let inFlight = false;
  // start() during a call: that answer may predate a run just started, so ask once more.
  let pollAgain = false;
  // start(): the next tick polls, whatever the time since the last one.
  let pollAgainNow = false;

  async function tick(): Promise<void> {
    timer = undefined;
    inFlight = true;
    try {
      // A poll when one is due (and always first), else a peek at what is stored.
      const due = !options.peek || pollAgainNow || Date.now() - lastPoll >= intervalMs - TIMER_SLACK_MS;
      pollAgainNow = false;
      if (due) lastPoll = Date.now();
      const view = await (due ? options.poll() : options.peek!());
      options.onView(view);
      // Peeks every stepMs, and the poll exactly when it is due (never sooner than intervalMs).
      const untilPoll = Math.max(0, lastPoll + intervalMs - Date.now());
      if (active && view.pending) timer = setTimeout(() => void tick(), Math.min(stepMs, untilPoll));
      else active = false;
    } catch (error) {
      // A failing poll (no network, bad key) stops the loop; "Refresh now" tries again.
      active = false;
      options.onError(error);
    } finally {
      inFlight = false;
      if (pollAgain) {
        pollAgain = false;
        active = true;
        if (timer !== undefined) clearTimeout(timer);
        void tick();
      }
    }
  }

  return {
    start() {
      active = true;
      pollAgainNow = true;
      if (inFlight) {
        pollAgain = true;
        return;
      }
      if (timer !== undefined) clearTimeout(timer);
      void tick();
    },
    stop() {
      active = false;
      pollAgain = false;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    get running() {
      return active;
    },
  };
}
