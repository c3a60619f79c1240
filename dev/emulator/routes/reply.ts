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
