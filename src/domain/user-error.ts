/**
 * An error meant for the user: a plan that cannot be made, a start refused. Its message is plain
 * words with what to do next, shown as it is; any other error is a bug, shown briefly and logged
 * with its stack. (The API client's ApiError carries its own `userMessage`.)
 */
export class UserError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UserError';
  }
}

/**
 * A message as the user reads it: without the class names runtimes put before it ("UserError: ",
 * "Exception: ", "Uncaught Error: "), however many were stacked up on the way.
 */
export function withoutClassName(text: string): string {
  return text.replace(/^(\s*(Uncaught\s+)?(([A-Z][A-Za-z]*)?Error|Exception):\s*)+/, '').trim();
}

/** An Error's message; anything else thrown, as text. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** What the execution log gets: an Error's stack (its message comes first in it), else `words`. */
export const errorForLog = (error: unknown, words = errorMessage(error)): string =>
  error instanceof Error ? (error.stack ?? words) : words;
