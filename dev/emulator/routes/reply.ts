/** Small helpers shared by the route modules. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth';
import type { ErrorReply } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API plugin's auth hook before any API handler runs. */
    caller?: Caller;
  }
}

export function sendError(reply: FastifyReply, error: ErrorReply): FastifyReply {
  return reply.code(error.status).send(error.body);
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('API route reached without authentication');
  return request.caller;
}

/** The clock of the local runtime that sent the request (header `x-local-clock`, ms), if any. */
export const LOCAL_CLOCK_HEADER = 'x-local-clock';
export function callerClock(request: FastifyRequest): number | undefined {
  const value = Number(request.headers[LOCAL_CLOCK_HEADER]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
