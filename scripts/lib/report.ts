/** What the CLIs show: a progress bar on a terminal (plain lines otherwise) and the summary. */
import type { RunProgress, SearchPreview, SearchTabView } from '../../src/app/sidebar-contract';
import { agree, formatNumber, plural } from '../../src/domain/words';
import { STATUS } from '../../src/domain/statuses';
import { inCliWords } from './run-error';
import type { CsvEnrichmentSummary } from './enrich-run';
import type { SearchRunSummary } from './search-run';

const BAR_WIDTH = 30;

export interface ProgressPrinter {
  update(run: RunProgress): void;
  end(): void;
}

function line(run: RunProgress, now: number): string {
  const found =
    run.kind === 'reverse'
      ? plural(run.found.profile, 'profile')
      : `${plural(run.found.workEmail, 'work email')}, ${formatNumber(run.found.personalEmail)} personal, ${plural(run.found.phone, 'phone')}`;
  return `${formatNumber(run.done)}/${plural(run.sent, 'contact')} · ${found} · ${plural(run.credits, 'credit')} · ${run.state}${waitText(run, now)}`;
}

/** A job at the API this long says how long, so a slow one never looks like a hang. */
const SAY_WORKING_AFTER_MS = 60_000;
/** Past this, the line says that stopping the wait is safe (people press Ctrl-C anyway). */
const SAY_STOP_AFTER_MS = 10 * 60_000;

/**
 * What a running run waits for, when it has waited long enough to wonder: the API's backoff, or a
 * job the API has been working on for minutes (the counts stand still meanwhile: a job stuck at the
 * API kept the line unchanged for up to 25 minutes, stop 71). Empty otherwise.
 */
export function waitText(run: RunProgress, now: number): string {
  if (run.state !== 'running') return '';
  const retryAt = run.retryAt ? Date.parse(run.retryAt) : NaN;
  if (retryAt > now) return ` · the API asked us to wait: next try in ${duration(retryAt - now)}`;
  const working = run.workingSince ? now - Date.parse(run.workingSince) : 0;
  if (!(working >= SAY_WORKING_AFTER_MS)) return '';
  const stop =
    working >= SAY_STOP_AFTER_MS
      ? ' (Ctrl-C stops waiting; the same command later collects it, paid once)'
      : '';
  return ` · a job at the API for ${duration(working)}${stop}`;
}

export interface StatusLine {
  /** `share`: how much of the work is done, from 0 to 1, for the bar. */
  show(text: string, share: number): void;
  end(): void;
}

