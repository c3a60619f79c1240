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

/** What every message about a write Sheets refused starts with (the run card shows it until it clears). */
export const SHEET_REFUSAL_PREFIX = 'Sheets refused to write the results';

/**
 * Sheets refused a write (a protected range, the cell or spreadsheet limits): nothing of it was
 * written, and the same write succeeds once the user lifts the cause. Its message says which.
 */
export class SheetRefusal extends UserError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SheetRefusal';
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
