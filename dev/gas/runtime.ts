/**
 * The persistent side of the local Apps Script (document, properties, caches, locks, triggers,
 * clock, counts, logs, HTTP worker) and the executions that run against it. Each execution loads
 * dist/Code.js with gas-local into a fresh vm context holding only Apps Script globals, as Apps
 * Script reloads the project for every run: module-level state never survives.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import gasLocal from 'gas-local';
import { FakeCacheService, newCacheStores, type CacheStores } from './cache';
import { HarnessClock } from './clock';
import { CallCounts } from './counts';
import { gasError, MESSAGES } from './errors';
import { ExecutionGuard, type ExecutionLimits } from './execution';
import { FakeHtmlService } from './html';
import { FakeLockService, LockTable } from './lock';
import { FakeConsole, FakeLogger, FakeSession, LogRecord } from './logging';
import { Membrane, type GasObject } from './membrane';
import { FakePropertiesService, newPropertyStores, type PropertyStores } from './properties';
import { FakeSpreadsheetApp } from './spreadsheet/app';
import { FakeSpreadsheet } from './spreadsheet/spreadsheet';
import { UiRecord } from './spreadsheet/ui';
import { FakeScriptApp, TriggerStore } from './triggers';
import { SyncHttpClient } from './urlfetch/client';
import { DEFAULT_FETCH_TIMEOUT_MS, FakeUrlFetchApp, type SentRequest } from './urlfetch/urlfetch-app';
import { FakeUtilities } from './utilities';

export interface RuntimeOptions {
  distDir: string;
  clock: HarnessClock;
  addon: boolean;
  addonName: string;
  userEmail: string;
  fetchTimeoutMs?: number;
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
  readonly properties: PropertyStores = newPropertyStores();
  readonly caches: CacheStores;
  readonly locks = new LockTable();
  readonly triggers: TriggerStore;
  readonly logs = new LogRecord();
  readonly sentRequests: SentRequest[] = [];
  readonly http = new SyncHttpClient();
  readonly timeZone: string;
  /** The manifest's urlFetchWhitelist; undefined: no restriction. */
  readonly urlFetchWhitelist?: readonly string[];

  constructor(readonly options: RuntimeOptions) {
    this.clock = options.clock;
    const now = () => this.clock.now();
    this.spreadsheet = new FakeSpreadsheet(
      'local-spreadsheet',
      'Untitled spreadsheet',
      now,
      options.defaultSheet !== false,
    );
    this.caches = newCacheStores(now);
    this.triggers = new TriggerStore({ addon: options.addon, now });
    const manifest = readManifest(options.distDir);
    this.timeZone = manifest.timeZone ?? 'Etc/UTC';
    this.urlFetchWhitelist = manifest.urlFetchWhitelist;
  }

  startExecution(limits: ExecutionLimits): Execution {
    return new Execution(this, limits);
  }

  /** The Apps Script globals of one execution, each behind that execution's membrane. */
  servicesFor(guard: ExecutionGuard): Record<string, GasObject> {
    const anonymous = guard.kind === 'customFunction';
    return {
      SpreadsheetApp: new FakeSpreadsheetApp(this.spreadsheet, this.ui, this.options.addonName),
      PropertiesService: new FakePropertiesService(this.properties),
      CacheService: new FakeCacheService(this.caches),
      LockService: new FakeLockService(this.locks, guard.id, this.clock),
      ScriptApp: new FakeScriptApp(this.triggers),
      HtmlService: new FakeHtmlService(this.options.distDir),
      UrlFetchApp: new FakeUrlFetchApp(
        this.http,
        this.counts,
        this.sentRequests,
        this.options.fetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
        { prefixes: this.urlFetchWhitelist, allowLoopback: this.options.allowLoopback === true },
        () => this.clock.now(),
      ),
      Utilities: new FakeUtilities(this.clock, this.options.realSleep),
      Session: new FakeSession(this.options.userEmail, anonymous, this.timeZone),
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
 * The built-ins the project's code reads as free names. In a vm context every global name is looked
 * up through the contextified sandbox's interceptor, which makes hot code 2–100× slower than in
 * Apps Script's V8; reading them once into parameters makes timings mean something. They are the
 * context's own (realm-faithful): `globalThis.X` evaluated inside the context.
 */
const BUILTINS = [
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'Math',
  'JSON',
  'Date',
  'RegExp',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'Promise',
  'Reflect',
  'Proxy',
  'Intl',
  'BigInt',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'decodeURI',
];

const wrappedDirs = new Map<string, string>();

/**
 * A copy of the project's .js files (cached per content) whose code runs inside a function taking
 * the built-ins as parameters; its top-level declarations are then put back on the global object,
 * where Apps Script finds its entry points. gas-local loads the copy like the original.
 */
function withBuiltinsAsLocals(distDir: string): string {
  const files = readdirSync(distDir)
    .filter((name) => name.endsWith('.js'))
    .sort();
  const sources = files.map((name) => [name, readFileSync(join(distDir, name), 'utf8')] as const);
  const key = createHash('sha256').update(JSON.stringify(sources)).digest('hex').slice(0, 16);
  const cached = wrappedDirs.get(key);
  if (cached && existsSync(cached)) return cached;
  const dir = join(tmpdir(), `sheet-enrich-gas-${key}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, code] of sources) {
    const declared = [
      ...code.matchAll(/^\s*(?:function\s+([A-Za-z_$][\w$]*)|var\s+([A-Za-z_$][\w$]*))/gm),
    ].map((match) => match[1] ?? match[2]!);
    // typeof guards the names of nested declarations, which are not in scope here.
    const exported = [...new Set(declared)]
      .map((id) => `if (typeof ${id} !== 'undefined') globalThis.${id} = ${id};`)
      .join('\n');
    const args = BUILTINS.map((id) => `globalThis.${id}`).join(', ');
    writeFileSync(
      join(dir, name),
      `(function (${BUILTINS.join(', ')}) {\n${code}\n${exported}\n})(${args});\n`,
    );
  }
  wrappedDirs.set(key, dir);
  return dir;
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
  ) {
    const { distDir } = runtime.options;
    if (!existsSync(join(distDir, 'Code.js'))) {
      throw new Error(`${join(distDir, 'Code.js')} is missing: run \`npm run build\` first.`);
    }
    this.guard = new ExecutionGuard(runtime.clock, runtime.counts, limits);
    this.context = vm.createContext({});
    (vm.runInContext(CLOCK_DATE_SOURCE, this.context) as (now: () => number) => void)(() =>
      runtime.clock.now(),
    );
    this.membrane = new Membrane(this.context, this.guard);
    for (const [name, service] of Object.entries(runtime.servicesFor(this.guard))) {
      this.context[name] = this.membrane.expose(service);
    }
    gasLocal.require(withBuiltinsAsLocals(distDir), this.context, { filter: (path) => path.endsWith('.js') });
  }

  /** Calls a top-level function of the project, arguments copied into the context's realm. */
  call<T = unknown>(name: string, ...args: unknown[]): T {
    if (this.ended) throw new Error('This execution has ended; start another one.');
    const fn: unknown = this.context[name];
    if (typeof fn !== 'function') throw gasError(MESSAGES.functionNotFound(name));
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
  }
}
