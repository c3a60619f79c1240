import { addAddonMenu, showSidebarPage, type MenuItem } from '../platform/ui';

export const ADDON_TITLE = 'Sheet Enrich';

/** The `Extensions › Sheet Enrich` menu. Handlers are entry points in src/index.ts. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Open sidebar', handler: 'showSidebar' },
  { label: 'Enrich selected rows', handler: 'menuEnrichSelection' },
  { label: 'Reverse lookup selected emails', handler: 'menuReverseSelection' },
  { label: 'Search companies or people', handler: 'menuSearch' },
  { label: 'Refresh results now', handler: 'menuRefreshNow' },
  { label: 'Get formula results', handler: 'menuFormulaRequests' },
  { label: 'Convert formulas to values', handler: 'menuConvertFormulas' },
  { label: 'Settings', handler: 'menuSettings' },
];

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
