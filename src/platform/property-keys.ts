/**
 * Names of every property the add-on keeps, in one place (single keys and key families): the local
 * runtime's harness seeds the same keys that the settings screen writes, and a key family is never
 * spelled twice.
 */

/** Every key starts with it ("sheetEnrich.apiKey"…): written once, and in Code.js once. */
const NS = 'sheetEnrich.';

export const USER_PROPERTY = {
  /** The user's API key: only in user properties, never in a cell, a log or the sidebar HTML. */
  apiKey: `${NS}apiKey`,
  /** Overrides the build's default API base URL (advanced setting). */
  apiBaseUrl: `${NS}apiBaseUrl`,
  /** "0" when the user turned the background poll trigger off (default on). */
  backgroundRefresh: `${NS}backgroundRefresh`,
  /** The fields to find this user ticked last (Enrich panel), so the next sheet starts from them. */
  enrichFields: `${NS}enrichFields`,
  /** The plan shown for confirmation, waiting for startRun. */
  pendingPlan: `${NS}pendingPlan`,
  /** The panel a menu item asked the sidebar to open; read once by getSettings. */
  openPanel: `${NS}openPanel`,
  /** Why the API refused the saved key (plain words); cleared when a key is saved or works again. */
  keyRefused: `${NS}keyRefused`,
  /** This user's UrlFetch calls and trigger runtime today (the quota meter), and the API's pace. */
  quotaUsage: `${NS}quotaUsage`,
  /**
   * This user's id in every document's records (runs, schedules, automatic formulas): random, made
   * once. Apps Script's own identities do not serve: emails are empty for some consumer accounts,
   * and the temporary active-user key changes every 30 days, while a run or a schedule lives longer.
   */
  userId: `${NS}userId`,
  /** "<key id> <workspace id>": the workspace the saved key verified to (store/user-identity.ts). */
  keyWorkspace: `${NS}keyWorkspace`,
  /** The daily limit with this user's key in all their spreadsheets, and today's count (key-limit.ts). */
  keyLimit: `${NS}keyLimit`,
  /** + spreadsheet id + "." + handler: the minutes a trigger got there (Apps Script cannot tell). */
  triggerMinutesPrefix: `${NS}triggerMinutes.`,
} as const;

/** Document properties: shared by every user of the spreadsheet. */
export const DOCUMENT_PROPERTY = {
  /** + run id: a run of the job registry. */
  runPrefix: `${NS}run.`,
  /** + run id + "." + job sequence: a job of the registry. */
  jobPrefix: `${NS}job.`,
  /** + sheet id + "." + kind: the column mapping the user confirmed for that sheet. */
  mappingPrefix: `${NS}mapping.`,
  /** + fingerprint + "." + what it asks: a formula's request for an answer the ledger lacks. */
  formulaRequestPrefix: `${NS}fq.`,
  /** Automatic formula runs: whose key pays, the daily cap, what today's runs may cost. */
  formulaAuto: `${NS}formulaAuto`,
  /** The document's one schedule (scheduled refresh of a sheet's new rows). */
  schedule: `${NS}schedule`,
  /** "1" once the ledger's hidden sheet was made: a ledger missing after that was deleted. */
  ledgerStarted: `${NS}ledgerStarted`,
  /**
   * The ledger's sheet id: an editor may rename the hidden sheet, its id stays (the Sheets API:
   * SheetProperties.sheetId "cannot be changed once set"), so a renamed ledger is still found.
   */
  ledgerSheetId: `${NS}ledgerSheetId`,
  /** + sheet id: the query and progress of a search tab (Load more, Refresh). */
  searchTabPrefix: `${NS}search.`,
  /** "holds" or "fails": whether a formula refresh made Sheets run the formulas again here. */
  formulaRefreshVerdict: `${NS}formulaRefreshVerdict`,
} as const;

/** Document cache keys that are not a family of their own. */
export const DOCUMENT_CACHE_KEY = {
  /** Why the last poll failed, for the Jobs panel (a full property store cannot hold it). */
  pollProblem: `${NS}pollProblem`,
} as const;
