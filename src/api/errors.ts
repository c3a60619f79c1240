/** The one error the API client throws. Its message never contains the API key. */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** The API's error code (e.g. error.api.key), or one of ours (network.failure, response.invalid). */
    readonly code: string,
    message: string,
    /** What happened and what to do next, in plain words, for a cell or the sidebar. */
    readonly userMessage: string,
    /** True when the same request may succeed later (429, 5xx, network). */
    readonly retryable = false,
    /**
     * True when a request that creates something (a job start) may have been processed although
     * its answer was lost (5xx, timeout, dropped connection, unreadable success): sending it again
     * could pay twice, so it is never resent on its own.
     */
    readonly maybeProcessed = false,
    /** The wait the server asked for before the next request (its Retry-After), in ms; 0: none. */
    readonly retryAfterMs = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
