/** An error in words, for the user and for the execution log, the same way at every boundary. */

/** An Error's message; anything else thrown, as text. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** What the execution log gets: an Error's stack (its message comes first in it), else `words`. */
export const errorForLog = (error: unknown, words = errorMessage(error)): string =>
  error instanceof Error ? (error.stack ?? words) : words;
