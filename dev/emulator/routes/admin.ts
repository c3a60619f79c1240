/**
 * Test-control endpoints under /__admin/ (no API key; loopback clients only, anyone else gets the
 * plain 404). They let integration tests script 429 storms, 5xx, an API that is down, stuck jobs,
 * running out of credits and cancellations. Documented in dev/emulator/README.md.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { badRequest, errorReply } from '../errors';
import { ECHO_FORMS } from '../echo';
import { parseFaults } from '../faults';
import { fieldsFound, type ItemOutcome, type Job } from '../jobs';
import type { EmulatorState } from '../state';
import { validateBody } from '../validation';
import { extraDataSchema } from '../world/extra';
import { sendError } from './reply';

const nonNegative = z.int().check(z.minimum(0));

const configBody = z.strictObject({
  faults: z.optional(z.string()),
  down: z.optional(z.union([z.boolean(), z.literal('reset')])),
  jobMs: z.optional(nonNegative),
  rateLimit: z.optional(nonNegative),
  minuteMs: z.optional(z.int().check(z.minimum(1))),
  echo: z.optional(z.enum(ECHO_FORMS)),
});

const clockBody = z.strictObject({ advanceMs: nonNegative });

const keyList = z.array(z.string().check(z.minLength(1)));
const restartBody = z.strictObject({
  keys: z.optional(keyList),
  workspaces: z.optional(z.record(z.string().check(z.minLength(1)), keyList)),
  credits: z.optional(nonNegative),
  jobMs: z.optional(nonNegative),
  rateLimit: z.optional(nonNegative),
  minuteMs: z.optional(z.int().check(z.minimum(1))),
  faults: z.optional(z.string()),
  data: z.optional(extraDataSchema),
});

const creditsBody = z.strictObject({ balance: nonNegative, key: z.optional(z.string()) });

const nonEmpty = z.string().check(z.minLength(1));
const addKeyBody = z.strictObject({ key: nonEmpty, workspace: z.optional(nonEmpty) });

const unknownKey = (key: string) => badRequest('error.admin.unknown_key', `No such key: "${key}"`);

export function isLoopbackAddress(address: string | undefined): boolean {
  return (
    address !== undefined &&
    (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'))
  );
}

function jobSummary(state: EmulatorState, job: Job) {
  return {
    id: job.id,
    kind: job.kind,
    name: job.name,
    status: state.engine.status(job),
    processed: job.outcomes.length,
    total: job.items.length,
    credits: job.credits,
    workspace_id: job.workspaceId,
    key: job.key,
    stuck: job.frozenAt !== undefined,
    ...(job.answerLost && { answer_lost: job.answerLost }),
    created_at: new Date(job.createdAt).toISOString(),
  };
}

/**
 * Who was charged, per workspace, person and kind of job: how many people were charged more than
 * once (the same input paid twice), and what charging each of them once would have cost. Per
 * workspace: two accounts cannot share what they bought, so each paying once is the minimum.
 */
function chargesOf(jobs: readonly Job[]) {
  const byPerson = new Map<string, { count: number; credits: number }>();
  for (const job of jobs)
    for (const outcome of job.outcomes) {
      if (!outcome.person || outcome.credits === 0) continue;
      const key = `${job.workspaceId}:${job.kind}:${outcome.person.id}`;
      const seen = byPerson.get(key);
      byPerson.set(key, {
        count: (seen?.count ?? 0) + 1,
        credits: Math.max(seen?.credits ?? 0, outcome.credits),
      });
    }
  const charged = [...byPerson.values()];
  return {
    persons: charged.length,
    charged_twice: charged.filter((person) => person.count > 1).length,
    credits_once: charged.reduce((sum, person) => sum + person.credits, 0),
  };
}

/**
 * Every processed item of every job: whom it matched and what it cost, with the fingerprint the
 * client sent in `custom.fp` and the work emails the person has. The fuzzer's truth (issue 38): who
 * was charged for which contact, in which job, and what a saved answer may say.
 */
function outcomesOf(jobs: readonly Job[]) {
  return jobs.flatMap((job) =>
    job.outcomes.map((outcome, index) => {
      const person = outcome.person;
      return {
        job: job.id,
        name: job.name,
        workspace_id: job.workspaceId,
        kind: job.kind,
        fp: job.items[index]?.custom.fp ?? '',
        person: person?.id ?? null,
        credits: outcome.credits,
        charged_for: chargedFor(job, index, outcome),
        work_emails: person?.workEmails.map((email) => email.email) ?? [],
        personal_emails: person?.personalEmails.map((email) => email.email) ?? [],
        phones: person?.phones.map((phone) => phone.number) ?? [],
        full_name: person?.fullName ?? null,
      };
    }),
  );
}

/**
 * What an item's credits paid for (they add up to its `credits`): each field it asked whose datum
 * the person has (enrichmentPrice's rule), or the profile a reverse lookup found. A count of
 * charges per person and field tells a second field bought later from the same field bought twice.
 */
function chargedFor(job: Job, index: number, outcome: ItemOutcome): string[] {
  if (!outcome.person || outcome.credits === 0) return [];
  if (job.kind === 'reverse') return ['profile'];
  return fieldsFound(outcome.person, job.items[index]!.fields);
}

