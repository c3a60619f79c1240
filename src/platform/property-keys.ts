/**
 * Names of the properties the add-on keeps, in one place: the local runtime's harness seeds the
 * same keys that the settings screen writes.
 */
export const USER_PROPERTY = {
  /** The user's API key: only in user properties, never in a cell, a log or the sidebar HTML. */
  apiKey: 'sheetEnrich.apiKey',
  /** Overrides the build's default API base URL (advanced setting). */
  apiBaseUrl: 'sheetEnrich.apiBaseUrl',
} as const;
