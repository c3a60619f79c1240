/**
 * The local Apps Script for tests, the CLI and the playground:
 *   const addon = loadAddon({ apiBaseUrl, apiKey });
 *   addon.setSelection('A2:C10');
 *   addon.call('enrichSelection');
 *   addon.fireTriggers();
 *   const bob = addon.as('bob@example.com', { apiKey: 'bob-key' }); // a teammate, same document
 * See README.md for what is faithful to Apps Script and what is not.
 */
import { resolve } from 'node:path';
import { USER_PROPERTY } from '../../src/platform/property-keys';
import { HarnessClock } from './clock';
import type { CallCounts } from './counts';
import { CUSTOM_FUNCTION_BUDGET_MS, DEFAULT_BUDGET_MS, type ExecutionKind } from './execution';
import type {
  Addon,
  ExecutionOptions,
  HarnessExecution,
  LoadOptions,
  OwnedTriggerSummary,
  TriggerFailure,
  TriggerSummary,
  UiView,
  UserOptions,
} from './harness-api';
import type { LogLine } from './logging';
import { gasError } from './errors';
import type { QuotaKind } from './quotas';
import { runConcurrently, type InterleaveOptions } from './interleave';
import { Recalculator, type CustomFunctionOutcome } from './recalc';
import { clockEvent, summarize, uiView } from './harness-views';
import { CLOCK_DATE_SOURCE, Execution, Runtime } from './runtime';
import { parseA1 } from './spreadsheet/a1';
import type { FakeSheet } from './spreadsheet/sheet';
import type { FakeSpreadsheet } from './spreadsheet/spreadsheet';
import {
  exportSettings,
  exportSpreadsheet,
  restoreSettings,
  restoreSpreadsheet,
  type RuntimeState,
} from './state';
import type { TriggerRecord } from './triggers';
import type { SentRequest } from './urlfetch/urlfetch-app';
import type { UserAccount } from './users';

export type * from './harness-api';
export type { RuntimeState } from './state';
export type { CallCounts } from './counts';
export type { FakeProperties } from './properties';
export type { FakeSheet } from './spreadsheet/sheet';
export type { FakeSpreadsheet } from './spreadsheet/spreadsheet';

export const DEFAULT_DIST_DIR = resolve(__dirname, '../../dist');

/** The harness side of every open document, to run a trigger in the document it belongs to. */
const openDocuments = new WeakMap<Runtime, SharedDocument>();

/** What every user's view of one document shares besides the runtime. */
class SharedDocument {
  readonly failures: TriggerFailure[] = [];
  /** One memory of evaluated formulas: Sheets keeps a cell's result whoever recalculated it. */
  readonly recalculator: Recalculator;
  readonly views = new Map<string, LocalAddon>();
  readonly ui: UiView;

  constructor(
    readonly runtime: Runtime,
    readonly options: LoadOptions,
  ) {
    this.ui = uiView(runtime);
    this.recalculator = new Recalculator({ recalcOnRewrite: !options.unproven?.noRecalcOnRewrite });
    runtime.flushListeners.push(() => this.recalculator.observe(runtime.spreadsheet));
    openDocuments.set(runtime, this);
  }

  /** The view acting as `user`, one per user so that `as()` twice hands back the same one. */
  viewAs(user: UserAccount): LocalAddon {
    let view = this.views.get(user.email);
    if (!view) {
      view = new LocalAddon(this, user);
      this.views.set(user.email, view);
    }
    return view;
  }
}

/** The API settings a user typed into the add-on, where the add-on reads them. */
function storeCredentials(user: UserAccount, options: UserOptions): void {
  if (options.apiBaseUrl !== undefined)
    user.properties.setProperty(USER_PROPERTY.apiBaseUrl, options.apiBaseUrl);
  if (options.apiKey !== undefined) user.properties.setProperty(USER_PROPERTY.apiKey, options.apiKey);
}

class LocalAddon implements Addon {
  private readonly runtime: Runtime;

  constructor(
    private readonly document: SharedDocument,
    private readonly user: UserAccount,
  ) {
    this.runtime = document.runtime;
  }

  get userEmail(): string {
    return this.user.email;
  }

  as(userEmail: string, options: UserOptions = {}): Addon {
    const user = this.runtime.users.get(userEmail);
    if (options.consumer !== undefined) user.consumer = options.consumer;
    storeCredentials(user, options);
    return this.document.viewAs(user);
  }

