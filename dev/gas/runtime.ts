/**
 * The persistent side of the local Apps Script (document, properties, caches, locks, triggers,
 * users, clock, counts, logs, HTTP worker) and the executions that run against it, each as one user
 * of the document: that user's properties, cache, triggers and Session over the shared rest. Each execution loads
 * dist/Code.js with gas-local into a fresh vm context holding only Apps Script globals, as Apps
 * Script reloads the project for every run: module-level state never survives.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import gasLocal from 'gas-local';
import { FakeCache, FakeCacheService, type CacheStores } from './cache';
import { HarnessClock } from './clock';
import { CallCounts } from './counts';
import { gasError, MESSAGES } from './errors';
import { ExecutionGuard, type ExecutionLimits } from './execution';
import { FakeHtmlService } from './html';
import { FakeLockService, LockTable } from './lock';
import { FakeConsole, FakeLogger, LogRecord } from './logging';
import { Membrane, type GasObject } from './membrane';
import { FakeProperties, FakePropertiesService, type PropertyStores } from './properties';
import { FakeSpreadsheetApp } from './spreadsheet/app';
import { FakeSpreadsheet } from './spreadsheet/spreadsheet';
import { UiRecord } from './spreadsheet/ui';
import { FakeSession } from './session';
import { FakeScriptApp, TriggerStore } from './triggers';
import { SyncHttpClient } from './urlfetch/client';
import { DEFAULT_FETCH_TIMEOUT_MS, FakeUrlFetchApp, type SentRequest } from './urlfetch/urlfetch-app';
import { UserDirectory, type UserAccount } from './users';
import { FakeUtilities } from './utilities';

export interface RuntimeOptions {
  distDir: string;
  clock: HarnessClock;
  addon: boolean;
  addonName: string;
  /** The user executions run as unless the harness names another one. */
  userEmail: string;
  fetchTimeoutMs?: number;
  /** LoadOptions.beforeFetch. */
  beforeFetch?: (requests: readonly { method: string; url: string }[]) => void;
  /** LoadOptions.recordRequests. */
  recordRequests?: boolean;
  realSleep?: boolean;
  /** Fetches to loopback addresses pass the manifest's allow-list (the emulator, the tests). */
  allowLoopback?: boolean;
  /** False when a stored state brings its own sheets. */
  defaultSheet?: boolean;
}

/**
 * Runs inside each fresh context before the bundle: Date and Date.now follow the harness clock,
 * while `instanceof Date` still matches dates made by the context's own constructor.
 */
const CLOCK_DATE_SOURCE = `(function (hostNow) {
  var RealDate = Date;
  var now = function now() { return hostNow(); };
  globalThis.Date = new Proxy(RealDate, {
    construct: function (target, args, newTarget) {
      return Reflect.construct(target, args.length ? args : [hostNow()], newTarget);
    },
    apply: function () { return new RealDate(hostNow()).toString(); },
    get: function (target, key, receiver) { return key === 'now' ? now : Reflect.get(target, key, receiver); }
  });
})`;

export class Runtime {
  readonly clock: HarnessClock;
  readonly counts = new CallCounts();
  readonly spreadsheet: FakeSpreadsheet;
  readonly ui = new UiRecord();
  readonly documentProperties = new FakeProperties('document');
  readonly scriptProperties = new FakeProperties('script');
  readonly documentCache: FakeCache;
  readonly scriptCache: FakeCache;
  readonly locks = new LockTable();
  /** Every user's triggers; each user's executions see their own (UserAccount.triggers). */
  readonly triggers: TriggerStore;
  readonly users: UserDirectory;
  readonly defaultUser: UserAccount;
  readonly logs = new LogRecord();
  readonly sentRequests: SentRequest[] = [];
  readonly http = new SyncHttpClient();
  readonly timeZone: string;
  /** The manifest's urlFetchWhitelist; undefined: no restriction. */
  readonly urlFetchWhitelist?: readonly string[];
  /** Called at every flush point (SpreadsheetApp.flush, the end of a writing execution): recalc.ts. */
  readonly flushListeners: (() => void)[] = [];

  flushed(): void {
    for (const listener of this.flushListeners) listener();
  }

  constructor(readonly options: RuntimeOptions) {
    this.clock = options.clock;
    const now = () => this.clock.now();
    this.spreadsheet = new FakeSpreadsheet(
      'local-spreadsheet',
      'Untitled spreadsheet',
      now,
      options.defaultSheet !== false,
    );
    this.documentCache = new FakeCache(now);
    this.scriptCache = new FakeCache(now);
    this.triggers = new TriggerStore({ addon: options.addon, now });
    this.users = new UserDirectory(now, this.triggers);
    this.defaultUser = this.users.get(options.userEmail);
    const manifest = readManifest(options.distDir);
    this.timeZone = manifest.timeZone ?? 'Etc/UTC';
    this.urlFetchWhitelist = manifest.urlFetchWhitelist;
  }

  /** The default user's stores beside the shared ones: what single-user callers look at. */
  get properties(): PropertyStores {
    return this.propertiesOf(this.defaultUser);
  }

  propertiesOf(user: UserAccount): PropertyStores {
    return { document: this.documentProperties, user: user.properties, script: this.scriptProperties };
  }

  private cachesOf(user: UserAccount): CacheStores {
    return { document: this.documentCache, user: user.cache, script: this.scriptCache };
  }

