/**
 * The job engine. A job's progress is a function of time: contact i of n is processed at
 * createdAt + jobMs × (i + 1) / n. Nothing runs in the background; every read first "advances" the
 * workspace to now, processing due contacts of all its jobs in time order, so credits run out in the
 * same order they would on a real server and results are deterministic.
 */
import type { Books, Payer } from './books';
import { ENRICH_PRICES, REVERSE_PROFILE_PRICE, type EnrichField } from './terms';
import type { Random } from './world/random';
import { uuidFrom } from './world/random';
import type { ContactQuery, Person, World } from './world';

export type JobKind = 'enrich' | 'reverse';
export type ApiVersion = 'v1' | 'v2';
export type { EnrichField };
export type JobStatus = 'CREATED' | 'IN_PROGRESS' | 'CANCELED' | 'CREDITS_INSUFFICIENT' | 'FINISHED';
type TerminalStatus = Extract<JobStatus, 'CANCELED' | 'CREDITS_INSUFFICIENT' | 'FINISHED'>;

export interface EnrichItem {
  query: ContactQuery;
  custom: Record<string, string>;
  fields: ReadonlySet<EnrichField>;
}

export interface ReverseItem {
  email: string;
  custom: Record<string, string>;
}

export interface ItemOutcome {
  person?: Person;
  byNetworkUrl: boolean;
  credits: number;
}

/** `key` started the job: its workspace pays, and reads it (any key of the workspace may). */
interface JobBase extends Payer {
  id: string;
  name: string;
  startedWith: ApiVersion;
  createdAt: number;
  durationMs: number;
  /** One per processed item, in item order. */
  outcomes: ItemOutcome[];
  credits: number;
  terminal?: TerminalStatus;
  /** Progress never passes this many items (a stuck job). */
  frozenAt?: number;
  /** Its start's answer was lost (the `lost` fault): a 503, or the connection cut. Admin view only. */
  answerLost?: 'reset' | 'status';
  webhookUrl?: string;
  contactFinishedUrl?: string;
}

export type Job =
  (JobBase & { kind: 'enrich'; items: EnrichItem[] }) | (JobBase & { kind: 'reverse'; items: ReverseItem[] });

export type JobEvent =
  { type: 'contact_finished'; job: Job; index: number } | { type: 'job_ended'; job: Job };

export type NewJob = Pick<
  Job,
  'name' | 'startedWith' | 'key' | 'workspaceId' | 'bookedAt' | 'webhookUrl' | 'contactFinishedUrl'
> &
  ({ kind: 'enrich'; items: EnrichItem[] } | { kind: 'reverse'; items: ReverseItem[] });

export interface JobEngineDeps {
  world: () => World;
  books: Books;
  now: () => number;
  /** Job ids; a reset starts them over. */
  random: Random;
  jobMs: () => number;
  /** Decides, per new job, whether it gets stuck halfway (the `stuck` fault). */
  shouldStick: () => boolean;
  onEvent: (event: JobEvent) => void;
}

export class JobEngine {
  private readonly jobs = new Map<string, Job>();
  private readonly active = new Map<string, Set<Job>>();

  constructor(private readonly deps: JobEngineDeps) {}

  create(request: NewJob): Job {
    const durationMs = Math.max(0, this.deps.jobMs());
    const job = {
      ...request,
      id: uuidFrom(this.deps.random),
      createdAt: this.deps.now(),
      durationMs,
      outcomes: [],
      credits: 0,
      ...(this.deps.shouldStick() ? { frozenAt: Math.floor(request.items.length / 2) } : {}),
    } as Job;
    this.jobs.set(job.id, job);
    this.activeOf(job.workspaceId).add(job);
    this.advance(job.workspaceId);
    return job;
  }

  /**
   * The job as of now, or undefined when it does not exist in this workspace: any key of the
   * workspace reads it, a key of another workspace cannot tell it from a job that does not exist.
   */
  get(workspaceId: string, id: string): Job | undefined {
    const job = this.jobs.get(id);
    if (!job || job.workspaceId !== workspaceId) return undefined;
    this.advance(workspaceId);
    return job;
  }

  /** Any workspace's job, for the admin endpoints. */
  find(id: string): Job | undefined {
    const job = this.jobs.get(id);
    if (job) this.advance(job.workspaceId);
    return job;
  }

  all(): Job[] {
    for (const workspaceId of this.active.keys()) this.advance(workspaceId);
    return [...this.jobs.values()];
  }

