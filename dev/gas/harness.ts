/**
 * The local Apps Script for tests, the CLI and the playground:
 *   const addon = loadAddon({ apiBaseUrl, apiKey });
 *   addon.setSelection('A2:C10');
 *   addon.call('enrichSelection');
 *   addon.fireTriggers();
 * See README.md for what is faithful to Apps Script and what is not.
 */
import { resolve } from 'node:path';
import { USER_PROPERTY } from '../../src/platform/property-keys';
import { HarnessClock } from './clock';
import type { CallCounts } from './counts';
import { CUSTOM_FUNCTION_BUDGET_MS, DEFAULT_BUDGET_MS, type ExecutionKind } from './execution';
import type { LogLine } from './logging';
import type { FakeProperties } from './properties';
import { Recalculator } from './recalc';
import { Execution, Runtime } from './runtime';
import { parseA1 } from './spreadsheet/a1';
import type { FakeSheet } from './spreadsheet/sheet';
import type { FakeSpreadsheet, Toast } from './spreadsheet/spreadsheet';
import type { RecordedAlert, RecordedMenu, ShownPage } from './spreadsheet/ui';
import {
  exportProperties,
  exportSpreadsheet,
  exportTriggers,
  restoreProperties,
  restoreSpreadsheet,
  type RuntimeState,
} from './state';
import type { SentRequest } from './urlfetch/urlfetch-app';

export type { RuntimeState } from './state';
export type { CallCounts } from './counts';
export type { FakeProperties } from './properties';
export type { FakeSheet } from './spreadsheet/sheet';
export type { FakeSpreadsheet } from './spreadsheet/spreadsheet';

export const DEFAULT_DIST_DIR = resolve(__dirname, '../../dist');

export interface LoadOptions {
  /** Default: <repo>/dist. */
  distDir?: string;
  /** Stored in the user property USER_PROPERTY.apiBaseUrl. */
  apiBaseUrl?: string;
  /** Stored in the user property USER_PROPERTY.apiKey. */
  apiKey?: string;
  /** Per-execution time budget, default 360 000 ms. */
  budgetMs?: number;
  /** Initial clock (epoch ms); default real now. */
  now?: number;
  /** Editor add-on trigger limits: recurring triggers hourly at most, one time-driven trigger. */
  addon?: boolean;
  /** Resume from exportState(). */
  state?: RuntimeState;
  userEmail?: string;
  /** Title of the add-on menu (Extensions › <name>); default "Sheet Enrich". */
  addonName?: string;
  /** Per-request UrlFetch timeout; default 60 000 ms like Apps Script. */
  fetchTimeoutMs?: number;
  /** Utilities.sleep also blocks for real (default: it only moves the clock). */
  realSleep?: boolean;
  /**
   * Let fetches to loopback addresses through the manifest's urlFetchWhitelist (the emulator runs
   * there). Off by default, like Apps Script: only the allow-listed API can be reached.
   */
  allowLoopback?: boolean;
}

export interface ExecutionOptions {
  budgetMs?: number;
  killAfter?: Record<string, number>;
  customFunction?: boolean;
  /** Passed as the function's first argument (a trigger or onOpen event). */
  event?: unknown;
}

export interface HarnessExecution {
  call<T = unknown>(name: string, ...args: unknown[]): T;
  end(): void;
}

export interface TriggerSummary {
  id: string;
  handler: string;
  everyMinutes?: number;
  periodMs?: number;
  nextRunAt: number;
}

export interface UiView {
  readonly menus: RecordedMenu[];
  readonly lastSidebar?: ShownPage;
  readonly sidebars: ShownPage[];
  readonly dialogs: ShownPage[];
  readonly toasts: Toast[];
  readonly alerts: RecordedAlert[];
  /** Queue answers ('YES', 'NO'...) for the next alerts. */
  readonly alertAnswers: string[];
}

