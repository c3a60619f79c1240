/**
 * Runs first in the sidebar iframe: `google.script.run` (and `google.script.host`) over HTTP, so the
 * real dist/Sidebar.html runs unchanged. Each call is one POST to /__rpc/<name>, which runs the
 * server function as one execution in the local Apps Script runtime, as Apps Script does for each
 * google.script.run call (calls may overlap in the page; the runtime takes them one at a time).
 * What crosses follows google.script.run's rules, not plain JSON's (script-run-values.ts).
 */
import { scriptRunArguments } from './script-run-values';

type Handler = ((value: unknown, userObject?: unknown) => void) | null;

/** The answer of /__rpc: Apps Script hands over the return value or the thrown error's message. */
interface RpcAnswer {
  ok: boolean;
  value?: unknown;
  message?: string;
}

async function post(name: string, args: unknown[]): Promise<RpcAnswer> {
  const response = await fetch(`/__rpc/${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ args }),
  });
  return (await response.json()) as RpcAnswer;
}

function runner(success: Handler, failure: Handler, userObject: unknown): unknown {
  return new Proxy(
    {},
    {
      get(_target, name) {
        if (name === 'withSuccessHandler') return (handler: Handler) => runner(handler, failure, userObject);
        if (name === 'withFailureHandler') return (handler: Handler) => runner(success, handler, userObject);
        if (name === 'withUserObject') return (object: unknown) => runner(success, failure, object);
        if (typeof name !== 'string' || name === 'then') return undefined;
        return (...args: unknown[]) => {
          let sent: unknown[];
          try {
            sent = scriptRunArguments(args);
          } catch (error) {
            // As in Sheets, a refused parameter fails the request: the failure handler hears it.
            setTimeout(() => failure?.(error, userObject));
            return;
          }
          post(name, sent).then(
            (answer) => {
              if (answer.ok) success?.(answer.value, userObject);
              else failure?.(new Error(answer.message), userObject);
            },
            (error: Error) => failure?.(new Error(`NetworkError: ${error.message}`), userObject),
          );
        };
      },
    },
  );
}

(window as unknown as { google: unknown }).google = {
  script: {
    run: runner(null, null, undefined),
    host: {
      close: () => window.parent.postMessage({ playground: 'closeSidebar' }, '*'),
      setHeight: () => undefined,
      setWidth: () => undefined,
      editor: { focus: () => window.parent.focus() },
    },
  },
};
