/**
 * The persistent side of the local Apps Script (document, properties, caches, locks, triggers,
 * users, clock, counts, logs, HTTP worker) and the executions that run against it, each as one user
 * of the document: that user's properties, cache, triggers and Session over the shared rest. Each execution loads
 * dist/Code.js (compiled once, project-code.ts) into a fresh vm context holding only Apps Script globals, as Apps
 * Script reloads the project for every run: module-level state never survives.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { FakeCache, FakeCacheService, seededRandom, type CacheEviction, type CacheStores } from './cache';
import { HarnessClock } from './clock';
import { CallCounts } from './counts';
import { gasError, MESSAGES } from './errors';
import { ExecutionGuard, type CallCheck, type ExecutionKind, type ExecutionLimits } from './execution';
import { FakeHtmlService } from './html';
import { FakeLockService, LockTable } from './lock';
import { FakeConsole, FakeLogger, LogRecord } from './logging';
import { Membrane, type GasObject } from './membrane';
import { runProject } from './project-code';
import { FakeProperties, FakePropertiesService, type PropertyStores } from './properties';
import { FakeSpreadsheetApp } from './spreadsheet/app';
import { sheetLimits } from './spreadsheet/limits';
import type { Protection } from './spreadsheet/protection';
import { FakeSpreadsheet } from './spreadsheet/spreadsheet';
import { UiRecord } from './spreadsheet/ui';
import { SIMULTANEOUS_EXECUTIONS, TOO_MANY_SIMULTANEOUS } from './quotas';
import { scopeRefusal } from './scopes';
import { FakeSession } from './session';
import { FakeScriptApp, TriggerStore, type TriggerScope } from './triggers';
import { sharedHttpClient } from './urlfetch/client';
import {
  DEFAULT_FETCH_TIMEOUT_MS,
  FakeUrlFetchApp,
  type JournalAnswers,
  type SentRequest,
} from './urlfetch/urlfetch-app';
import { UserDirectory, type UserAccount } from './users';
import { FakeUtilities } from './utilities';

/**
 * What outlives one document: the people (user properties, user caches, quotas) and every user's
 * triggers of every document, one add-on project over them all. Several documents share one
 * (`Addon.openDocument`); each trigger runs in the document it was created in.
 */
export class Accounts {
  readonly users: UserDirectory;
  readonly triggers: TriggerStore;
  /** Each open document's runtime, by spreadsheet id: where its triggers run. */
  readonly documents = new Map<string, Runtime>();
  /** User locks: one per user across all their documents (lock.ts). */
  readonly userLocks = new LockTable();
  /** What Math.random and Utilities.getUuid draw from when the runtime is seeded (LoadOptions.seed). */
  readonly random?: () => number;
  private opened = 0;

  constructor(
    readonly clock: HarnessClock,
    addon: boolean,
    /** Trigger creation refused, as in a test deployment (harness-api.ts, `unproven`). */
    testDeployment = false,
    /** Early eviction in the user caches (cache.ts). */
    cacheEviction?: CacheEviction,
    seed?: number,
  ) {
    if (seed !== undefined) this.random = seededRandom(seed);
    const now = () => clock.now();
    this.triggers = new TriggerStore({ addon, testDeployment, now });
    this.users = new UserDirectory(now, cacheEviction);
  }

  /** A fresh spreadsheet id: the first document keeps the id states always had. */
  nextDocumentId(): string {
    const n = ++this.opened;
    return n === 1 ? 'local-spreadsheet' : `local-spreadsheet-${n}`;
  }
}

export interface RuntimeOptions {
  distDir: string;
  /** Shared with other documents of the same users; default: this document's own. */
  accounts?: Accounts;
  clock: HarnessClock;
  addon: boolean;
  /** Trigger creation refused, as in a test deployment (harness-api.ts, `unproven`). */
  testDeployment?: boolean;
  addonName: string;
  /** The user executions run as unless the harness names another one. */
  userEmail: string;
  fetchTimeoutMs?: number;
  /** LoadOptions.beforeFetch. */
  beforeFetch?: (requests: readonly { method: string; url: string }[]) => void;
  /** LoadOptions.afterDocumentWrite. */
  afterDocumentWrite?: () => void;
  /** LoadOptions.journalAnswers. */
  journalAnswers?: JournalAnswers;
  /** LoadOptions.recordRequests. */
  recordRequests?: boolean;
  realSleep?: boolean;
  /** Fetches to loopback addresses pass the manifest's allow-list (the emulator, the tests). */
  allowLoopback?: boolean;
  /** False when a stored state brings its own sheets. */
  defaultSheet?: boolean;
  /** Early eviction in the document, script and user caches (cache.ts); none by default. */
  cacheEviction?: CacheEviction;
  /** False: Google's daily quotas are not counted against anyone (a command line is no Apps Script). */
  dailyQuotas?: boolean;
  /** LoadOptions.seed: Math.random, Utilities.getUuid and fetchAll's order replay. */
  seed?: number;
}

