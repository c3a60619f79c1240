/**
 * One execution's limits, checked at every service call: the time budget (6 min, 30 s for a custom
 * function), the deterministic kill switch tests use to stop a run mid-write, and what a custom
 * function or a trigger is not allowed to touch.
 */
import type { HarnessClock } from './clock';
import type { CallCounts } from './counts';
import { gasError, MESSAGES } from './errors';

export type ExecutionKind = 'manual' | 'trigger' | 'customFunction';

export interface ExecutionLimits {
  kind: ExecutionKind;
  budgetMs: number;
  /** `{ 'Range.setValues': 2 }`: the 2nd setValues of this execution dies as if out of time. */
  killAfter?: Record<string, number>;
}

export const DEFAULT_BUDGET_MS = 360_000;
export const CUSTOM_FUNCTION_BUDGET_MS = 30_000;

/** A rule checked before each service call: what Apps Script would throw instead of running it. */
export type CallCheck = (call: {
  /** `Class.method`, as Apps Script names it in its errors. */
  name: string;
  target: object;
  /** The arguments, as the fakes receive them. */
  args: readonly unknown[];
}) => string | undefined;

let lastExecutionId = 0;

export class ExecutionGuard {
  readonly id = ++lastExecutionId;
  readonly startedAt: number;
  private readonly callsHere = new Map<string, number>();
  private killed = false;
  private missing: Error | undefined;

  constructor(
    private readonly clock: HarnessClock,
    private readonly counts: CallCounts,
    readonly limits: ExecutionLimits,
    private readonly checks: readonly CallCheck[] = [],
  ) {
    this.startedAt = clock.now();
  }

  get kind(): ExecutionKind {
    return this.limits.kind;
  }

  /** True once the budget ran out or the kill switch fired: Apps Script ends such a run. */
  get wasKilled(): boolean {
    return this.killed;
  }

  remainingMs(): number {
    return this.startedAt + this.limits.budgetMs - this.clock.now();
  }

  /** Called before every service method; throws what Apps Script would throw instead of running it. */
  enter(service: string, method: string, target: object, args: readonly unknown[] = []): void {
    const name = `${service}.${method}`;
    if (this.killed) throw gasError(MESSAGES.exceededTime);
    this.counts.record(name, target);
    const nth = (this.callsHere.get(name) ?? 0) + 1;
    this.callsHere.set(name, nth);
    if (this.limits.killAfter?.[name] === nth || this.remainingMs() < 0) {
      this.killed = true;
      throw gasError(MESSAGES.exceededTime);
    }
    const refusal = refusalFor(this.kind, service, method, target);
    if (refusal) throw gasError(refusal);
    for (const check of this.checks) {
      const refused = check({ name, target, args });
      if (refused) throw gasError(refused);
    }
  }

  /** The time a fake took to answer a call (counts.msIn). */
  spent(service: string, method: string, ms: number): void {
    this.counts.recordHostMs(`${service}.${method}`, ms);
  }

  /**
   * The add-on used a member the fakes do not have. Apps Script has it (or the add-on has a bug):
   * either way the run must not go on with `undefined`, so the error also ends the run when the
   * add-on catches it.
   */
  notImplemented(service: string, member: string): Error {
    const error = new Error(
      `${service}.${member} is not implemented by the local Apps Script runtime (dev/gas): add it to the fake, or check the name.`,
    );
    error.name = 'NotImplementedError';
    this.missing ??= error;
    return error;
  }

  /** An error that ends the run even when the add-on caught it: Apps Script's timeout, a missing fake. */
  fatalError(): Error | undefined {
    return this.killed ? gasError(MESSAGES.exceededTime) : this.missing;
  }
}

const SPREADSHEET_SERVICES = new Set([
  'SpreadsheetApp',
  'Spreadsheet',
  'Sheet',
  'Range',
  'RangeList',
  'Selection',
  'TextFinder',
  'EmbeddedChart',
  'EmbeddedChartBuilder',
  'EmbeddedColumnChartBuilder',
  'ContainerInfo',
  'ChartOptions',
]);
/**
 * Custom functions get a read-only Spreadsheet service: getters pass, anything that changes the file
 * is refused. A TextFinder that only finds reads (its replace* methods are refused); Apps Script's
 * guide lists "most get*() methods" without naming it, so this is the fakes' reading, to be
 * checked in real Sheets.
 */
const READ_ONLY_METHOD = /^(get|is|has|offset|toString|createTextFinder|find|match)/;
const NEEDS_AUTHORIZATION = new Set(['ScriptApp', 'TriggerBuilder', 'ClockTriggerBuilder', 'Trigger']);

function refusalFor(
  kind: ExecutionKind,
  service: string,
  method: string,
  target: object,
): string | undefined {
  if (kind === 'manual') return undefined;
  // Neither a trigger nor a recalculation has a user looking at the document.
  if (service === 'SpreadsheetApp' && method === 'getUi') return MESSAGES.uiFromThisContext;
  if (kind !== 'customFunction') return undefined;
  if (SPREADSHEET_SERVICES.has(service) && !READ_ONLY_METHOD.test(method))
    return MESSAGES.noPermission(method);
  if (NEEDS_AUTHORIZATION.has(service)) return MESSAGES.noPermission(`${service}.${method}`);
  // A custom function runs without the user's authorization: it may read user properties, not write them.
  const scope = (target as { scope?: unknown }).scope;
  if (service === 'Properties' && scope === 'user' && /^(set|delete)/.test(method)) {
    return MESSAGES.noPermission(method);
  }
  return undefined;
}
