/**
 * Build-time configuration, in one place. The API base URL is compiled into Code.js as the default
 * and written to appsscript.json's urlFetchWhitelist (Apps Script refuses fetches outside it).
 */
/** The bundle's global; short, as every entry-point stub names it (Code.js is parsed on every execution). */
export const BUNDLE_GLOBAL = 'SE';
/**
 * A guard against accidents, not a goal (issue 31): size showed no measurable effect on load time,
 * which the bench reports (159.8 KB and 167.1 KB bundles both compiled and ran in 5.0–5.2 ms of CPU
 * when the spending report and the key's limit came in; 169.6 KB and 172.9 KB, before and after
 * undo, medians of 5.0–6.9 and 5.1–7.7 ms in five alternating sets of 30 rounds, load 3 to 5).
 * 180 KB (the merged flows, undo and refresh of issues 40 and 41 made 174.1 KB); 181 KB when the
 * import by id of a held job whose list was lost came in (stop 57: 184,489 bytes, 169 over, with
 * nothing found that could go); 182 KB when stop 59's two money fixes came in (a schedule keeps an
 * answer a row shows that a damaged ledger lost; a plan names a damaged ledger for a field nothing
 * saved holds beside another's answer): 185,360 bytes, 16 over; 183 KB when stop 62's two came in
 * (a schedule's waiting rows keep what a lost ledger held; a standing order counts on the count of
 * the key that pays now): 186,408 bytes, 40 over; 184 KB when stop 67's came in (automatic formula
 * results on a damaged ledger leave what a sheet's row shows): 187,578 bytes, 186 over. The figure
 * docs/code-layout.md gives.
 */
export const CODE_BUDGET_BYTES = 184 * 1024;

/** The variable a real deployment sets to its API's base URL. */
export const API_URL_VARIABLE = 'SHEET_ENRICH_API_URL';

/**
 * What a build without SHEET_ENRICH_API_URL uses: local builds (tests, playground, CLI) pass their
 * emulator's loopback URL at run time, so they need no real address; `npm run deploy` refuses it.
 */
export const PLACEHOLDER_API_URL = 'https://api.enrichment.example/';

/** Set SHEET_ENRICH_API_URL when building for a real deployment. */
export function apiBaseUrl(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const url = env[API_URL_VARIABLE] || PLACEHOLDER_API_URL;
  return url.endsWith('/') ? url : `${url}/`;
}