/**
 * Runs inside each fresh context before the bundle: Date and Date.now follow the harness clock,
 * while `instanceof Date` still matches dates made by the context's own constructor; Math.random
 * draws from the runtime's seeded generator when it has one.
 */
export const CLOCK_DATE_SOURCE = `(function (hostNow, hostRandom) {
  if (hostRandom) Math.random = function random() { return hostRandom(); };
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
  readonly documentProperties: FakeProperties;
  readonly scriptProperties = new FakeProperties('script');
  readonly documentCache: FakeCache;
  readonly scriptCache: FakeCache;
  readonly locks: LockTable;
  readonly accounts: Accounts;
  /** Every user's triggers of every document; each execution's ScriptApp sees its user's. */
  readonly triggers: TriggerStore;
  readonly users: UserDirectory;
  readonly defaultUser: UserAccount;
  readonly logs = new LogRecord();
  readonly sentRequests: SentRequest[] = [];
  readonly http = sharedHttpClient();
  readonly timeZone: string;
  /** The manifest's urlFetchWhitelist; undefined: no restriction. */
  readonly urlFetchWhitelist?: readonly string[];
  /** The manifest's oauthScopes; undefined: Apps Script works them out, nothing is refused. */
  readonly oauthScopes?: readonly string[];
  /** Protected ranges and sheets of the document (spreadsheet/limits.ts). */
  get protections(): Protection[] {
    return this.spreadsheet.protections;
  }
  /** Called at every flush point (SpreadsheetApp.flush, the end of a writing execution): recalc.ts. */
  readonly flushListeners: (() => void)[] = [];

  flushed(): void {
    for (const listener of this.flushListeners) listener();
  }

  constructor(readonly options: RuntimeOptions) {
    this.clock = options.clock;
    this.documentProperties = new FakeProperties('document', options.afterDocumentWrite);
    const now = () => this.clock.now();
    this.accounts =
      options.accounts ??
      new Accounts(this.clock, options.addon, options.testDeployment, options.cacheEviction, options.seed);
    this.spreadsheet = new FakeSpreadsheet(
      this.accounts.nextDocumentId(),
      'Untitled spreadsheet',
      now,
      options.defaultSheet !== false,
    );
    this.documentCache = new FakeCache(now, options.cacheEviction);
    this.scriptCache = new FakeCache(now, options.cacheEviction);
    this.accounts.documents.set(this.spreadsheet.getId(), this);
    this.locks = new LockTable(this.accounts.userLocks);
    this.triggers = this.accounts.triggers;
    this.users = this.accounts.users;
    this.defaultUser = this.users.get(options.userEmail);
    const manifest = readManifest(options.distDir);
    this.timeZone = manifest.timeZone ?? 'Etc/UTC';
    this.urlFetchWhitelist = manifest.urlFetchWhitelist;
    this.oauthScopes = manifest.oauthScopes;
  }

  /** The rules checked at each service call of an execution of `kind` run as `user`. */
  checksFor(kind: ExecutionKind, user: UserAccount): CallCheck[] {
    const quotas = this.options.dailyQuotas === false ? [] : [quotaCheck(user)];
    // A custom function runs without authorization: what it may call is execution.ts's business.
    if (kind === 'customFunction') return quotas;
    return [
      ({ name }) => scopeRefusal(this.oauthScopes, name),
      ...quotas,
      sheetLimits(this.spreadsheet, this.protections, user.email),
    ];
  }

  /** The default user's stores beside the shared ones: what single-user callers look at. */
  get properties(): PropertyStores {
    return this.propertiesOf(this.defaultUser);
  }

  propertiesOf(user: UserAccount): PropertyStores {
    return { document: this.documentProperties, user: user.properties, script: this.scriptProperties };
  }

  /** `user`'s triggers as an execution in this document sees them. */
  triggersOf(user: UserAccount): TriggerScope {
    return this.triggers.forOwner(user.email, this.spreadsheet.getId());
  }

  private cachesOf(user: UserAccount): CacheStores {
    return { document: this.documentCache, user: user.cache, script: this.scriptCache };
  }

  /** `code: false`: the project is loaded elsewhere (a custom function on its own thread, interleave.ts). */
  startExecution(
    limits: ExecutionLimits,
    user: UserAccount = this.defaultUser,
    options: { code?: boolean } = {},
  ): Execution {
    return new Execution(this, limits, user, options.code !== false);
  }

  /** The Apps Script globals of one execution run as `user`, each behind that execution's membrane. */
  servicesFor(guard: ExecutionGuard, user: UserAccount): Record<string, GasObject> {
    const anonymous = guard.kind === 'customFunction';
    this.spreadsheet.actingUser = user.email;
    return {
      SpreadsheetApp: new FakeSpreadsheetApp(this.spreadsheet, this.ui, this.options.addonName, () =>
        this.flushed(),
      ),
      PropertiesService: new FakePropertiesService(this.propertiesOf(user)),
      CacheService: new FakeCacheService(this.cachesOf(user)),
      LockService: new FakeLockService(this.locks, guard.id, this.clock, user.email),
      ScriptApp: new FakeScriptApp(this.triggersOf(user)),
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
        this.options.journalAnswers,
        this.accounts.random !== undefined,
      ),
      Utilities: new FakeUtilities(this.clock, this.options.realSleep, this.accounts.random),
      Session: new FakeSession(user, anonymous, this.timeZone),
      Logger: new FakeLogger(this.logs),
      console: new FakeConsole(this.logs),
    };
  }

  close(): void {
    // The HTTP worker is the process's (sharedHttpClient), not this runtime's: it stays.
    this.accounts.documents.delete(this.spreadsheet.getId());
  }
}

/** The daily quotas a call spends of its user's (quotas.ts). */
function quotaCheck(user: UserAccount): CallCheck {
  const { usage, consumer } = user;
  return ({ name, args }) => {
    if (name.startsWith('Properties.')) return usage.spend('properties', 1, consumer);
    if (name === 'UrlFetchApp.fetch') return usage.spend('urlfetch', 1, consumer);
    if (name === 'UrlFetchApp.fetchAll') {
      const requests = Array.isArray(args[0]) ? args[0].length : 1;
      return usage.spend('urlfetch', requests, consumer);
    }
    return undefined;
  };
}

interface Manifest {
  timeZone?: string;
  urlFetchWhitelist?: string[];
  oauthScopes?: string[];
}

function readManifest(distDir: string): Manifest {
  const manifest = join(distDir, 'appsscript.json');
  if (!existsSync(manifest)) return {};
  return JSON.parse(readFileSync(manifest, 'utf8')) as Manifest;
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

/** A new context for one execution, on an ordinary global object where Node has one. */
export function freshContext(): vm.Context {
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
    private readonly user: UserAccount,
    code = true,
  ) {
    const { distDir } = runtime.options;
    if (!existsSync(join(distDir, 'Code.js'))) {
      throw new Error(`${join(distDir, 'Code.js')} is missing: run \`npm run build\` first.`);
    }
    // Counted per user across documents, from here to end().
    if (user.usage.running >= SIMULTANEOUS_EXECUTIONS) throw gasError(TOO_MANY_SIMULTANEOUS);
    // A still clock (LoadOptions.seed) still keeps executions apart: two never start in the same
    // millisecond, as none does in Apps Script (a fuzz case's limit seemed set with the run before it).
    if (runtime.clock.still) runtime.clock.advance(1);
    this.guard = new ExecutionGuard(
      runtime.clock,
      runtime.counts,
      limits,
      runtime.checksFor(limits.kind, user),
    );
    this.context = freshContext();
    (vm.runInContext(CLOCK_DATE_SOURCE, this.context) as (now: () => number, random?: () => number) => void)(
      () => runtime.clock.now(),
      runtime.accounts.random,
    );
    this.membrane = new Membrane(this.context, this.guard);
    for (const [name, service] of Object.entries(runtime.servicesFor(this.guard, user))) {
      this.context[name] = this.membrane.expose(service);
      this.globals.push(name);
    }
    if (code) runProject(distDir, this.context);
    user.usage.running += 1;
  }

  /** The Apps Script globals this execution offers, each behind its membrane. */
  private readonly globals: string[] = [];

  globalNames(): readonly string[] {
    return this.globals;
  }

  global(name: string): object {
    return this.context[name] as object;
  }

  /** The fake behind one of this execution's service objects (what the membrane wraps). */
  hostOf(service: object): unknown {
    return this.membrane.toHost(service);
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
    this.user.usage.running -= 1;
    this.runtime.locks.releaseAll(this.guard.id);
    // What the execution wrote reaches Sheets when it ends, as at a flush. A custom function cannot
    // write: skipping its end keeps recalculate() from looking at every formula once per cell.
    if (this.guard.kind !== 'customFunction') this.runtime.flushed();
  }
}
