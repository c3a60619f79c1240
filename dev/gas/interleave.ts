/**
 * Custom functions run at once: "each time a custom function is used in a spreadsheet, Google
 * Sheets makes a separate call to the Apps Script server" (https://developers.google.com/apps-script/guides/sheets/functions),
 * and Sheets sends many of those calls together. The harness has one thread, so executions are
 * interleaved at service calls: before each service call of a running custom function, a generator
 * seeded by `seed` decides whether the next waiting one starts (and runs to its end) right there.
 * Every schedule this makes is one Sheets could make; one seed always makes the same one.
 */
import { seededRandom } from './cache';

export interface InterleaveOptions {
  seed: number;
  /** How many run at once at most (default 10); each counts against the user's 30 executions. */
  atOnce?: number;
  /** The chance, at each service call, that another one starts there (default 0.5). */
  chance?: number;
}

export class Interleaver {
  private pending: (() => void)[] = [];
  private running = 0;
  private readonly random: () => number;
  private readonly atOnce: number;
  private readonly chance: number;

  constructor(options: InterleaveOptions) {
    this.random = seededRandom(options.seed);
    this.atOnce = options.atOnce ?? 10;
    this.chance = options.chance ?? 0.5;
  }

  /** Runs every task, interleaved through atServiceCall. */
  runAll(tasks: readonly (() => void)[]): void {
    this.pending.push(...tasks);
    while (this.pending.length) this.next();
  }

  /** Called by a running task's service calls: maybe starts others here, before the call runs. */
  atServiceCall(): void {
    while (this.pending.length && this.running < this.atOnce && this.random() < this.chance) this.next();
  }

  private next(): void {
    const task = this.pending.shift()!;
    this.running += 1;
    try {
      task();
    } finally {
      this.running -= 1;
    }
  }
}
