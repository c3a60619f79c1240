/**
 * An in-memory EnrichmentApi with deterministic answers: everyone is found except people whose
 * last name is "Nobody". Tests replace `outcomeFor` to script rate limits, 402s, 404s...
 */
import { ApiError } from '../../../src/api/errors';
import { type ContactResult, type JobResult } from '../../../src/domain/model';
import { type JobKind } from '../../../src/domain/runs';
import { PRICES, type EnrichField } from '../../../src/domain/fields';
import type {
  EnrichItemInput,
  EnrichmentApi,
  JobStart,
  JobRef,
  PollOutcome,
  ReverseItemInput,
} from '../../../src/api/port';

export interface FakeJob {
  id: string;
  kind: JobKind;
  name: string;
  items: (EnrichItemInput | ReverseItemInput)[];
  fields: readonly EnrichField[];
  polls: number;
}

export function apiError(
  status: number,
  code = `http.${status}`,
  retryable = status === 429 || status >= 500,
) {
  return new ApiError(status, code, `HTTP ${status} ${code}`, `The service said ${status}.`, retryable);
}

export class FakeApi implements EnrichmentApi {
  readonly jobs = new Map<string, FakeJob>();
  startCalls = 0;
  pollCalls = 0;
  polledJobs = 0;
  balanceCalls = 0;
  /** Polls answered "not ready" before a job's result is ready. */
  notReadyPolls = 0;
  startError: ApiError | undefined;
  /** Overrides one poll's outcome; return undefined for the default. */
  outcomeFor: (job: FakeJob) => PollOutcome | undefined = () => undefined;
  /** Jobs asked for with forceResults. */
  forcedJobs = 0;
  /**
   * A forceResults poll's outcome; the default is what the job found so far (`forcedItems` items,
   * status IN_PROGRESS), as the API's partial results.
   */
  forcedOutcomeFor: (job: FakeJob) => PollOutcome | undefined = () => undefined;
  /** Items a forced poll returns by default (all when unset). */
  forcedItems: number | undefined;
  balance = 1000;

  startEnrichment(name: string, items: EnrichItemInput[], fields: readonly EnrichField[]): string {
    if (items.length > 100) throw new Error('over 100 items');
    return this.start({ kind: 'enrich', name, items, fields });
  }
  startReverse(name: string, items: ReverseItemInput[]): string {
    return this.start({ kind: 'reverse', name, items, fields: [] });
  }
  /** Told of every round trip's requests, as the HTTP client counts them in the API's window. */
  onRequests: (count: number) => void = () => {};
  startJobs(starts: readonly JobStart[]): Array<string | ApiError> {
    this.onRequests(starts.length);
    return starts.map((start) => {
      try {
        return start.kind === 'enrich'
          ? this.startEnrichment(start.name, start.items, start.fields)
          : this.startReverse(start.name, start.items);
      } catch (error) {
        if (error instanceof ApiError) return error;
        throw error;
      }
    });
  }
  private start(job: Omit<FakeJob, 'id' | 'polls'>): string {
    this.startCalls++;
    if (this.startError) throw this.startError;
    for (const item of job.items) {
      if (Object.values(item.custom).some((value) => typeof value !== 'string'))
        throw new Error('custom not strings');
    }
    const id = `job-${this.jobs.size + 1}`;
    this.jobs.set(id, { ...job, id, polls: 0 });
    return id;
  }
  fetchResults(refs: readonly JobRef[], options: { forceResults?: boolean } = {}): PollOutcome[] {
    this.onRequests(refs.length);
    this.pollCalls++;
    this.polledJobs += refs.length;
    return refs.map((ref) => {
      const job = this.jobs.get(ref.id);
      if (!job) return { kind: 'error', error: apiError(404, 'error.enrichment.not_found') };
      job.polls++;
      if (options.forceResults) {
        this.forcedJobs++;
        const forced = this.forcedOutcomeFor(job);
        if (forced) return forced;
        return { kind: 'result', result: this.resultOf(job, 'IN_PROGRESS', this.forcedItems) };
      }
      const scripted = this.outcomeFor(job);
      if (scripted) return scripted;
      if (job.polls <= this.notReadyPolls) return { kind: 'not_ready' };
      return { kind: 'result', result: this.resultOf(job, 'FINISHED') };
    });
  }
  creditBalance(): number {
    this.balanceCalls++;
    return this.balance;
  }
  verifyKey(): string {
    return 'workspace-1';
  }

