/**
 * Names of the properties the add-on keeps, in one place: the local runtime's harness seeds the
 * same keys that the settings screen writes.
 */
export const USER_PROPERTY = {
  /** The user's API key: only in user properties, never in a cell, a log or the sidebar HTML. */
  apiKey: 'sheetEnrich.apiKey',
  /** Overrides the build's default API base URL (advanced setting). */
  apiBaseUrl: 'sheetEnrich.apiBaseUrl',
  /** "0" when the user turned the background poll trigger off (default on). */
  backgroundRefresh: 'sheetEnrich.backgroundRefresh',
  /** The plan shown for confirmation, waiting for startRun. */
  pendingPlan: 'sheetEnrich.pendingPlan',
  /** The panel a menu item asked the sidebar to open; read once by getSettings. */
  openPanel: 'sheetEnrich.openPanel',
} as const;