const JOB_ACTIONS = {
  finish: (state: EmulatorState, job: Job) => state.engine.finish(job),
  cancel: (state: EmulatorState, job: Job) => state.engine.cancel(job),
  stick: (state: EmulatorState, job: Job) => state.engine.stick(job),
} as const;

export function registerAdminRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.socket.remoteAddress))
      return sendError(reply, errorReply('routeNotFound'));
  });

  app.get('/__admin/state', async () => ({
    config: state.config,
    faults: state.faults.config,
    balances: state.books.balancesByWorkspace(),
    workspaces: state.keyRing.layout(),
    unbilled_search_results: state.books.unbilledSearchResultsByWorkspace(),
    seed: state.options.seed,
  }));

  app.post('/__admin/config', async (request, reply) => {
    const body = validateBody(configBody, request.body);
    if (!body.ok) return sendError(reply, body.error);
    const { faults, down, ...config } = body.value;
    try {
      const next = faults === undefined ? state.faults.config : parseFaults(faults, state.faults.config);
      state.faults.config = down === undefined ? next : { ...next, down };
    } catch (error) {
      return sendError(reply, badRequest('error.admin.invalid_faults', (error as Error).message));
    }
    state.config = { ...state.config, ...config };
    return { config: state.config, faults: state.faults.config };
  });

  app.post('/__admin/clock', async (request, reply) => {
    const body = validateBody(clockBody, request.body);
    if (!body.ok) return sendError(reply, body.error);
    state.skip(body.value.advanceMs);
    return { now: new Date(state.options.now()).toISOString() };
  });

  app.post('/__admin/credits', async (request, reply) => {
    const body = validateBody(creditsBody, request.body);
    if (!body.ok) return sendError(reply, body.error);
    const { balance, key } = body.value;
    if (!state.books.setBalance(balance, key)) return sendError(reply, unknownKey(key ?? ''));
    return { balances: state.books.balancesByWorkspace() };
  });

  // A key revoked and issued again, or a team member joining: the workspace and its jobs stay.
  app.post('/__admin/keys', async (request, reply) => {
    const body = validateBody(addKeyBody, request.body);
    if (!body.ok) return sendError(reply, body.error);
    try {
      const workspaceId = state.keyRing.add(body.value.key, body.value.workspace);
      return { workspace_id: workspaceId, workspaces: state.keyRing.layout() };
    } catch (error) {
      return sendError(reply, badRequest('error.admin.key_in_use', (error as Error).message));
    }
  });

  app.delete<{ Params: { key: string } }>('/__admin/keys/:key', async (request, reply) => {
    if (!state.keyRing.remove(request.params.key)) return sendError(reply, unknownKey(request.params.key));
    return { workspaces: state.keyRing.layout() };
  });

  app.get('/__admin/jobs', async () => ({ jobs: state.engine.all().map((job) => jobSummary(state, job)) }));
  app.get('/__admin/books', async () => ({ charges: state.books.charges() }));
  app.get('/__admin/outcomes', async () => ({ outcomes: outcomesOf(state.engine.all()) }));

  const jobOr404 = (request: FastifyRequest<{ Params: { id: string } }>) =>
    state.engine.find(request.params.id);

  app.get<{ Params: { id: string } }>('/__admin/jobs/:id', async (request, reply) => {
    const job = jobOr404(request);
    return job ? jobSummary(state, job) : sendError(reply, errorReply('jobNotFound'));
  });

  app.post<{ Params: { id: string; action: string } }>(
    '/__admin/jobs/:id/:action',
    async (request, reply) => {
      const action = JOB_ACTIONS[request.params.action as keyof typeof JOB_ACTIONS];
      if (!action) return sendError(reply, errorReply('routeNotFound'));
      const job = jobOr404(request);
      if (!job) return sendError(reply, errorReply('jobNotFound'));
      action(state, job);
      state.scheduleTicks(job);
      return jobSummary(state, job);
    },
  );

  app.get('/__admin/stats', async () => {
    const jobs = state.engine.all();
    const byStatus: Record<string, number> = {};
    for (const job of jobs) {
      const status = state.engine.status(job);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    }
    const webhooks = { pending: 0, delivered: 0, failed: 0 };
    for (const delivery of state.webhooks.log()) webhooks[delivery.state]++;
    return {
      requests: state.stats.snapshot(),
      total_requests: state.stats.total(),
      credits_spent: state.books.spent,
      credits_spent_by_key: state.books.spentPerKey(),
      credits_spent_by_workspace: state.books.spentPerWorkspace(),
      jobs: { total: jobs.length, by_status: byStatus },
      webhooks,
      charges: chargesOf(jobs),
      search: state.stats.searchSnapshot(),
    };
  });

  app.get('/__admin/webhooks', async () => ({ deliveries: state.webhooks.log() }));

  app.post('/__admin/reset', async () => {
    state.reset();
    return { ok: true };
  });

  // A test file that wants other keys, credits or job time than the file before it, without a new
  // child (whose start and world cost about 0.5 CPU-s).
  app.post('/__admin/restart', async (request, reply) => {
    const body = validateBody(restartBody, request.body);
    if (!body.ok) return sendError(reply, body.error);
    try {
      if (body.value.faults !== undefined) parseFaults(body.value.faults);
      state.restart(body.value);
    } catch (error) {
      return sendError(reply, badRequest('error.admin.invalid_start', (error as Error).message));
    }
    return { key: state.keyRing.keys()[0] ?? '' };
  });
}