export interface Addon {
  spreadsheet: FakeSpreadsheet;
  addSheetFromValues(name: string, values: unknown[][]): FakeSheet;
  setSelection(a1: string | string[], sheetName?: string): void;
  call<T = unknown>(name: string, ...args: unknown[]): T;
  callWith<T = unknown>(options: ExecutionOptions, name: string, ...args: unknown[]): T;
  startExecution(options?: ExecutionOptions): HarnessExecution;
  /**
   * Runs every due time-driven trigger, each as its own trigger execution. With `all`, every
   * installed trigger runs now without moving the clock: nobody waits an hour for an add-on's
   * trigger in the playground or the CLI, and jumping the clock would stamp results in the future.
   */
  fireTriggers(options?: { all?: boolean }): number;
  advanceClock(ms: number): void;
  now(): number;
  counts: CallCounts;
  properties: { document: FakeProperties; user: FakeProperties; script: FakeProperties };
  triggers(): TriggerSummary[];
  logs(): string[];
  logLines(): LogLine[];
  /** Every UrlFetch request sent, with its status (0: no answer). Headers hold the API key. */
  requests(): SentRequest[];
  /**
   * Recalculates the `=CUSTOM_FUNCTION(…)` cells Sheets would: new ones, and those whose argument
   * values or (seen at a flush point) formula text changed, each as its own custom-function
   * execution (30 s, read-only); returns how many ran (recalc.ts). Sheets does this on its own
   * schedule; tests call it. `counts.customFunctionRuns` totals the runs.
   */
  recalculate(): number;
  /** The message behind each #ERROR! a custom function left on a sheet (Sheets shows it on hover). */
  formulaErrors(sheetName: string): { row: number; column: number; message: string }[];
  /** Trigger runs that threw, in order. */
  triggerFailures(): { handler: string; error: unknown }[];
  ui: UiView;
  exportState(): RuntimeState;
  close(): void;
}

class LocalAddon implements Addon {
  private readonly runtime: Runtime;
  private readonly failures: { handler: string; error: unknown }[] = [];
  private readonly recalculator = new Recalculator((name, args) => this.runCustomFunction(name, args));
  readonly ui: UiView;

  constructor(private readonly options: LoadOptions) {
    const clock = options.state ? new HarnessClock(options.state.clockOffsetMs) : new HarnessClock();
    if (options.now !== undefined) clock.advanceTo(options.now);
    this.runtime = new Runtime({
      distDir: options.distDir ?? DEFAULT_DIST_DIR,
      clock,
      addon: options.addon === true,
      addonName: options.addonName ?? 'Sheet Enrich',
      userEmail: options.userEmail ?? 'user@example.com',
      fetchTimeoutMs: options.fetchTimeoutMs,
      realSleep: options.realSleep,
      allowLoopback: options.allowLoopback,
      defaultSheet: !options.state,
    });
    if (options.state) {
      restoreSpreadsheet(this.runtime.spreadsheet, options.state.spreadsheet);
      restoreProperties(this.runtime.properties, options.state.properties);
      this.runtime.triggers.restore(options.state.triggers);
    }
    const user = this.runtime.properties.user;
    if (options.apiBaseUrl !== undefined) user.setProperty(USER_PROPERTY.apiBaseUrl, options.apiBaseUrl);
    if (options.apiKey !== undefined) user.setProperty(USER_PROPERTY.apiKey, options.apiKey);
    this.ui = uiView(this.runtime);
    this.runtime.flushListeners.push(() => this.recalculator.observe(this.runtime.spreadsheet));
  }

  get spreadsheet(): FakeSpreadsheet {
    return this.runtime.spreadsheet;
  }

  get counts(): CallCounts {
    return this.runtime.counts;
  }

  get properties(): Addon['properties'] {
    return this.runtime.properties;
  }

  addSheetFromValues(name: string, values: unknown[][]): FakeSheet {
    const existing = this.spreadsheet.getSheetByName(name);
    const sheet = existing && existing.getLastRow() === 0 ? existing : this.spreadsheet.insertSheet(name);
    const width = Math.max(1, ...values.map((row) => row.length));
    if (values.length === 0) return sheet;
    sheet.ensureSize(values.length, width);
    const padded = values.map((row) => [...row, ...new Array<string>(width - row.length).fill('')]);
    sheet.getRange(1, 1, values.length, width).setValues(padded);
    return sheet;
  }

  setSelection(a1: string | string[], sheetName?: string): void {
    const sheet =
      sheetName === undefined
        ? this.spreadsheet.getActiveSheet()
        : this.spreadsheet.getSheetByName(sheetName);
    if (!sheet) throw new Error(`No sheet named ${sheetName}`);
    const rects = (Array.isArray(a1) ? a1 : [a1]).map((ref) =>
      parseA1(ref).resolve(sheet.getMaxRows(), sheet.getMaxColumns()),
    );
    this.spreadsheet.select(sheet, rects);
  }

  call<T = unknown>(name: string, ...args: unknown[]): T {
    return this.callWith<T>({}, name, ...args);
  }

  callWith<T = unknown>(options: ExecutionOptions, name: string, ...args: unknown[]): T {
    const execution = this.startExecution(options);
    try {
      return execution.call<T>(name, ...args);
    } finally {
      execution.end();
    }
  }

