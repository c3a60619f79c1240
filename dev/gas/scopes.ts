/**
 * OAuth scopes. With `oauthScopes` in the manifest, Apps Script grants those and nothing else
 * ("Setting explicit scopes", https://developers.google.com/workspace/add-ons/concepts/editor-scopes):
 * a call whose method needs another scope throws "Specified permissions are not sufficient to call
 * <Class.method>. Required permissions: <scope>". One table holds, for each rule, the scopes the
 * reference lists under "Authorization" (any one suffices), the calls it covers at run time, and
 * what in a bundle's source makes the bundle need it (the manifest test derives the manifest's
 * scopes from it). Services whose reference lists no scope (PropertiesService, CacheService,
 * LockService, Utilities, HtmlService, Logger, console) are in no rule.
 */

const AUTH = 'https://www.googleapis.com/auth/';

export interface ScopeRule {
  /** Any one of them grants the calls (the first is the narrowest: what a manifest should ask). */
  scopes: readonly string[];
  /** `Class.method` names it covers at run time. */
  calls: RegExp;
  /** What in a bundle's source is a call it covers. */
  inSource: RegExp;
  /** Where the rule comes from. */
  source: string;
}

export const SCOPE_RULES: readonly ScopeRule[] = [
  {
    scopes: [`${AUTH}spreadsheets.currentonly`, `${AUTH}spreadsheets`],
    calls:
      /^(SpreadsheetApp|Spreadsheet|Sheet|Range|RangeList|Selection|TextFinder|EmbeddedChart|EmbeddedChartBuilder|EmbeddedColumnChartBuilder|ContainerInfo|ChartOptions)\./,
    inSource: /\bSpreadsheetApp\b/,
    source: 'https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app',
  },
  {
    scopes: [`${AUTH}script.container.ui`],
    calls: /^Ui\./,
    inSource: /\bSpreadsheetApp\.getUi\b/,
    source: 'https://developers.google.com/apps-script/reference/base/ui',
  },
  {
    scopes: [`${AUTH}script.external_request`],
    calls: /^UrlFetchApp\.(fetch|fetchAll)$/,
    inSource: /\bUrlFetchApp\b/,
    source: 'https://developers.google.com/apps-script/reference/url-fetch/url-fetch-app',
  },
  {
    scopes: [`${AUTH}script.scriptapp`],
    calls:
      /^(ScriptApp\.(newTrigger|getProjectTriggers|getUserTriggers|deleteTrigger)|TriggerBuilder\.|ClockTriggerBuilder\.|Trigger\.)/,
    inSource: /\bScriptApp\b/,
    source: 'https://developers.google.com/apps-script/reference/script/script-app',
  },
  {
    scopes: [`${AUTH}userinfo.email`],
    calls: /^Session\.(getEffectiveUser|getActiveUser)$/,
    inSource: /\bSession\.(getEffectiveUser|getActiveUser)\b/,
    source: 'https://developers.google.com/apps-script/reference/base/session',
  },
];

/** Apps Script's text when the manifest's scopes do not cover a call. */
export function insufficientScopes(call: string, scopes: readonly string[]): string {
  const required = scopes.length === 1 ? scopes[0] : `(${scopes.join(' || ')})`;
  return `Specified permissions are not sufficient to call ${call}. Required permissions: ${required}`;
}

/** Why `call` (`Class.method`) is refused under the manifest's `granted` scopes; undefined: allowed. */
export function scopeRefusal(granted: readonly string[] | undefined, call: string): string | undefined {
  if (granted === undefined) return undefined; // no explicit scopes: Apps Script finds them itself
  for (const rule of SCOPE_RULES) {
    if (rule.calls.test(call) && !rule.scopes.some((scope) => granted.includes(scope)))
      return insufficientScopes(call, rule.scopes);
  }
  return undefined;
}

/** The scopes a bundle needs, the narrowest of each rule its source calls for, sorted. */
export function scopesNeededBy(bundle: string): string[] {
  return SCOPE_RULES.filter((rule) => rule.inSource.test(bundle))
    .map((rule) => rule.scopes[0]!)
    .sort();
}