  get ui(): UiView {
    return this.document.ui;
  }

  get spreadsheet(): FakeSpreadsheet {
    return this.runtime.spreadsheet;
  }

  get counts(): CallCounts {
    return this.runtime.counts;
  }

  get properties(): Addon['properties'] {
    return this.runtime.propertiesOf(this.user);
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

  protect(a1: string, sheetName: string, editors: readonly string[] = []): void {
    const sheet = this.spreadsheet.getSheetByName(sheetName);
    if (!sheet) throw new Error(`No sheet named ${sheetName}`);
    const rect = parseA1(a1).resolve(sheet.getMaxRows(), sheet.getMaxColumns());
    this.runtime.protections.push({ sheet, rect, editors: [...editors] });
  }

  unprotectAll(): void {
    this.runtime.protections.splice(0);
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

  startExecution(options: ExecutionOptions = {}): HarnessExecution {
    return this.executionAs(this.user, options);
  }

  /** An execution run as `user`: this view's, or a trigger's owner. */
  private executionAs(user: UserAccount, options: ExecutionOptions, kind?: ExecutionKind): HarnessExecution {
    const customFunction = options.customFunction === true;
    const execution: Execution = this.runtime.startExecution(
      {
        kind: kind ?? (customFunction ? 'customFunction' : 'manual'),
        budgetMs:
          options.budgetMs ??
          (customFunction
            ? CUSTOM_FUNCTION_BUDGET_MS
            : (this.document.options.budgetMs ?? DEFAULT_BUDGET_MS)),
        killAfter: options.killAfter,
      },
      user,
    );
    const event = options.event;
    return {
      call: <T>(name: string, ...args: unknown[]) => {
        if (event !== undefined) return execution.call<T>(name, event, ...args);
        // A sidebar call by its name (addon.call('planRun', input)): Code.js has one top-level
        // `rpc(name, input)` for them all, which the page calls through google.script.run.
        const names = execution.functionNames();
        if (!names.includes(name) && names.includes('rpc') && !name.endsWith('_'))
          return execution.call<T>('rpc', name, ...args);
        return execution.call<T>(name, ...args);
      },
      end: () => execution.end(),
    };
  }

  fireTriggers(options: { all?: boolean } = {}): number {
    let ran = 0;
    for (const trigger of this.runtime.triggers.due(this.now(), options.all)) {
      if (!this.runtime.triggers.has(trigger.id)) continue; // deleted by an earlier run
      // Each trigger runs in the document it was created in ('': a store used without documents).
      const home = trigger.document ? this.runtime.accounts.documents.get(trigger.document) : this.runtime;
      const document = home && openDocuments.get(home);
      if (!document) continue; // its document is closed: nothing here can run it
      ran += 1;
      // An installable trigger always runs as the user who created it, whoever is looking.
      document.viewAs(document.runtime.users.get(trigger.owner)).runTrigger(trigger);
    }
    return ran;
  }

  /** One run of `trigger`, in this view's document, as this view's user (its owner). */
  private runTrigger(trigger: TriggerRecord): void {
    this.runtime.counts.recordTriggerRun();
    const startedAt = this.now();
    let execution: HarnessExecution | undefined;
    try {
      // A user whose triggers used up the day's runtime gets no trigger run until it resets.
      const spent =
        this.runtime.options.dailyQuotas !== false &&
        this.user.usage.exhausted('triggerRuntimeMs', this.user.consumer);
      if (spent) throw gasError(spent);
      execution = this.executionAs(this.user, { event: clockEvent(trigger.id, this.now()) }, 'trigger');
      execution.call(trigger.handler);
    } catch (error) {
      this.document.failures.push({ handler: trigger.handler, owner: this.user.email, error });
      this.runtime.logs.add('error', `Trigger ${trigger.handler} failed: ${String(error)}`);
    } finally {
      execution?.end();
      this.user.usage.add('triggerRuntimeMs', this.now() - startedAt);
      this.runtime.triggers.completed(trigger.id, this.now());
    }
  }

  quotaUsed(kind: QuotaKind): number {
    return this.user.usage.used(kind);
  }

  useQuota(kind: QuotaKind, amount: number): void {
    this.user.usage.add(kind, amount);
  }

  openDocument(options: UserOptions & { userEmail?: string } = {}): Addon {
    const shared = this.document.options;
    const runtime = new Runtime({
      ...this.runtime.options,
      accounts: this.runtime.accounts,
      defaultSheet: true,
    });
    const user = runtime.users.get(options.userEmail ?? this.user.email);
    storeCredentials(user, options);
    return new SharedDocument(runtime, shared).viewAs(user);
  }

  recalculate(options: { interleave?: InterleaveOptions } = {}): number {
    const run = (name: string, args: unknown[]) => this.runCustomFunction(name, args);
    const { interleave } = options;
    if (!interleave) return this.document.recalculator.recalculate(this.spreadsheet, run);
    return this.document.recalculator.recalculate(this.spreadsheet, run, (calls) =>
      runConcurrently(calls, interleave, {
        distDir: this.runtime.options.distDir,
        gasLocal: require.resolve('gas-local'),
        clockSource: CLOCK_DATE_SOURCE,
        now: () => this.now(),
        ran: () => this.runtime.counts.recordCustomFunctionRun(),
        start: () =>
          this.runtime.startExecution(
            { kind: 'customFunction', budgetMs: CUSTOM_FUNCTION_BUDGET_MS },
            this.user,
            { code: false },
          ),
      }),
    );
  }

  formulaErrors(sheetName: string): { row: number; column: number; message: string }[] {
    const sheet = this.spreadsheet.getSheetByName(sheetName);
    return sheet ? this.document.recalculator.errorsOf(sheet) : [];
  }

  /** Sheets matches custom function names case-insensitively. */
  private runCustomFunction(name: string, args: unknown[]): CustomFunctionOutcome {
    let execution: Execution;
    try {
      execution = this.runtime.startExecution(
        { kind: 'customFunction', budgetMs: CUSTOM_FUNCTION_BUDGET_MS },
        this.user,
      );
    } catch (error) {
      return { error }; // too many running at once: Sheets shows the error in the cell
    }
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

  advanceClock(ms: number): void {
    this.runtime.clock.advance(ms);
  }

  now(): number {
    return this.runtime.clock.now();
  }

  triggers(): TriggerSummary[] {
    return this.runtime.triggersOf(this.user).listIn(this.spreadsheet.getId()).map(summarize);
  }

  allTriggers(): OwnedTriggerSummary[] {
    return this.runtime.triggers
      .listIn(this.spreadsheet.getId())
      .map((record) => ({ ...summarize(record), owner: record.owner }));
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

  triggerFailures(): TriggerFailure[] {
    return [...this.document.failures];
  }

  exportState(): RuntimeState {
    return JSON.parse(
      JSON.stringify({
        version: 1,
        clockOffsetMs: this.runtime.clock.offset,
        spreadsheet: exportSpreadsheet(this.runtime.spreadsheet),
        ...exportSettings(this.runtime),
      }),
    ) as RuntimeState;
  }

  close(): void {
    this.runtime.close();
  }
}

export function loadAddon(options: LoadOptions = {}): Addon {
  const clock = options.state
    ? new HarnessClock(options.state.clockOffsetMs)
    : new HarnessClock(0, options.seed !== undefined);
  if (options.now !== undefined || clock.still) clock.advanceTo(options.now ?? Date.now());
  const runtime = new Runtime({
    distDir: options.distDir ?? DEFAULT_DIST_DIR,
    clock,
    addon: options.addon === true,
    testDeployment: options.unproven?.testDeployment === true,
    addonName: options.addonName ?? 'Sheet Enrich',
    userEmail: options.userEmail ?? 'user@example.com',
    fetchTimeoutMs: options.fetchTimeoutMs,
    beforeFetch: options.beforeFetch,
    afterDocumentWrite: options.afterDocumentWrite,
    journalAnswers: options.journalAnswers,
    recordRequests: options.recordRequests,
    realSleep: options.realSleep,
    allowLoopback: options.allowLoopback,
    defaultSheet: !options.state,
    cacheEviction: options.cacheEviction,
    dailyQuotas: options.dailyQuotas,
    seed: options.seed,
  });
  if (options.state) {
    restoreSpreadsheet(runtime.spreadsheet, options.state.spreadsheet);
    restoreSettings(runtime, options.state);
  }
  storeCredentials(runtime.defaultUser, options);
  return new SharedDocument(runtime, options).viewAs(runtime.defaultUser);
}
