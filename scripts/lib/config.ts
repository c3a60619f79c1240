/**
 * Build-time configuration, in one place. The API base URL is compiled into Code.js as the default
 * and written to appsscript.json's urlFetchWhitelist (Apps Script refuses fetches outside it).
 */
export const BUNDLE_GLOBAL = 'SheetEnrich';
export const CODE_BUDGET_BYTES = 150 * 1024;

/** Set SHEET_ENRICH_API_URL when building for a real deployment. */
export function apiBaseUrl(): string {
  const url = process.env.SHEET_ENRICH_API_URL ?? 'https://api.enrichment.example/';
  return url.endsWith('/') ? url : `${url}/`;
}
