/** Everything an emulator instance holds, shared by its routes; rebuilt to its start by `reset`. */
import type { EchoForm } from './echo';
import { Faults, NO_FAULTS, parseFaults, type FaultConfig } from './faults';
import { JobEngine, type Job, type JobEvent, type ReverseItem } from './jobs';
import { KeyRing } from './keyring';
import { Books } from './books';
import { resolveOptions, type EmulatorOptions, type ResolvedOptions } from './options';
import { RateLimiter } from './ratelimit';
import { Stats } from './stats';
import { jobBody, reverseRecordV2 } from './views/records';
import { Webhooks } from './webhooks';
import { generateWorld, type World } from './world';
import { withExtraData } from './world/extra';
import { createRandom, streamSeed } from './world/random';

/** The start options a restart may replace: all but the generated world's (seed, size) and the clock. */
export type RestartOptions = Pick<
  EmulatorOptions,
  'keys' | 'workspaces' | 'credits' | 'jobMs' | 'rateLimit' | 'minuteMs' | 'data'
> & { faults?: string };

/** What the admin API may change at runtime. */
export interface RuntimeConfig {
  jobMs: number;
  rateLimit: number;
  minuteMs: number;
  /** How error answers repeat the request's key (echo.ts); 'off' by default. */
  echo: EchoForm;
}

export class EmulatorState {
  config: RuntimeConfig;
  readonly keyRing: KeyRing;
  readonly books: Books;
  readonly engine: JobEngine;
  readonly faults: Faults;
  readonly webhooks: Webhooks;
  readonly limiter: RateLimiter;
  readonly stats = new Stats();
  readonly options: ResolvedOptions;
  /** How far `POST /__admin/clock` moved the emulator's time ahead of its clock; 0 after a reset. */
  private skippedMs = 0;
  private cachedWorld?: World;
  private readonly ticks = new Set<NodeJS.Timeout>();

  constructor(options: ResolvedOptions) {
    this.options = { ...options, now: () => options.now() + this.skippedMs };
    const now = this.options.now;
    this.config = this.initialConfig();
    this.keyRing = new KeyRing(options);
    this.books = new Books(this.keyRing, options.credits);
    this.faults = new Faults(this.initialFaults(), options.seed);
    this.webhooks = new Webhooks(() => this.config.minuteMs, now);
    this.limiter = new RateLimiter(
      () => this.config.rateLimit,
      () => this.config.minuteMs,
      now,
    );
    this.engine = new JobEngine({
      world: () => this.world(),
      books: this.books,
      now,
      random: createRandom(streamSeed(options.seed, 'jobs')),
      jobMs: () => this.config.jobMs,
      shouldStick: () => this.faults.shouldStick(),
      onEvent: (event) => this.deliver(event),
    });
  }

  /** Generated on first use: most requests (auth, errors, balance) never need it. */
  world(): World {
    if (!this.cachedWorld) {
      const generated = generateWorld(this.options.seed, this.options.worldSize);
      this.cachedWorld = this.options.data ? withExtraData(generated, this.options.data) : generated;
    }
    return this.cachedWorld;
  }

  /**
   * Job progress is computed from time, but webhooks must fire without anyone polling: a timer
   * wakes the workspace up when the job's next contact is due.
   */
  scheduleTicks(job: Job): void {
    if (!job.webhookUrl && !job.contactFinishedUrl) return;
    const dueAt = this.engine.nextDueAt(job);
    if (dueAt === undefined) return;
    const timer = setTimeout(
      () => {
        this.ticks.delete(timer);
        this.engine.advance(job.workspaceId);
        this.scheduleTicks(job);
      },
      Math.max(0, dueAt - this.options.now()) + 1,
    );
    this.ticks.add(timer);
  }

  /**
   * The emulator's time jumps `ms` ahead, and what fell due on the way happens now (webhooks
   * included): a test or the fuzzer lets jobs progress without sleeping.
   */
  skip(ms: number): void {
    this.skippedMs += ms;
    this.engine.all();
  }

  reset(): void {
    this.skippedMs = 0;
    this.clearTicks();
    this.config = this.initialConfig();
    this.keyRing.reset();
    this.books.reset(this.options.credits);
    this.faults.reset(this.initialFaults());
    this.webhooks.reset();
    this.limiter.reset();
    this.stats.reset();
    // A replayable emulator's ids start over as the faults do: a fuzz case after a reset gets the
    // ids it would get first. Others draw on: a document that outlived the reset may hold old ids.
    this.engine.reset(
      this.options.clockAt === undefined ? undefined : createRandom(streamSeed(this.options.seed, 'jobs')),
    );
  }

  /**
   * Reset to other start options, as if started with them (their defaults as at a start): the
   * generated world and its indices stay (generateWorld keeps them), the costly part of a start
   * (about 0.5 CPU-s of a child's, docs/testing.md); other extra data is added to it again. Later
   * resets come back to these. Throws for a key given to two workspaces (nothing changed).
   */
  restart(start: RestartOptions): void {
    const { keys, workspaces, credits, jobMs, rateLimit, minuteMs } = resolveOptions(start);
    this.keyRing.restart({ keys, workspaces });
    const { faults, data } = start;
    if (data !== undefined || this.options.data !== undefined) this.cachedWorld = undefined;
    Object.assign(this.options, { keys, workspaces, credits, jobMs, rateLimit, minuteMs, faults, data });
    this.reset();
  }

  async close(): Promise<void> {
    this.clearTicks();
    await this.webhooks.close();
  }

  private deliver(event: JobEvent): void {
    const { job } = event;
    if (event.type === 'job_ended' && job.webhookUrl) {
      // Same body as the GET of the version the job was started with (docs/api-decisions.md).
      this.webhooks.send('job_ended', job.id, job.webhookUrl, jobBody(this.engine, job, job.startedWith));
    }
    if (event.type === 'contact_finished' && job.kind === 'reverse' && job.contactFinishedUrl) {
      const record = reverseRecordV2(job.items[event.index] as ReverseItem, job.outcomes[event.index]);
      this.webhooks.send('contact_finished', job.id, job.contactFinishedUrl, {
        enrichment_id: job.id,
        data: record,
      });
    }
  }

  private clearTicks(): void {
    for (const timer of this.ticks) clearTimeout(timer);
    this.ticks.clear();
  }

  private initialConfig(): RuntimeConfig {
    const { jobMs, rateLimit, minuteMs } = this.options;
    return { jobMs, rateLimit, minuteMs, echo: 'off' };
  }

  private initialFaults(): FaultConfig {
    const faults = this.options.faults;
    if (faults === undefined) return NO_FAULTS;
    return typeof faults === 'string' ? parseFaults(faults) : { ...NO_FAULTS, ...faults };
  }
}
