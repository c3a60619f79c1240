/**
 * The built add-on (dist/Code.js) in the local Apps Script runtime, as the command lines run it
 * (enrich-run.ts, search-run.ts): what they set on the runtime, and how an entry point's failure
 * becomes their one-line message.
 */
import { loadAddon, type Addon, type LoadOptions } from '../../dev/gas/harness';
import { EnrichRunError, messageOf } from './run-error';

/** The add-on's own message when one of its functions threw (an Apps Script "Exception: …"). */
export function callOrExplain<T>(addon: Addon, name: string, ...args: unknown[]): T {
  try {
    return addon.call<T>(name, ...args);
  } catch (error) {
    throw new EnrichRunError(messageOf(error));
  }
}

/** dist/Code.js in the local runtime, for a command line run: on the API given, from the stored state. */
export function openRuntime(
  options: Pick<
    LoadOptions,
    'apiBaseUrl' | 'apiKey' | 'budgetMs' | 'state' | 'beforeFetch' | 'afterDocumentWrite' | 'journalAnswers'
  > & {
    /** Utilities.sleep blocks for real (a command line waits 429s out in real time). */
    realTime?: boolean;
  },
): Addon {
  return loadAddon({
    ...(options.realTime ? { realSleep: true } : {}),
    ...(options.beforeFetch ? { beforeFetch: options.beforeFetch } : {}),
    ...(options.afterDocumentWrite ? { afterDocumentWrite: options.afterDocumentWrite } : {}),
    ...(options.journalAnswers ? { journalAnswers: options.journalAnswers } : {}),
    // A command line never reads them back, and a long run would keep every start's body.
    recordRequests: false,
    // A command line is no Apps Script: a million rows make 20,000 requests, Google's daily URL
    // fetch quota for a consumer account, in one harness day. The API's own limits still apply.
    dailyQuotas: false,
    apiBaseUrl: options.apiBaseUrl,
    apiKey: options.apiKey,
    // The emulator runs on loopback; any other API must be the one the build allow-lists.
    allowLoopback: true,
    ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
    ...(options.state ? { state: options.state } : {}),
  });
}