  /** The full answer of a job with the given status; `upTo` items only (a 402 stops early). */
  resultOf(job: FakeJob, status: JobResult['status'], upTo = job.items.length): JobResult {
    const items = job.items.slice(0, upTo).map((item) => this.answer(job, item));
    const credits = items.reduce(
      (sum, item) =>
        sum +
        (item.workEmail ? PRICES.work_email : 0) +
        (item.personalEmail ? PRICES.personal_email : 0) +
        (item.phone ? PRICES.phone : 0),
      0,
    );
    return { id: job.id, name: job.name, kind: job.kind, status, items, rejected: [], credits };
  }

  private answer(job: FakeJob, item: EnrichItemInput | ReverseItemInput): ContactResult {
    const base: ContactResult = {
      custom: item.custom,
      input: {},
      workEmails: [],
      personalEmails: [],
      phones: [],
    };
    if ('email' in item) {
      const [local = '', domain = ''] = item.email.split('@');
      if (local === 'nobody') return { ...base, input: { email: item.email } };
      return {
        ...base,
        input: { email: item.email },
        profile: {
          fullName: local.replace('.', ' '),
          title: '=CEO()',
          companyDomain: domain,
          location: 'Paris, France',
        },
      };
    }
    const contact = item as EnrichItemInput;
    base.input = {
      firstName: contact.firstName,
      lastName: contact.lastName,
      companyDomain: contact.companyDomain,
    };
    if (contact.lastName === 'Nobody') return base;
    const domain =
      contact.companyDomain ?? `${(contact.companyName ?? 'acme').toLowerCase().replace(/\W/g, '')}.com`;
    const local = `${contact.firstName ?? 'x'}.${contact.lastName ?? 'y'}`.toLowerCase();
    const result: ContactResult = { ...base };
    if (job.fields.includes('work_email'))
      result.workEmail = { email: `${local}@${domain}`, status: 'DELIVERABLE' };
    if (job.fields.includes('personal_email')) result.personalEmail = { email: `${local}@gmail.com` };
    if (job.fields.includes('phone')) result.phone = { number: '+33612345678', region: 'FR' };
    if (contact.networkUrl)
      result.profile = { fullName: `${contact.firstName} ${contact.lastName}`, title: 'CTO' };
    return result;
  }
}

/**
 * Answers the starts in the order the engine sends them (one request each: job-starter.ts),
 * numbered from 0 across calls: `answer(n, send)` is what start n gets, `send()` makes its job.
 */
export function answerStarts(
  api: FakeApi,
  answer: (n: number, send: () => string | ApiError) => string | ApiError,
): void {
  let n = 0;
  api.startJobs = (starts) =>
    starts.map((start) => answer(n++, () => FakeApi.prototype.startJobs.call(api, [start])[0]!));
}

/** A start's answer lost on the way back (a 502): it may have made its job. */
export const lostAnswer = (): ApiError =>
  new ApiError(502, 'http.502', 'HTTP 502', 'The service said 502.', true, true);

/**
 * From now on every start reaches the provider (its job runs, and charges) and its answer is lost
 * on the way back (a 502): a lost start that may have been paid.
 */
export function loseStartAnswers(api: FakeApi): void {
  answerStarts(api, (_, send) => (send(), lostAnswer()));
}

/** A job that stopped at once for want of credits: the API lists its items, none processed. */
export function outOfCreditsAtOnce(api: FakeApi, job: FakeJob): PollOutcome {
  const full = api.resultOf(job, 'CREDITS_INSUFFICIENT');
  const unprocessed = full.items.map(({ custom, input }) => ({
    custom,
    input,
    workEmails: [],
    personalEmails: [],
    phones: [],
  }));
  return { kind: 'result', result: { ...full, items: unprocessed, credits: 0 } };
}
