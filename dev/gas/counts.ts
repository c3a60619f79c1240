/**
 * Every call the add-on makes into a fake service, by `Service.method`, plus the totals quotas are
 * about: URL fetches (each request of a fetchAll counts), range reads and writes, trigger runs,
 * custom-function runs.
 */
const RANGE_READS = new Set([
  'Range.getValues',
  'Range.getValue',
  'Range.getDisplayValues',
  'Range.getDisplayValue',
  'Range.getFormulas',
  'Range.getFormula',
  'Range.getNumberFormats',
  'Range.getNumberFormat',
]);

const RANGE_WRITES = new Set([
  'Range.setValues',
  'Range.setValue',
  'Range.setFormulas',
  'Range.setFormula',
  'Range.setNumberFormat',
  'Range.setNumberFormats',
  'RangeList.setNumberFormat',
  'Range.clear',
  'Range.clearContent',
  'Range.clearFormat',
  'Range.sort',
  'Sheet.appendRow',
  'Sheet.clear',
  'Sheet.clearContents',
]);

export class CallCounts {
  private readonly calls = new Map<string, number>();
  private fetchAllRequests = 0;
  private triggerRunCount = 0;
  private customFunctionRunCount = 0;

  record(name: string): void {
    this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
  }

  recordFetchAllRequests(count: number): void {
    this.fetchAllRequests += count;
  }

  recordTriggerRun(): void {
    this.triggerRunCount += 1;
  }

  recordCustomFunctionRun(): void {
    this.customFunctionRunCount += 1;
  }

  get(name: string): number {
    return this.calls.get(name) ?? 0;
  }

  /** Requests sent: one per fetch, one per request inside every fetchAll. */
  get urlfetch(): number {
    return this.get('UrlFetchApp.fetch') + this.fetchAllRequests;
  }

  get rangeReads(): number {
    return this.sumOf(RANGE_READS);
  }

  get rangeWrites(): number {
    return this.sumOf(RANGE_WRITES);
  }

  get triggerRuns(): number {
    return this.triggerRunCount;
  }

  /** Custom functions run in custom-function mode: by recalculate() or callWith({ customFunction }). */
  get customFunctionRuns(): number {
    return this.customFunctionRunCount;
  }

  /** Plain, sorted copy of the per-method counts (handy in snapshots and benchmark output). */
  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.calls.entries()].sort(([a], [b]) => a.localeCompare(b)));
  }

  reset(): void {
    this.calls.clear();
    this.fetchAllRequests = 0;
    this.triggerRunCount = 0;
    this.customFunctionRunCount = 0;
  }

  private sumOf(names: Set<string>): number {
    let total = 0;
    for (const name of names) total += this.get(name);
    return total;
  }
}
