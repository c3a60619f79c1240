/**
 * Every call the add-on makes into a fake service, by `Service.method`, plus the totals quotas are
 * about: URL fetches (each request of a fetchAll counts), range reads and writes, the cells those
 * reads send and the cells TextFinder searches scan, trigger runs, custom-function runs.
 */
/** A TextFinder search reads its range on Sheets' side: a range read, whatever it sends back. */
const RANGE_SEARCHES = new Set(['TextFinder.findAll', 'TextFinder.findNext', 'TextFinder.findPrevious']);

const RANGE_READS = new Set([
  ...RANGE_SEARCHES,
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
  private readonly hostMs = new Map<string, number>();
  private fetchAllRequests = 0;
  private triggerRunCount = 0;
  private customFunctionRunCount = 0;
  private cellsReadCount = 0;
  private cellsSearchedCount = 0;

  /** One call; `target` is the fake it was made on (a Range's or a TextFinder's size counts cells). */
  record(name: string, target?: object): void {
    this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
    if (!RANGE_READS.has(name)) return;
    const size = (target as { cellCount?: () => number } | undefined)?.cellCount?.() ?? 1;
    // getValues, getDisplayValues…: the whole range; getValue, getDisplayValue…: its first cell.
    if (RANGE_SEARCHES.has(name)) this.cellsSearchedCount += size;
    else this.cellsReadCount += name.endsWith('s') ? size : 1;
  }

  /** Time the fakes spent in a call: what a benchmark should not take for the add-on's own. */
  recordHostMs(name: string, ms: number): void {
    this.hostMs.set(name, (this.hostMs.get(name) ?? 0) + ms);
  }

  /** Milliseconds the fakes spent in every `Service.method` call so far (a TextFinder's scan…). */
  msIn(name: string): number {
    return this.hostMs.get(name) ?? 0;
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

  /** Cells Range reads sent to the script (a 1,000 × 2 getDisplayValues is 2,000). */
  get cellsRead(): number {
    return this.cellsReadCount;
  }

  /** Cells TextFinder searches scanned on Sheets' side (each find call scans its whole range). */
  get cellsSearched(): number {
    return this.cellsSearchedCount;
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
    this.hostMs.clear();
    this.fetchAllRequests = 0;
    this.triggerRunCount = 0;
    this.customFunctionRunCount = 0;
    this.cellsReadCount = 0;
    this.cellsSearchedCount = 0;
  }

  private sumOf(names: Set<string>): number {
    let total = 0;
    for (const name of names) total += this.get(name);
    return total;
  }
}