  status(job: Job): JobStatus {
    if (job.terminal) return job.terminal;
    const firstContactDue = job.durationMs / job.items.length;
    return job.outcomes.length === 0 && this.deps.now() - job.createdAt < firstContactDue / 2
      ? 'CREATED'
      : 'IN_PROGRESS';
  }

  /** When the next contact of the job is due; undefined when nothing more will happen by itself. */
  nextDueAt(job: Job): number | undefined {
    if (job.terminal || job.outcomes.length >= (job.frozenAt ?? job.items.length)) return undefined;
    return this.dueAt(job, job.outcomes.length);
  }

  /** Processes every due contact of every active job of the workspace, in time order. */
  advance(workspaceId: string): void {
    const jobs = this.active.get(workspaceId);
    if (!jobs || jobs.size === 0) return;
    const now = this.deps.now();
    for (;;) {
      let next: Job | undefined;
      let nextAt = Infinity;
      for (const job of jobs) {
        const at = this.nextDueAt(job);
        if (at !== undefined && at <= now && at < nextAt) [next, nextAt] = [job, at];
      }
      if (!next) return;
      this.processNext(next);
    }
  }

  /** Admin: process all remaining contacts now (credits permitting), even of a stuck job. */
  finish(job: Job): void {
    this.advance(job.workspaceId);
    delete job.frozenAt;
    while (!job.terminal) this.processNext(job);
  }

  /** Admin: the job stops where it is; its results so far stay. */
  cancel(job: Job): void {
    this.advance(job.workspaceId);
    if (!job.terminal) this.end(job, 'CANCELED');
  }

  /** Admin: the job stays in progress where it is until finished or canceled. */
  stick(job: Job): void {
    this.advance(job.workspaceId);
    if (!job.terminal) job.frozenAt = job.outcomes.length;
  }

  /** `random`: the job ids start over from it. */
  reset(random?: Random): void {
    this.jobs.clear();
    this.active.clear();
    if (random) this.deps.random = random;
  }

  private dueAt(job: Job, index: number): number {
    return job.createdAt + (job.durationMs * (index + 1)) / job.items.length;
  }

  private processNext(job: Job): void {
    const index = job.outcomes.length;
    if (index >= job.items.length) return this.end(job, 'FINISHED');
    const outcome = this.resolve(job, index);
    if (!this.deps.books.charge(job, outcome.credits)) return this.end(job, 'CREDITS_INSUFFICIENT');
    job.outcomes.push(outcome);
    job.credits += outcome.credits;
    this.deps.onEvent({ type: 'contact_finished', job, index });
    if (job.outcomes.length === job.items.length) this.end(job, 'FINISHED');
  }

  private resolve(job: Job, index: number): ItemOutcome {
    const world = this.deps.world();
    if (job.kind === 'reverse') {
      const person = world.findByEmail((job.items[index] as ReverseItem).email);
      return person
        ? { person, byNetworkUrl: false, credits: REVERSE_PROFILE_PRICE }
        : { byNetworkUrl: false, credits: 0 };
    }
    const item = job.items[index] as EnrichItem;
    const match = world.findContact(item.query);
    if (!match) return { byNetworkUrl: false, credits: 0 };
    return { ...match, credits: enrichmentPrice(match.person, item.fields) };
  }

  private end(job: Job, status: TerminalStatus): void {
    job.terminal = status;
    delete job.frozenAt;
    this.active.get(job.workspaceId)?.delete(job);
    this.deps.onEvent({ type: 'job_ended', job });
  }

  private activeOf(workspaceId: string): Set<Job> {
    let jobs = this.active.get(workspaceId);
    if (!jobs) this.active.set(workspaceId, (jobs = new Set()));
    return jobs;
  }
}

/** The fields asked whose datum the person has: what an enrichment charges for. */
export function fieldsFound(person: Person, fields: ReadonlySet<EnrichField>): EnrichField[] {
  const data = { work_email: person.workEmails, personal_email: person.personalEmails, phone: person.phones };
  return (Object.keys(data) as EnrichField[]).filter((field) => fields.has(field) && data[field].length > 0);
}

/** Credits for what was asked and found: a datum not found or not asked for is free. */
export function enrichmentPrice(person: Person, fields: ReadonlySet<EnrichField>): number {
  return fieldsFound(person, fields).reduce((credits, field) => credits + ENRICH_PRICES[field], 0);
}
