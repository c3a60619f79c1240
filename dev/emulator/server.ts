/**
 * createEmulator: the API emulator as an in-process HTTP server (fastify). For a server in a child
 * process (needed by anything that blocks its thread on HTTP, like the local UrlFetchApp), use
 * spawnEmulator from ./spawn.
 */
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { authenticate } from './auth';
import { echoInto } from './echo';
import { errorReply, type ErrorName } from './errors';
import { resolveOptions, type EmulatorOptions } from './options';
import { registerAccountRoutes } from './routes/account';
import { registerAdminRoutes } from './routes/admin';
import { registerJobRoutes } from './routes/jobs';
import { callerClock, sendError } from './routes/reply';
import { registerSearchRoutes } from './routes/search';
import { EmulatorState } from './state';
import type { World } from './world';

export interface Emulator {
  /** Starts listening; resolves with the base URL (no trailing slash), e.g. http://127.0.0.1:41234. */
  listen(): Promise<{ baseUrl: string }>;
  close(): Promise<void>;
  /** The synthetic world (generated on first access). */
  readonly world: World;
  /** The first API key of the start options (`keys` first, then `workspaces`; the demo key by default). */
  readonly apiKey: string;
  /** Internals, for tests that want to look inside (jobs, books, webhooks, faults...). */
  readonly state: EmulatorState;
  readonly app: FastifyInstance;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Faults, then authentication, then the rate limit: the order a real gateway applies them. */
async function guardApiRequest(state: EmulatorState, request: FastifyRequest, reply: FastifyReply) {
  const latency = state.faults.latency();
  if (latency > 0) await sleep(latency);
  const fault = state.faults.decide();
  if (fault.kind === 'reset') {
    reply.hijack();
    request.raw.socket.destroy();
    return reply;
  }
  if (fault.kind === 'status') {
    return sendError(
      reply,
      errorReply(fault.status === 429 ? 'rateLimited' : fault.status === 500 ? 'serverError' : 'unavailable'),
    );
  }
  const caller = authenticate(request.headers.authorization, state.keyRing);
  if ('status' in caller) return sendError(reply, caller);
  // The local Apps Script runtime sends its own clock: its Utilities.sleep moves that clock, not
  // real time, so the window must run on it too or every retry lands in the same full window.
  const retryInMs = state.limiter.hit(caller.key, callerClock(request) ?? state.options.now());
  if (retryInMs > 0) {
    reply.header('retry-after', String(Math.ceil(retryInMs / 1000)));
    return sendError(reply, errorReply('rateLimited'));
  }
  request.caller = caller;
}

/** Framework errors (bad JSON, wrong content type, too large) in the API's `{code, message}` form. */
function frameworkError(error: FastifyError): ErrorName {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'unsupportedMediaType';
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'bodyTooLarge';
  if (error.statusCode === 400) return 'invalidJson';
  return 'serverError';
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const resolved = resolveOptions(options);
  const state = new EmulatorState(resolved);
  const apiKey = state.keyRing.keys()[0] ?? '';
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES, forceCloseConnections: true });

  // The API speaks JSON only; fastify would otherwise hand a text/plain body to the handlers as a string.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((error: FastifyError, _request, reply) =>
    sendError(reply, errorReply(frameworkError(error))),
  );
  app.setNotFoundHandler((_request, reply) => sendError(reply, errorReply('routeNotFound')));
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/__admin/')) return;
    state.stats.record(`${request.method} ${request.routeOptions.url ?? '(no route)'}`, reply.statusCode);
  });

  app.register(async (api) => {
    api.addHook('onRequest', (request, reply) => guardApiRequest(state, request, reply));
    api.addHook('onSend', async (request, reply, payload) => {
      const key = /^bearer\s+(.*)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1]?.trim();
      if (!key || reply.statusCode < 400 || typeof payload !== 'string') return payload;
      return echoInto(payload, key, state.config.echo);
    });
    registerAccountRoutes(api, state);
    registerJobRoutes(api, state);
    registerSearchRoutes(api, state);
  });
  app.register(async (admin) => registerAdminRoutes(admin, state));

  return {
    async listen() {
      await app.listen({ port: resolved.port, host: resolved.host });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('the emulator has no TCP address');
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return { baseUrl: `http://${host}:${address.port}` };
    },
    async close() {
      await state.close();
      await app.close();
    },
    get world() {
      return state.world();
    },
    apiKey,
    state,
    app,
  };
}
