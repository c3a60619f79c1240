/**
 * The sidebar's server: every call of the features' tables, each parsing what the page sent with its
 * schema and answering through one error boundary. SidebarServer (below), the page's proxy and the
 * top-level stubs derive from SIDEBAR_RPC, so a new call is one entry in its feature's table.
 */
import { googleLimitMessage } from '../platform/google-limits';
import type * as z from 'zod/mini';
import { ApiError } from '../api/errors';
import { errorForLog, errorMessage, UserError, withoutClassName } from '../domain/user-error';
import type { AppContext } from '../engine/context';
import { FORMULAS_RPC } from '../features/formulas/formulas-rpc';
import type { RpcEntry, ServerOf } from '../rpc/table';
import { RUNS_RPC } from '../features/runs/runs-rpc';
import { SCHEDULE_RPC } from '../features/schedule/schedule-rpc';
import { SEARCH_RPC } from '../features/search/search-rpc';
import { SETTINGS_RPC } from '../features/settings/settings-rpc';
import { SPENDING_RPC } from '../features/spending/spending-rpc';
import { UNDO_RPC } from '../features/undo/undo-rpc';
import { peekChangeStamp } from '../store/change-stamp';
import { query } from '../rpc/table';

/** The page as a whole: what every panel watches. */
const PAGE_RPC = {
  /**
   * The document's change stamp (one cache read, no properties): the page reloads what it shows
   * only when it moved (sidebar/watcher.ts).
   */
  peekChanges: query((ctx) => peekChangeStamp(ctx.cache, ctx.clock)),
};

export const SIDEBAR_RPC = {
  ...PAGE_RPC,
  ...SETTINGS_RPC,
  ...RUNS_RPC,
  ...FORMULAS_RPC,
  ...SCHEDULE_RPC,
  ...SEARCH_RPC,
  ...SPENDING_RPC,
  ...UNDO_RPC,
};

/** Every server function the sidebar may call, with what it takes and answers. */
export type SidebarServer = ServerOf<typeof SIDEBAR_RPC>;

/** The calls as the server runs them: by name, input unknown until parsed. */
const CALLS = SIDEBAR_RPC as Record<string, RpcEntry<unknown, unknown>>;

/** Parses input; a malformed request is a bug in the page, reported in one line. */
function parse<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || what}: ${issue.message}`);
    throw new Error(`Invalid ${what}: ${problems.join('; ')}`);
  }
  return result.data;
}

/**
 * Runs the sidebar call `name` (an entry of SIDEBAR_RPC: the caller checks) over one execution's
 * context, behind the sidebar's one error boundary: a UserError or an ApiError reaches the page as
 * its plain words; anything else is a bug, logged with its stack and shown as one line that says so.
 */
export function serveCall(ctx: AppContext, name: string, input: unknown): unknown {
  const entry = CALLS[name]!;
  try {
    return entry.handler(ctx, entry.input ? parse(entry.input(), input, entry.what) : undefined);
  } catch (error) {
    // A plain Error: Apps Script puts the name before the message it hands the page, and a
    // class name ("UserError: …") means nothing to the user.
    let message = errorMessage(error);
    if (error instanceof UserError) message = withoutClassName(message);
    else if (error instanceof ApiError) message = error.userMessage;
    else if (googleLimitMessage(message)) message = googleLimitMessage(message)!;
    else {
      ctx.log.warn(`${name} failed: ${errorForLog(error, message)}`);
      message = `Sheet Enrich hit an unexpected problem (${message}). Try again; if it persists, report it.`;
    }
    throw new Error(message, { cause: error });
  }
}

/** Every sidebar call over one execution's context, as the page calls them (the tests' way in). */
export function createSidebarServer(ctx: AppContext): SidebarServer {
  return Object.fromEntries(
    Object.keys(CALLS).map((name) => [name, (input: unknown) => serveCall(ctx, name, input)]),
  ) as SidebarServer;
}
