/** SpreadsheetApp.getUi(): menus, alerts, sidebars and dialogs, recorded for tests to inspect. */
import { GAS_TYPE, type GasObject } from '../membrane';

export type MenuEntry = { label: string; handler: string } | { separator: true } | { submenu: RecordedMenu };

export interface RecordedMenu {
  title: string;
  /** True for createAddonMenu (Extensions › <add-on name>). */
  addon: boolean;
  items: MenuEntry[];
}

export interface ShownPage {
  title: string;
  content: string;
  width?: number;
  height?: number;
}

export interface RecordedAlert {
  title?: string;
  prompt: string;
  buttons: string;
}

/** What the user has been shown; the harness exposes it as `addon.ui`. */
export class UiRecord {
  readonly menus: RecordedMenu[] = [];
  readonly alerts: RecordedAlert[] = [];
  readonly sidebars: ShownPage[] = [];
  readonly dialogs: ShownPage[] = [];
  /** Answers for the next alerts ('YES', 'NO', 'OK', 'CANCEL'); OK / YES when empty. */
  readonly alertAnswers: string[] = [];

  get lastSidebar(): ShownPage | undefined {
    return this.sidebars[this.sidebars.length - 1];
  }
}

const BUTTON_SETS = { OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO', YES_NO_CANCEL: 'YES_NO_CANCEL' };

/** What Ui.showSidebar receives: an HtmlOutput (see html.ts). */
export interface PageSource {
  getTitle(): string;
  getContent(): string;
  getWidth(): number | undefined;
  getHeight(): number | undefined;
}

export class FakeMenu implements GasObject {
  readonly [GAS_TYPE] = 'Menu';
  readonly recorded: RecordedMenu;

  constructor(
    private readonly record: UiRecord,
    title: string,
    addon: boolean,
  ) {
    this.recorded = { title, addon, items: [] };
  }

  addItem(caption: string, functionName: string): FakeMenu {
    this.recorded.items.push({ label: String(caption), handler: String(functionName) });
    return this;
  }

  addSeparator(): FakeMenu {
    this.recorded.items.push({ separator: true });
    return this;
  }

  addSubMenu(menu: FakeMenu): FakeMenu {
    this.recorded.items.push({ submenu: menu.recorded });
    return this;
  }

  /** A menu with the same title replaces the previous one, as re-running onOpen does. */
  addToUi(): void {
    const existing = this.record.menus.findIndex(
      (m) => m.title === this.recorded.title && m.addon === this.recorded.addon,
    );
    if (existing >= 0) this.record.menus.splice(existing, 1, this.recorded);
    else this.record.menus.push(this.recorded);
  }
}

export class FakeUi implements GasObject {
  readonly [GAS_TYPE] = 'Ui';
  readonly ButtonSet = BUTTON_SETS;
  readonly Button = { OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO', CLOSE: 'CLOSE' };

  constructor(
    private readonly record: UiRecord,
    private readonly addonName: string,
  ) {}

  createAddonMenu(): FakeMenu {
    return new FakeMenu(this.record, this.addonName, true);
  }

  createMenu(caption: string): FakeMenu {
    return new FakeMenu(this.record, String(caption), false);
  }

  /** alert(prompt), alert(prompt, buttons), alert(title, prompt, buttons). */
  alert(first: string, second?: string, third?: string): string {
    const alert: RecordedAlert =
      third !== undefined
        ? { title: first, prompt: String(second), buttons: third }
        : { prompt: String(first), buttons: second ?? 'OK' };
    this.record.alerts.push(alert);
    return this.record.alertAnswers.shift() ?? (alert.buttons.startsWith('YES') ? 'YES' : 'OK');
  }

  showSidebar(page: PageSource): void {
    this.record.sidebars.push(pageOf(page));
  }

  showModalDialog(page: PageSource, title: string): void {
    this.record.dialogs.push({ ...pageOf(page), title: String(title) });
  }

  showModelessDialog(page: PageSource, title: string): void {
    this.showModalDialog(page, title);
  }
}

function pageOf(page: PageSource): ShownPage {
  return {
    title: page.getTitle(),
    content: page.getContent(),
    width: page.getWidth(),
    height: page.getHeight(),
  };
}
