import { withoutClassName } from '../../src/domain/user-error';

/**
 * A problem the user can fix (bad input, refused key): shown as a message, never as a stack trace;
 * exit code 2, or `exitCode` (1: the API did not answer, nothing was touched).
 */
export class EnrichRunError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** A mistake in the command line itself: the message is followed by the usage text. */
export class UsageError extends EnrichRunError {}

/** Errors thrown inside the add-on come from its own realm: `instanceof Error` is false for them. */
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return withoutClassName(typeof message === 'string' ? message : String(error));
}

/**
 * The add-on's messages speak of its Settings panel; on the command line the same things are flags
 * and a variable (issue 30): say those instead.
 */
export function inCliWords(message: string): string {
  return message
    .replace(/Check it in Settings\./g, 'Check --api-key (or the SHEET_ENRICH_API_KEY variable).')
    .replace(/Add it in Settings\./g, 'Give it with SHEET_ENRICH_API_KEY (or --api-key).')
    .replace(/the address in Settings/g, 'the --api-url')
    .replace(/The enrichment service address in Settings/g, 'The --api-url')
    .replace(
      /save your API key in Settings, then resume it/g,
      'run the same command again with a working key (SHEET_ENRICH_API_KEY or --api-key)',
    )
    .replace(/save the API key in Settings to resume it/g, 'run again with a working key to resume it');
}
