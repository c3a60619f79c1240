/**
 * The typed promise proxy over google.script.run: `server.planRun(request)` resolves with the
 * server function's return value and rejects with its error message. Types come from the
 * contract in src/app/sidebar-contract.ts (`import type` only, so no server code lands in the page).
 */
import type { SidebarServer } from '../src/app/sidebar-contract';
import { withoutClassName } from '../src/domain/user-error';

/** Every function of T, returning a promise of what it returned. */
export type AsyncServer<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};

interface ScriptRunner {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRunner;
  withFailureHandler(handler: (error: unknown) => void): ScriptRunner;
}

declare const google: { script: { run: ScriptRunner } };

/**
 * Apps Script prefixes thrown errors with their type ("Exception:", "UserError:"); the user only
 * needs the sentence, never one of our class names.
 */
export function plainMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error ?? '');
  const message = withoutClassName(text);
  return message || 'The add-on did not answer. Check your connection and try again.';
}

function callServer(name: string, args: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (typeof google === 'undefined' || !google.script?.run) {
      reject(new Error('This page only works inside Google Sheets (google.script.run is missing).'));
      return;
    }
    const runner = google.script.run
      .withSuccessHandler(resolve)
      .withFailureHandler((error) => reject(new Error(plainMessage(error))));
    // One server function serves every sidebar call (src/app/entry-points.ts, sidebarCall).
    (runner as unknown as { rpc: (...callArgs: unknown[]) => void }).rpc(name, ...args);
  });
}

/** The server, one promise per call. A Proxy, so a new rpc function needs no change here. */
export const server = new Proxy({} as AsyncServer<SidebarServer>, {
  get:
    (_target, name) =>
    (...args: unknown[]) =>
      callServer(String(name), args),
});
