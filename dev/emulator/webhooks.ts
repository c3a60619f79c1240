/**
 * Webhook deliveries (spec §6): a POST with a JSON body; a non-2xx answer or a network failure is
 * retried every "minute" (`--minute-ms`), up to 5 times. Only loopback targets are allowed: the
 * emulator must never send data off the machine.
 */
import { isIP } from 'node:net';

export const WEBHOOK_RETRIES = 5;
const ATTEMPT_TIMEOUT_MS = 5_000;

export type WebhookEvent = 'job_ended' | 'contact_finished';

export interface DeliveryAttempt {
  at: number;
  /** HTTP status, or 0 when the request failed (refused, timed out). */
  status: number;
  error?: string;
}

export interface Delivery {
  event: WebhookEvent;
  enrichmentId: string;
  url: string;
  attempts: DeliveryAttempt[];
  state: 'pending' | 'delivered' | 'failed';
}

export function isLoopbackUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

export class Webhooks {
  private readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly minuteMs: () => number,
    private readonly now: () => number,
  ) {}

  send(event: WebhookEvent, enrichmentId: string, url: string, body: unknown): void {
    const delivery: Delivery = { event, enrichmentId, url, attempts: [], state: 'pending' };
    this.deliveries.push(delivery);
    // Serialised now: the body is what the job looked like when the event happened.
    this.attempt(delivery, JSON.stringify(body));
  }

  log(): readonly Delivery[] {
    return this.deliveries;
  }

  /** Resolves when no delivery attempt is running (retries may still be scheduled). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  reset(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.deliveries.length = 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.reset();
    await this.idle();
  }

  private attempt(delivery: Delivery, body: string): void {
    const running = this.post(delivery, body).finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  private async post(delivery: Delivery, body: string): Promise<void> {
    const attempt: DeliveryAttempt = { at: this.now(), status: 0 };
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'sheet-enrich-emulator' },
        body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      attempt.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    delivery.attempts.push(attempt);
    if (attempt.status >= 200 && attempt.status < 300) {
      delivery.state = 'delivered';
    } else if (delivery.attempts.length > WEBHOOK_RETRIES || this.closed) {
      delivery.state = 'failed';
    } else {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.attempt(delivery, body);
      }, this.minuteMs());
      this.timers.add(timer);
    }
  }
}
