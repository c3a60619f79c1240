/**
 * The API's pace as this user's key meets it (issue 39): how many requests its rate-limit window
 * lets through, how long a window lasts and when the current one ends, and how long a job takes.
 * The spec shows neither quota nor window (§8: "not shown"; a 429 says "Try again in 1m"), so
 * nothing is assumed: requests go unpaced until a 429 with a Retry-After teaches the window. The
 * window it refused in ends Retry-After from now, and it let through what we had sent since our
 * count of it began; our count begins at the first request after a window ends, as the emulator's
 * windows do (docs/api-decisions.md). From then on the engine sends no more than the window has
 * room for (job-starter.ts, poll.ts) and what it defers waits for the next window, where it would
 * only have met a 429 (and, in the CLI, a wait in the dark).
 *
 * A 429 without Retry-After teaches nothing but its own request's wait (retryHintMs): the spec's
 * fixed "Try again in 1m" names no window, and a lone 429 (a gateway's hiccup, the emulator's
 * injected faults) learnt as a window would slow every later run to a crawl.
 *
 * The job's time is learnt from polls (poll.ts): one that finds a job not ready at age `a` says
 * jobs take longer (grow a quarter past `a`); a wave all ready soon after that time lets it shrink
 * a little, so it stays just above the jobs' duration. A job is first polled no sooner: a poll that
 * cannot be answered yet costs a request of the window and of the user's daily UrlFetch quota.
 *
 * Kept between executions per user (the limit is per key, and a user has one key) in about 35
 * bytes ("1|limit|windowMs|end|used|jobMs"), in the quota meter's user property and its one write
 * at the end of an execution that fetched (store/quota-meter.ts). Lost or unreadable, it is learnt
 * again; no per-job state: a deferred job is simply due again at the next execution with room.
 */

/** Our count's window before any was learnt: the spec's "Try again in 1m". */
const DEFAULT_WINDOW_MS = 60_000;
/** Added to a window we open: the API starts its own when our first request arrives, a little later. */
const ARRIVAL_MARGIN_MS = 250;
/** A learnt window lasts from a second to an hour (a Retry-After could say anything). */
const clamp = (windowMs: number) => Math.min(3_600_000, Math.max(1_000, windowMs));
/**
 * A poll of a job older than this (and than twice the learnt time) says nothing of the time: a
 * stuck job, an hourly trigger. Short: a first answer found late would be learnt as the time, and
 * shrinks by only 2 % a wave (the sidebar polls every 5 s, the command line every --poll-ms).
 */
const LEARN_WITHIN_MS = 10_000;
/** The longest a job's time is taken to be (a poll then comes every 10 minutes at least). */
const JOB_MAX_MS = 10 * 60_000;
export const JOB_GROWTH = 1.25;
export const JOB_SHRINK = 0.98;

/** One poll of a job: how old it was, and whether its answer was ready. */
export interface PollSample {
  ageMs: number;
  ready: boolean;
}

export class ApiPace {
  /** Requests a window lets through; 0: not known (no 429 said so), nothing is paced. */
  limit = 0;
  windowMs = DEFAULT_WINDOW_MS;
  /** When the window our count is in ends (ms since the epoch; 0: none open). */
  end = 0;
  /** Requests sent since that window began. */
  used = 0;
  /** How long a job takes to be answered; 0: not known yet (polled as soon as asked). */
  jobMs = 0;

  /** Requests the window lets through now (Infinity while no limit is known). */
  room(now: number): number {
    if (!this.limit) return Infinity;
    return now >= this.end ? this.limit : Math.max(0, this.limit - this.used);
  }

  /** When requests may go again: now when the window has room, else its end. */
  openAt(now: number): number {
    return this.room(now) > 0 ? now : this.end;
  }

  /** Counts `count` requests leaving now (a new window begins with the first after one ended). */
  sent(count: number, now: number): void {
    if (now >= this.end) Object.assign(this, { end: now + this.windowMs + ARRIVAL_MARGIN_MS, used: 0 });
    this.used += count;
  }

  /**
   * `refused` of the requests just sent met a 429 whose Retry-After asks `waitMs`: the window is
   * full until then. What got through before them since our window began is the limit, and from
   * its beginning to the window's end its length (when none got through, our count began inside
   * the API's window, as after a lost state: then only the end is learnt).
   */
  refused(refused: number, waitMs: number, now: number): void {
    const ends = now + waitMs;
    const accepted = this.used - refused;
    if (accepted > 0) {
      const began = this.end - this.windowMs - ARRIVAL_MARGIN_MS;
      this.limit = accepted;
      this.windowMs = clamp(ends - began);
    }
    this.end = ends;
    this.used = this.limit;
  }

  /** When a job started at `startedAt` may be answered. */
  readyAt(startedAt: number): number {
    return startedAt + this.jobMs;
  }

  /** Learns the job's time from one wave of polls (see the module comment). */
  polled(wave: readonly PollSample[]): void {
    const near = wave.filter(({ ageMs }) => ageMs <= Math.max(2 * this.jobMs, LEARN_WITHIN_MS));
    if (near.length === 0) return;
    const late = near.filter(({ ready }) => !ready).map(({ ageMs }) => ageMs);
    const ages = near.map(({ ageMs }) => ageMs);
    if (late.length) this.jobMs = Math.max(this.jobMs, ...late) * JOB_GROWTH;
    else if (!this.jobMs) this.jobMs = Math.min(...ages);
    else if (Math.min(...ages) <= this.jobMs * JOB_GROWTH) this.jobMs *= JOB_SHRINK;
    else return;
    this.jobMs = Math.round(Math.min(JOB_MAX_MS, this.jobMs));
  }

  encode(): string {
    return ['1', this.limit, this.windowMs, this.end, this.used, this.jobMs].join('|');
  }

  /** The stored pace; a missing or unreadable one starts afresh (it is learnt again). */
  static decode(text: string | null | undefined): ApiPace {
    const pace = new ApiPace();
    const parts = (text ?? '').split('|').map(Number);
    // NaN is not >= 0: a part that is no number fails it.
    if (parts.length !== 6 || parts[0] !== 1 || !parts.every((n) => n >= 0 && n < Infinity)) return pace;
    const [, limit, windowMs, end, used, jobMs] = parts as number[];
    return Object.assign(pace, { limit, windowMs: clamp(windowMs!), end, used, jobMs });
  }
}
