/** A problem the user can fix (bad input, refused key): shown as a message, never as a stack trace. */
export class EnrichRunError extends Error {}

/** A mistake in the command line itself: the message is followed by the usage text. */
export class UsageError extends EnrichRunError {}
