/** Bulk enrichment and reverse lookup: start (v1, v2 reverse) and GET results (v1, v2). Spec 4.1 to 4.7. */
import { malformBody } from '../malformed';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { errorReply } from '../errors';
import type { ApiVersion, EnrichField, EnrichItem, Job, JobKind, NewJob } from '../jobs';
import type { Payer } from '../books';
import {
  ENRICH_FIELD_VALUES,
  enrichStartV1,
  reverseStartV1,
  reverseStartV2,
  type EnrichItemBody,
} from '../requests';
import type { EmulatorState } from '../state';
import { validateBody } from '../validation';
import { jobBody } from '../views/records';
import { isLoopbackUrl } from '../webhooks';
import { callerClock, callerOf, sendError } from './reply';

/** Absent `enrich_fields` asks for everything (docs/api-decisions.md, "`enrich_fields` values"). */
const ALL_FIELDS: ReadonlySet<EnrichField> = new Set(Object.values(ENRICH_FIELD_VALUES));

const given = (value: string | undefined): string | undefined => (value?.trim() ? value : undefined);

function toEnrichItem(item: EnrichItemBody): EnrichItem {
  return {
    query: {
      firstName: given(item.firstname),
      lastName: given(item.lastname),
      domain: given(item.domain),
      companyName: given(item.company_name),
      networkUrl: given(item.network_url),
    },
    custom: item.custom ?? {},
    fields: item.enrich_fields
      ? new Set(item.enrich_fields.map((field) => ENRICH_FIELD_VALUES[field]))
      : ALL_FIELDS,
  };
}

/** Both webhook URLs must be loopback (the emulator never calls out); answers the 400 itself. */
function webhooksAllowed(reply: FastifyReply, ...urls: (string | undefined)[]): boolean {
  if (urls.every((url) => url === undefined || isLoopbackUrl(url))) return true;
  sendError(reply, errorReply('webhookNotAllowed'));
  return false;
}

interface JobParams {
  enrichment_id?: string;
  reverse_email_id?: string;
}

/** What the body describes; who pays (key and workspace) comes from the caller. */
type JobRequest = NewJob extends infer T
  ? T extends NewJob
    ? Omit<T, Exclude<keyof Payer, 'name'>>
    : never
  : never;

export function registerJobRoutes(app: FastifyInstance, state: EmulatorState): void {
  const startRoute =
    <T>(schema: z.ZodMiniType<T>, describe: (body: T) => JobRequest) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const body = validateBody(schema, request.body);
      if (!body.ok) return sendError(reply, body.error);
      const described = describe(body.value);
      if (!webhooksAllowed(reply, described.webhookUrl, described.contactFinishedUrl)) return reply;
      const { key, workspaceId } = callerOf(request);
      const bookedAt = callerClock(request) ?? state.options.now();
      const job = state.engine.create({ ...described, key, workspaceId, bookedAt });
      state.scheduleTicks(job);
      const lost = state.faults.lostAnswer();
      if (lost !== 'none') job.answerLost = lost;
      if (lost === 'reset') {
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
      if (lost === 'status') return sendError(reply, errorReply('unavailable'));
      return reply.send({ enrichment_id: job.id });
    };

  app.post(
    '/api/v1/contact/enrich/bulk',
    startRoute(enrichStartV1, (body) => ({
      kind: 'enrich',
      name: body.name,
      startedWith: 'v1',
      items: body.datas.map(toEnrichItem),
      webhookUrl: body.webhook_url,
    })),
  );

  app.post(
    '/api/v2/contact/reverse/email/bulk',
    startRoute(reverseStartV2, (body) => ({
      kind: 'reverse',
      name: body.name,
      startedWith: 'v2',
      items: body.data.map((item) => ({ email: item.email, custom: item.custom ?? {} })),
      webhookUrl: body.webhook_url,
      contactFinishedUrl: body.webhook_events?.contact_finished,
    })),
  );

  app.post(
    '/api/v1/contact/reverse/email/bulk',
    startRoute(reverseStartV1, (body) => ({
      kind: 'reverse',
      name: body.name,
      startedWith: 'v1',
      items: body.data.map((item) => ({ email: item.email, custom: {} })),
      webhookUrl: body.webhook_url,
    })),
  );

  const findJob = (request: FastifyRequest<{ Params: JobParams }>, kind: JobKind): Job | undefined => {
    const id = request.params.enrichment_id ?? request.params.reverse_email_id ?? '';
    const job = state.engine.get(callerOf(request).workspaceId, id);
    return job?.kind === kind ? job : undefined;
  };

  const getResult = (kind: JobKind, version: ApiVersion) =>
    async function (
      request: FastifyRequest<{ Params: JobParams; Querystring: { forceResults?: string } }>,
      reply: FastifyReply,
    ) {
      const forced = isTrue(request.query.forceResults);
      if (state.faults.forbidsResult(forced)) return sendError(reply, errorReply('forbidden'));
      const job = findJob(request, kind);
      if (!job) return sendError(reply, errorReply('jobNotFound'));
      // §4.3 gives the v1 enrichment GET "the same forceResults query parameter (... same meaning)":
      // without it, what a job not finished has found so far is not shown. v1 still answers 200 with
      // the status (docs/api-decisions.md); the reverse GETs have no forceResults (§4.6, §4.7).
      const withheld = kind === 'enrich' && version === 'v1' && !forced && !job.terminal;
      const body = malformBody(
        jobBody(state.engine, job, version, withheld),
        job.id,
        state.faults.config.malformed,
        state.options.seed,
      );
      // Only the v2 enrichment GET has the "not ready" 400 and the 402 (spec §3, §7); the others
      // answer 200 with the job's status (docs/api-decisions.md).
      if (kind === 'enrich' && version === 'v2') {
        if (body.status === 'CREDITS_INSUFFICIENT') return reply.code(402).send(body);
        const finished = body.status === 'FINISHED' || body.status === 'CANCELED';
        if (!finished && !forced) return sendError(reply, errorReply('inProgress'));
      }
      return reply.send(body);
    };

  app.get('/api/v2/contact/enrich/bulk/:enrichment_id', getResult('enrich', 'v2'));
  app.get('/api/v1/contact/enrich/bulk/:enrichment_id', getResult('enrich', 'v1'));
  app.get('/api/v2/contact/reverse/email/bulk/:enrichment_id', getResult('reverse', 'v2'));
  app.get('/api/v1/contact/reverse/email/bulk/:reverse_email_id', getResult('reverse', 'v1'));
}

function isTrue(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}
