/**
 * The few ports unit tests implement themselves because they are ours, not Apps Script's: a clock
 * the test moves, an execution budget that runs down, a notifier that records toasts. Everything
 * that stands for an Apps Script service comes from dev/gas through the real adapters (context.ts).
 */
import type { BudgetPort, ClockPort, NotifyPort } from '../../../src/platform/ports';

export class FakeClock implements ClockPort {
  constructor(public time = Date.UTC(2025, 0, 15, 9, 0, 0)) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.time += ms;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/** Remaining time decreases by `costPerCall` each time it is asked: a run that takes time. */
export class FakeBudget implements BudgetPort {
  asked = 0;
  constructor(
    public remaining = 6 * 60 * 1000,
    public costPerCall = 0,
  ) {}
  remainingMs(): number {
    this.asked++;
    const now = this.remaining;
    this.remaining -= this.costPerCall;
    return now;
  }
}

export class RecordingNotifier implements NotifyPort {
  readonly toasts: string[] = [];
  toast(message: string): void {
    this.toasts.push(message);
  }
}
