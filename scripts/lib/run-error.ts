/** A problem the user can fix (bad input, refused key): shown as a message, never as a stack trace. */
export class EnrichRunError extends Error {}
