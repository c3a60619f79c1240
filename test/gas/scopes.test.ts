/** Explicit oauthScopes grant nothing else (editor add-on scopes guide; each class's "Authorization"). */
import { scopesNeededBy } from '../../dev/gas/scopes';
import { loadScript } from './support/script';

const CODE = `
function attempt(fn) { try { return fn(); } catch (e) { return String(e); } }
function email() { return attempt(function () { return Session.getEffectiveUser().getEmail(); }); }
function sheetName() { return attempt(function () { return SpreadsheetApp.getActiveSpreadsheet().getName(); }); }
function sidebar() {
  return attempt(function () {
    SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput('<p>hi</p>'));
    return 'shown';
  });
}
function trigger() { return attempt(function () { return ScriptApp.getProjectTriggers().length; }); }
function props() { return attempt(function () { PropertiesService.getUserProperties().setProperty('a', '1'); return 'ok'; }); }
`;

const AUTH = 'https://www.googleapis.com/auth/';
const manifest = (scopes?: string[]) => ({
  'appsscript.json': JSON.stringify(scopes ? { oauthScopes: scopes } : {}),
});

describe('OAuth scopes from the manifest', () => {
  it('refuses a call its scopes do not cover, with Apps Script’s message', () => {
    const addon = loadScript(CODE, {}, manifest([`${AUTH}spreadsheets.currentonly`]));
    expect(addon.call('email')).toBe(
      `Exception: Specified permissions are not sufficient to call Session.getEffectiveUser. Required permissions: ${AUTH}userinfo.email`,
    );
    expect(addon.call('sidebar')).toBe(
      `Exception: Specified permissions are not sufficient to call Ui.showSidebar. Required permissions: ${AUTH}script.container.ui`,
    );
    expect(addon.call('trigger')).toMatch(/not sufficient to call ScriptApp.getProjectTriggers/);
    // Covered, or needing no scope at all.
    expect(addon.call('sheetName')).toBe('Untitled spreadsheet');
    expect(addon.call('props')).toBe('ok');
    addon.close();
  });

  it('lets every call through once the scope is listed, and when the manifest lists none', () => {
    const granted = loadScript(CODE, {}, manifest([`${AUTH}spreadsheets`, `${AUTH}userinfo.email`]));
    expect(granted.call('email')).toBe('user@example.com');
    expect(granted.call('sheetName')).toBe('Untitled spreadsheet');
    granted.close();
    const automatic = loadScript(CODE, {}, manifest());
    expect(automatic.call('trigger')).toBe(0);
    automatic.close();
  });

  it('derives a bundle’s scopes from the services its source calls', () => {
    expect(
      scopesNeededBy('Session.getEffectiveUser().getEmail(); PropertiesService.getUserProperties()'),
    ).toEqual([`${AUTH}userinfo.email`]);
    expect(scopesNeededBy('SpreadsheetApp.getUi().showSidebar(x); UrlFetchApp.fetch(u)')).toEqual([
      `${AUTH}script.container.ui`,
      `${AUTH}script.external_request`,
      `${AUTH}spreadsheets.currentonly`,
    ]);
  });
});