  startExecution(options: ExecutionOptions = {}, kind?: ExecutionKind): HarnessExecution {
    const customFunction = options.customFunction === true;
    const execution: Execution = this.runtime.startExecution({
      kind: kind ?? (customFunction ? 'customFunction' : 'manual'),
      budgetMs:
        options.budgetMs ??
        (customFunction ? CUSTOM_FUNCTION_BUDGET_MS : (this.options.budgetMs ?? DEFAULT_BUDGET_MS)),
      killAfter: options.killAfter,
    });
    const event = options.event;
    return {
      call: <T>(name: string, ...args: unknown[]) =>
        event === undefined ? execution.call<T>(name, ...args) : execution.call<T>(name, event, ...args),
      end: () => execution.end(),
    };
  }

  fireTriggers(options: { all?: boolean } = {}): number {
    let ran = 0;
    for (const trigger of this.runtime.triggers.due(this.now(), options.all)) {
      if (!this.runtime.triggers.has(trigger.id)) continue; // deleted by an earlier run
      ran += 1;
      this.runtime.counts.recordTriggerRun();
      const execution = this.startExecution({ event: this.clockEvent(trigger.id) }, 'trigger');
      try {
        execution.call(trigger.handler);
      } catch (error) {
        this.failures.push({ handler: trigger.handler, error });
        this.runtime.logs.add('error', `Trigger ${trigger.handler} failed: ${String(error)}`);
      } finally {
        execution.end();
        this.runtime.triggers.completed(trigger.id, this.now());
      }
    }
    return ran;
  }

  recalculate(): number {
    return this.recalculator.recalculate(this.spreadsheet);
  }

  formulaErrors(sheetName: string): { row: number; column: number; message: string }[] {
    const sheet = this.spreadsheet.getSheetByName(sheetName);
    return sheet ? this.recalculator.errorsOf(sheet) : [];
  }

  /** Sheets matches custom function names case-insensitively. */
  private runCustomFunction(
    name: string,
    args: unknown[],
  ): { value: unknown } | { error: unknown } | undefined {
    const execution = this.runtime.startExecution({
      kind: 'customFunction',
      budgetMs: CUSTOM_FUNCTION_BUDGET_MS,
    });
    try {
      const defined = execution.functionNames().find((fn) => fn.toUpperCase() === name.toUpperCase());
      if (!defined) return undefined;
      return { value: execution.call(defined, ...args) };
    } catch (error) {
      return { error };
    } finally {
      execution.end();
    }
  }

  /** The event object Apps Script passes to a time-driven trigger's handler. */
  private clockEvent(triggerUid: string): Record<string, unknown> {
    const at = new Date(this.now());
    return {
      authMode: 'FULL',
      triggerUid,
      year: at.getUTCFullYear(),
      month: at.getUTCMonth() + 1,
      'day-of-month': at.getUTCDate(),
      'day-of-week': at.getUTCDay() || 7,
      hour: at.getUTCHours(),
      minute: at.getUTCMinutes(),
      second: at.getUTCSeconds(),
      timezone: 'UTC',
    };
  }

  advanceClock(ms: number): void {
    this.runtime.clock.advance(ms);
  }

  now(): number {
    return this.runtime.clock.now();
  }

  triggers(): TriggerSummary[] {
    return this.runtime.triggers.list().map(({ id, handler, everyMinutes, periodMs, nextRunAt }) => ({
      id,
      handler,
      ...(everyMinutes === undefined ? {} : { everyMinutes }),
      ...(periodMs === undefined ? {} : { periodMs }),
      nextRunAt,
    }));
  }

  logs(): string[] {
    return this.runtime.logs.texts();
  }

  logLines(): LogLine[] {
    return [...this.runtime.logs.lines];
  }

  requests(): SentRequest[] {
    return [...this.runtime.sentRequests];
  }

  triggerFailures(): { handler: string; error: unknown }[] {
    return [...this.failures];
  }

  exportState(): RuntimeState {
    return JSON.parse(
      JSON.stringify({
        version: 1,
        clockOffsetMs: this.runtime.clock.offset,
        spreadsheet: exportSpreadsheet(this.runtime.spreadsheet),
        properties: exportProperties(this.runtime.properties),
        triggers: exportTriggers(this.runtime.triggers),
      }),
    ) as RuntimeState;
  }

  close(): void {
    this.runtime.close();
  }
}

function uiView(runtime: Runtime): UiView {
  const record = runtime.ui;
  return {
    get menus() {
      return record.menus;
    },
    get lastSidebar() {
      return record.lastSidebar;
    },
    get sidebars() {
      return record.sidebars;
    },
    get dialogs() {
      return record.dialogs;
    },
    get alerts() {
      return record.alerts;
    },
    get alertAnswers() {
      return record.alertAnswers;
    },
    get toasts() {
      return runtime.spreadsheet.toasts;
    },
  };
}

export function loadAddon(options: LoadOptions = {}): Addon {
  return new LocalAddon(options);
}
