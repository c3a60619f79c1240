/**
 * When the CLI polls next (issue 32): when the jobs' answers are likely ready, not on a fixed beat.
 * The spec gives no progress or estimated time for a job (§4.2: a job not ready answers 400 "try
 * again in 30 seconds", which is no estimate), so the wait is learnt from what the polls find: a
 * job polled again after its first poll was not ready then (the wait was too short), a job polled
 * once was answered. The wait shrinks a little after every wave answered at its first poll and
 * grows by a quarter after a wave that was not, so it stays just above the jobs' duration: about
 * one miss in ten waves, i.e. about 2.1 requests a job (its start, its poll, a tenth of a retry).
 *
 * It reads the requests the runtime sends (LoadOptions.beforeFetch: method and URL), nothing of the
 * add-on's state.
 */

/** A result poll (not forced): its job id, the URL's last path segment. */
const RESULT_POLL = /\/contact\/(?:enrich|reverse\/email)\/bulk\/([^/?#]+)(\?[^#]*)?$/;

export interface PacerOptions {
  /** The first wait, before anything was learnt (the CLI's --poll-ms). */
  initialMs: number;
  minMs?: number;
  maxMs?: number;
}

export const PACER_SHRINK = 0.98;
export const PACER_GROWTH = 1.25;

export class PollPacer {
  private waitMs: number;
  private readonly minMs: number;
  private readonly maxMs: number;
  /** Every job id polled so far: a job's first poll is told from its later ones. */
  private readonly polled = new Set<string>();
  /** Jobs whose first poll was in the last execution. */
  private firstPolledLast = new Set<string>();
  /** Polls seen since the last wait was decided. */
  private current: string[] = [];

  constructor(options: PacerOptions) {
    this.minMs = options.minMs ?? 250;
    this.maxMs = Math.max(this.minMs, options.maxMs ?? 30_000);
    this.waitMs = Math.min(this.maxMs, Math.max(this.minMs, options.initialMs));
  }

  /** Notes the requests an execution sends (LoadOptions.beforeFetch). */
  saw(requests: readonly { method: string; url: string }[]): void {
    for (const request of requests) {
      if (request.method.toUpperCase() !== 'GET') continue;
      const match = RESULT_POLL.exec(request.url);
      if (match && !/forceResults=true/.test(match[2] ?? '')) this.current.push(match[1]!);
    }
  }

  /** The wait before the next poll, learnt from the polls seen since the last call. */
  next(): number {
    const polls = this.current;
    this.current = [];
    if (polls.length === 0) return this.waitMs;
    // Jobs first polled last time and polled again now were not ready after the wait.
    const missed = polls.some((id) => this.firstPolledLast.has(id));
    const answeredWave = this.firstPolledLast.size > 0 && !missed;
    if (missed) this.waitMs = Math.min(this.maxMs, this.waitMs * PACER_GROWTH);
    else if (answeredWave) this.waitMs = Math.max(this.minMs, this.waitMs * PACER_SHRINK);
    this.firstPolledLast = new Set(polls.filter((id) => !this.polled.has(id)));
    for (const id of this.firstPolledLast) this.polled.add(id);
    return this.waitMs;
  }
}
