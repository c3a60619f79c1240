import { addAddonMenu, showSidebarPage, type MenuItem } from '../platform/ui';

export const ADDON_TITLE = 'Sheet Enrich';

/** The `Extensions › Sheet Enrich` menu: label → handler (an entry point in src/index.ts). */
const MENU: Record<string, string> = {
  'Open sidebar': 'showSidebar',
  'Enrich selected rows': 'menuEnrichSelection',
  'Reverse lookup selected emails': 'menuReverseSelection',
  'Search companies or people': 'menuSearch',
  'Refresh results now': 'menuRefreshNow',
  'Get formula results': 'menuFormulaRequests',
  'Convert formulas to values': 'menuConvertFormulas',
  Settings: 'menuSettings',
};
export const MENU_ITEMS: readonly MenuItem[] = Object.entries(MENU).map(([label, handler]) => ({
  label,
  handler,
}));

/** Builds the add-on menu. Runs in AuthMode.NONE on open, so it touches nothing but the UI. */
export function onOpen(_event?: GoogleAppsScript.Events.SheetsOnOpen): void {
  addAddonMenu(MENU_ITEMS);
}

/** An editor add-on's onOpen does not run at install time; the install does it instead. */
export function onInstall(event?: GoogleAppsScript.Events.AddonOnInstall): void {
  onOpen(event as unknown as GoogleAppsScript.Events.SheetsOnOpen);
}

/** Opens the sidebar (dist/Sidebar.html). */
export function showSidebar(): void {
  showSidebarPage(ADDON_TITLE);
}
