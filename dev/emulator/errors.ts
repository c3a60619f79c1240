/**
 * Every error the emulator answers, as `{code, message}` (spec §7). The codes of §7 are the spec's;
 * the others are ours, in the same naming style, and listed in docs/api-decisions.md.
 */
export const ERRORS = {
  inProgress: [400, 'error.enrichment.in_progress', 'Enrichment not ready, try again in 30 seconds'],
  authNotSet: [401, 'error.authorization.not_set', 'Authorization headers not set'],
  authNotBearer: [401, 'error.authorization.not_bearer', "Authorization headers do not have prefix 'bearer'"],
  unknownKey: [401, 'error.api.key', 'Unknown api key'],
  // The spec's 402 carries a job body (job-result GET); a search has no job, so its 402 is an error body.
  insufficientCredits: [402, 'error.credits.insufficient', 'Insufficient credits'],
  // Ours: what a gateway in front of the API answers when it refuses a request (faults.ts `403`).
  forbidden: [403, 'error.gateway.forbidden', 'Forbidden'],
  jobNotFound: [404, 'error.enrichment.not_found', 'Enrichment ID not found'],
  rateLimited: [429, 'error.rate.limit', 'Too many requests. Try again in 1m'],
  routeNotFound: [404, 'error.route.not_found', 'Route not found'],
  invalidJson: [400, 'error.request.invalid_json', 'The request body is not valid JSON'],
  unsupportedMediaType: [415, 'error.request.unsupported_media_type', 'Send the body as application/json'],
  bodyTooLarge: [413, 'error.request.too_large', 'The request body is too large'],
  webhookNotAllowed: [
    400,
    'error.request.webhook_url_not_allowed',
    'The emulator only delivers webhooks to loopback URLs',
  ],
  serverError: [500, 'error.server', 'Internal server error'],
  unavailable: [503, 'error.server', 'Service temporarily unavailable'],
} as const satisfies Record<string, readonly [number, string, string]>;

export type ErrorName = keyof typeof ERRORS;

export interface ErrorReply {
  status: number;
  body: { code: string; message: string };
}

export function errorReply(name: ErrorName, message?: string): ErrorReply {
  const [status, code, defaultMessage] = ERRORS[name];
  return { status, body: { code, message: message ?? defaultMessage } };
}

/** A 400 whose code depends on what was wrong with the body (validation.ts). */
export function badRequest(code: string, message: string): ErrorReply {
  return { status: 400, body: { code, message } };
}
