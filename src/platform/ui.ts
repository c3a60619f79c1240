/** Adapter: the spreadsheet UI (menu, sidebar, toast). */
import type { NotifyPort } from './ports';

export interface MenuItem {
  label: string;
  /** Name of a top-level function in src/index.ts. */
  handler: string;
}

export function addAddonMenu(items: readonly MenuItem[]): void {
  const menu = SpreadsheetApp.getUi().createAddonMenu();
  for (const item of items) menu.addItem(item.label, item.handler);
  menu.addToUi();
}

export function showSidebarPage(title: string): void {
  const page = HtmlService.createHtmlOutputFromFile('Sidebar').setTitle(title);
  SpreadsheetApp.getUi().showSidebar(page);
}

/** Toasts need a spreadsheet UI; in a trigger there may be none, and a notice is never worth a failure. */
export function spreadsheetNotifier(title: string): NotifyPort {
  return {
    toast(message) {
      try {
        SpreadsheetApp.getActiveSpreadsheet().toast(message, title, 5);
      } catch {
        // No UI in this execution (time-driven trigger without an open spreadsheet).
      }
    },
  };
}