/** On a TTY one bar redrawn in place; elsewhere (CI logs, pipes) a line whenever the text changed. */
export function statusLine(stream: NodeJS.WriteStream): StatusLine {
  let last = '';
  let drawn = false;
  return {
    show(text, share) {
      if (!stream.isTTY) {
        if (text !== last) stream.write(`${text}\n`);
        last = text;
        return;
      }
      const filled = Math.round(Math.min(1, Math.max(0, share)) * BAR_WIDTH);
      const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.round(share * 100)}%`;
      stream.write(`\r\u001b[2K${bar} ${text}`);
      drawn = true;
    },
    end() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}

/** An enrichment run's progress on a status line. */
export function progressPrinter(stream: NodeJS.WriteStream, now: () => number = Date.now): ProgressPrinter {
  const status = statusLine(stream);
  return {
    update(run) {
      if (run.sent === 0) return; // every row came from saved results: nothing to wait for
      status.show(line(run, now()), run.sent ? run.done / run.sent : 1);
    },
    end: () => status.end(),
  };
}

/** Rows of the summary's statuses that hold an answer ("found", "found (saved)"). */
const rowsFound = (summary: CsvEnrichmentSummary): number =>
  Object.entries(summary.statuses)
    .filter(([status]) => status.startsWith('found'))
    .reduce((sum, [, count]) => sum + count, 0);

function duration(ms: number): string {
  if (ms < 59_500) return `${Math.max(1, Math.round(ms / 1000))} s`;
  const minutes = Math.round(ms / 60_000);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export interface FileProgress {
  /** After every slice written: the totals so far. */
  slice(summary: CsvEnrichmentSummary): void;
  /** The slice in flight. */
  update(run: RunProgress): void;
  end(): void;
}

/**
 * A streamed file's progress on one line, redrawn in place: rows written and left, rows found,
 * credits, throughput and the time left at that pace. `totalRows` is the file's line count (an
 * upper bound when cells hold line breaks).
 */
export function fileProgressPrinter(
  stream: NodeJS.WriteStream,
  totalRows: number,
  now: () => number = Date.now,
): FileProgress {
  const status = statusLine(stream);
  const started = now();
  let rows = 0;
  let found = 0;
  let credits = 0;
  const show = (run?: RunProgress) => {
    const elapsed = Math.max(1, now() - started);
    const perMinute = (rows / elapsed) * 60_000;
    const left = Math.max(0, totalRows - rows);
    const eta = rows > 0 && left > 0 ? ` · ${duration((left / perMinute) * 60_000)} left` : '';
    const inFlight =
      run && run.state === 'running' ? ` · slice ${run.done}/${run.sent}${waitText(run, now())}` : '';
    status.show(
      `${formatNumber(rows)}/${formatNumber(totalRows)} rows · ${formatNumber(left)} left · ${formatNumber(found)} found · ${plural(credits + (run?.credits ?? 0), 'credit')} · ${formatNumber(Math.round(perMinute))} rows/min${eta}${inFlight}`,
      totalRows ? rows / totalRows : 1,
    );
  };
  return {
    slice(summary) {
      rows = summary.rows;
      found = rowsFound(summary);
      credits = summary.credits;
      show();
    },
    update: (run) => show(run),
    end: () => status.end(),
  };
}

/** `read`: how the input was read (its delimiter), said first. */
export function summaryText(summary: CsvEnrichmentSummary, out: string, read?: string): string {
  const found =
    summary.kind === 'reverse'
      ? `profiles ${summary.found.profile}`
      : `work email ${summary.found.workEmail}, personal email ${summary.found.personalEmail}, phone ${summary.found.phone}`;
  const statuses = Object.entries(summary.statuses)
    .sort(([, a], [, b]) => b - a)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  return [
    ...(read ? [`Read:          ${read}`] : []),
    `Rows:          ${formatNumber(summary.rows)} (${plural(summary.sent, 'contact')} sent, ${formatNumber(summary.rowsFromLedger)} from saved results, ${plural(summary.rowsFromDuplicates, 'duplicate')}, ${formatNumber(summary.skipped.length)} skipped)`,
    `Found:         ${found}`,
    `Statuses:      ${statuses}`,
    `Credits:       ${summary.credits}${upTo(summary)}`,
    ...(summary.credits ? [`Spending:      ${spendingText(summary.spending)}`] : []),
    ...(summary.carried
      ? [`Collected:     ${plural(summary.carried, 'contact')} of a run an earlier command left running`]
      : []),
    ...(summary.recovered
      ? [
          `Recovered:     ${plural(summary.recovered, 'job')} a killed command had started, by the ids kept as their starts answered`,
        ]
      : []),
    `UrlFetch:      ${plural(summary.urlfetchCalls, 'call')}`,
    `Range calls:   ${plural(summary.rangeReads, 'read')}, ${plural(summary.rangeWrites, 'write')}`,
    `Trigger runs:  ${summary.triggerRuns}`,
    ...(summary.unmatched
      ? [
          `Unmatched:     ${plural(summary.unmatched, 'answer')} whose row is gone (kept in the saved results)`,
        ]
      : []),
    `Run:           ${summary.state}${summary.message ? ` (${inCliWords(summary.message)})` : ''}, ${(summary.wallMs / 1000).toFixed(1)} s`,
    `Written:       ${summary.rows || !summary.stoppedEarly ? out : 'nothing yet'}`,
  ].join('\n');
}

/** "manual 12, refresh 30": what the API charged by kind, in the Jobs panel's words. */
export const spendingText = (spending: Record<string, number>): string =>
  Object.entries(spending)
    .map(([kind, credits]) => `${kind} ${credits}`)
    .join(', ');

/**
 * What the Credits figure leaves out: jobs still running (a job is counted when it is collected:
 * the command stopped waiting said 0 while the balance fell by 635), and the most the lost starts
 * may have cost besides (the API's figure for them is unknown).
 */
function upTo(summary: CsvEnrichmentSummary): string {
  const n = summary.unfinished;
  const running = n
    ? ` so far: ${plural(n, 'job')} still running ${agree(n, 'is', 'are')} counted by the command that collects ${agree(n, 'it', 'them')}`
    : '';
  if (summary.lost.length === 0) return running;
  const most = summary.lost.reduce((sum, job) => sum + job.retryMaxCredits, 0);
  const contacts = summary.lost.reduce((sum, job) => sum + job.contacts, 0);
  return `${running}, and up to ${plural(most, 'credit')} more for ${plural(contacts, 'contact')} whose start's answer was lost`;
}

/**
 * 0: every job answered and the run finished; 3: jobs still running at the API, --force-results or
 * not (run again to collect them); 1: the run failed, ran out of credits, or holds lost starts (the
 * next steps say what to do).
 */
export function exitCodeOf(summary: CsvEnrichmentSummary): number {
  if (summary.unfinished > 0 || summary.stoppedEarly) return 3;
  if (summary.lost.length > 0) return 1;
  return summary.state === 'finished' ? 0 : 1;
}

/**
 * What to do next when the run did not end cleanly, for stderr; undefined when nothing is left.
 * `forced`: --force-results took what the jobs still running had found so far.
 */
export function nextStepsText(
  summary: CsvEnrichmentSummary,
  interrupted: boolean,
  forced = false,
): string | undefined {
  const lines: string[] = [];
  if (summary.unfinished > 0) {
    // forceResults does not stop a job (API spec §4.2): it goes on, and charges, at the API.
    const rows = summary.statuses[STATUS.pending] ?? 0;
    const howMany = `${plural(summary.unfinished, 'job')} still running at the API${rows ? ` (${plural(rows, 'row')})` : ''}`;
    lines.push(
      `${interrupted ? 'Interrupted' : 'Stopped waiting'}: ${howMany}, kept in the state. Run the same command again to collect them (nothing is bought twice)${
        forced
          ? '. What they found so far is written and counted in Credits; they keep running at the API, so their other rows are not sent again.'
          : ', or add --force-results to take what they found so far now (the jobs keep running and the next run collects the rest).'
      }`,
    );
  }
  if (summary.stoppedEarly && summary.unfinished === 0)
    lines.push(
      summary.rows === 0
        ? 'Interrupted before any row was written: no job was started since. Run the same command again to go on (nothing is bought twice).'
        : `Interrupted after ${plural(summary.rows, 'row')}: they are written and saved. Run the same command again to go on with the rest of the file (nothing is bought twice).`,
    );
  if (summary.lost.length > 0) {
    lines.push(
      `${plural(summary.lost.length, 'job')} may have been started although the answer was lost; their contacts were not sent again. Find them in the provider's dashboard by name and run the same command again with --import-job ID for each:`,
      ...summary.lost.map((job) => `  "${job.name}" (${plural(job.contacts, 'contact')})`),
    );
  }
  return lines.length ? lines.join('\n') : undefined;
}

/** "a quarter credit": the search price as the preview line says it. */
function priceWords(price: number): string {
  if (price === 0.25) return 'a quarter credit';
  if (price === 0.5) return 'half a credit';
  return price === 1 ? 'one credit' : plural(price, 'credit');
}

/** "308 matches · loading 150 costs at most 38 credits (a quarter credit per new result)". */
export function previewText(preview: SearchPreview): string {
  const matches =
    preview.total === null ? 'Matches: not told by the API' : plural(preview.total, 'match', 'matches');
  return `${matches} · loading ${formatNumber(preview.rows)} costs at most ${plural(preview.maxCredits, 'credit')} (${priceWords(preview.pricePerResult)} per new result)`;
}

/** When the balance is known and below the most loading can cost: what happens then. */
export function balanceWarning(preview: SearchPreview): string | undefined {
  if (preview.balance === null || preview.balance >= preview.maxCredits) return undefined;
  return `The balance is ${plural(preview.balance, 'credit')}: loading stops when it runs out (run again after a top-up to go on).`;
}

/** A search tab's progress: how many of the results it will hold are there. */
export function showSearchProgress(status: StatusLine, view: SearchTabView): void {
  // Before the first page the total is unknown; after it, fewer matches than asked is the end.
  const target = view.total ? Math.min(view.max, view.total) : view.max;
  const reason = view.reason ? ` (${view.reason})` : '';
  status.show(
    `${formatNumber(view.rows)}/${plural(target, 'result')} · ${view.state}${reason}`,
    view.rows / (target || 1),
  );
}

export function searchSummaryText(summary: SearchRunSummary, out: string): string {
  const { view } = summary;
  return [
    `Tab:           ${view.sheetName}`,
    `Results:       ${formatNumber(view.rows)} in the tab, of ${view.total === null ? 'an unknown number of matches' : plural(view.total, 'match', 'matches')} (asked for ${formatNumber(view.max)})`,
    ...(Object.keys(summary.spending).length ? [`Spending:      ${spendingText(summary.spending)}`] : []),
    `UrlFetch:      ${plural(summary.urlfetchCalls, 'call')}`,
    `Run:           ${view.state}${view.reason ? ` (${view.reason})` : ''}`,
    `Written:       ${out}`,
  ].join('\n');
}