  startExecution(limits: ExecutionLimits, user: UserAccount = this.defaultUser): Execution {
    return new Execution(this, limits, user);
  }

  /** The Apps Script globals of one execution run as `user`, each behind that execution's membrane. */
  servicesFor(guard: ExecutionGuard, user: UserAccount): Record<string, GasObject> {
    const anonymous = guard.kind === 'customFunction';
    return {
      SpreadsheetApp: new FakeSpreadsheetApp(this.spreadsheet, this.ui, this.options.addonName, () =>
        this.flushed(),
      ),
      PropertiesService: new FakePropertiesService(this.propertiesOf(user)),
      CacheService: new FakeCacheService(this.cachesOf(user)),
      LockService: new FakeLockService(this.locks, guard.id, this.clock, user.email),
      ScriptApp: new FakeScriptApp(user.triggers),
      HtmlService: new FakeHtmlService(this.options.distDir),
      UrlFetchApp: new FakeUrlFetchApp(
        this.http,
        this.counts,
        // Not kept: each execution's requests go to an array dropped with it.
        this.options.recordRequests === false ? [] : this.sentRequests,
        this.options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
        { prefixes: this.urlFetchWhitelist, allowLoopback: this.options.allowLoopback === true },
        () => this.clock.now(),
        this.options.beforeFetch,
      ),
      Utilities: new FakeUtilities(this.clock, this.options.realSleep),
      Session: new FakeSession(user, anonymous, this.timeZone),
      Logger: new FakeLogger(this.logs),
      console: new FakeConsole(this.logs),
    };
  }

  close(): void {
    this.http.close();
  }
}

function readManifest(distDir: string): { timeZone?: string; urlFetchWhitelist?: string[] } {
  const manifest = join(distDir, 'appsscript.json');
  if (!existsSync(manifest)) return {};
  return JSON.parse(readFileSync(manifest, 'utf8')) as { timeZone?: string; urlFetchWhitelist?: string[] };
}

/**
 * What the fresh context is made from. `vm.createContext({})` contextifies the object: every global
 * name the project reads (`Math`, `String`, `SpreadsheetApp`…) then goes through an interceptor that
 * looks at the host object first, which made hot code 4–15× slower than the same code in a plain V8
 * realm and CPU figures measured here meaningless. DONT_CONTEXTIFY (Node ≥ 20.18) gives a context
 * whose global object is an ordinary one: globals are read as fast as in Apps Script's V8, and they
 * are still the context's own built-ins. Older Node falls back to the (slower, equally correct)
 * contextified object.
 */
const ORDINARY_GLOBAL = (vm.constants as Partial<typeof vm.constants> | undefined)?.DONT_CONTEXTIFY;

function freshContext(): vm.Context {
  return vm.createContext(ORDINARY_GLOBAL ?? {});
}

/** One run of the project: a fresh context, its own limits, its locks released at the end. */
export class Execution {
  readonly guard: ExecutionGuard;
  private readonly context: vm.Context;
  private readonly membrane: Membrane;
  private ended = false;

  constructor(
    private readonly runtime: Runtime,
    limits: ExecutionLimits,
    user: UserAccount,
  ) {
    const { distDir } = runtime.options;
    if (!existsSync(join(distDir, 'Code.js'))) {
      throw new Error(`${join(distDir, 'Code.js')} is missing: run \`npm run build\` first.`);
    }
    this.guard = new ExecutionGuard(runtime.clock, runtime.counts, limits);
    this.context = freshContext();
    (vm.runInContext(CLOCK_DATE_SOURCE, this.context) as (now: () => number) => void)(() =>
      runtime.clock.now(),
    );
    this.membrane = new Membrane(this.context, this.guard);
    for (const [name, service] of Object.entries(runtime.servicesFor(this.guard, user))) {
      this.context[name] = this.membrane.expose(service);
    }
    gasLocal.require(distDir, this.context, { filter: (path) => path.endsWith('.js') });
  }

  /** Calls a top-level function of the project, arguments copied into the context's realm. */
  call<T = unknown>(name: string, ...args: unknown[]): T {
    if (this.ended) throw new Error('This execution has ended; start another one.');
    const fn: unknown = this.context[name];
    if (typeof fn !== 'function') throw gasError(MESSAGES.functionNotFound(name));
    if (this.guard.kind === 'customFunction') this.runtime.counts.recordCustomFunctionRun();
    let result: unknown;
    try {
      result = (fn as (...a: unknown[]) => unknown)(...args.map((arg) => this.membrane.toContext(arg)));
    } catch (error) {
      throw this.guard.fatalError() ?? error;
    }
    // Running out of time ends the run even if the add-on caught the error.
    const fatal = this.guard.fatalError();
    if (fatal) throw fatal;
    return this.membrane.toHost(result) as T;
  }

  /** Top-level functions the project defines (what Apps Script can call). */
  functionNames(): string[] {
    return Object.keys(this.context).filter((name) => typeof this.context[name] === 'function');
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.runtime.locks.releaseAll(this.guard.id);
    // What the execution wrote reaches Sheets when it ends, as at a flush. A custom function cannot
    // write: skipping its end keeps recalculate() from looking at every formula once per cell.
    if (this.guard.kind !== 'customFunction') this.runtime.flushed();
  }
}
