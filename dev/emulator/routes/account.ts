/** Key check and credit balance (spec 4.10, 4.11). */
import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../state';
import { callerOf } from './reply';

export function registerAccountRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get('/api/v2/account/keys/verify', async (request) => ({
    // The `workspace` echo: a key check that answers the key as the workspace id (echo.ts).
    workspace_id: state.config.echo === 'workspace' ? callerOf(request).key : callerOf(request).workspaceId,
  }));

  app.get('/api/v2/account/credits', async (request) => {
    const { workspaceId } = callerOf(request);
    // Jobs spend credits as time passes: bring them up to now so the balance follows.
    state.engine.advance(workspaceId);
    return { balance: state.books.balance(workspaceId) };
  });
}
