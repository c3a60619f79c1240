/** What the CLIs show: a progress bar on a terminal (plain lines otherwise) and the summary. */
import type { RunProgress, SearchPreview, SearchTabView } from '../../src/app/sidebar-contract';
import type { CsvEnrichmentSummary } from './enrich-run';
import type { SearchRunSummary } from './search-run';
import { formatNumber as count, plural } from '../../src/domain/words';

const BAR_WIDTH = 30;

export interface ProgressPrinter {
  update(run: RunProgress): void;
  end(): void;
}

function line(run: RunProgress): string {
  const found =
    run.kind === 'reverse'
      ? plural(run.found.profile, 'profile')
      : `${plural(run.found.workEmail, 'work email')}, ${count(run.found.personalEmail)} personal, ${plural(run.found.phone, 'phone')}`;
  return `${count(run.done)}/${plural(run.sent, 'contact')} · ${found} · ${plural(run.credits, 'credit')} · ${run.state}`;
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
export function progressPrinter(stream: NodeJS.WriteStream): ProgressPrinter {
  const status = statusLine(stream);
  return {
    update(run) {
      if (run.sent === 0) return; // every row came from saved results: nothing to wait for
      status.show(line(run), run.sent ? run.done / run.sent : 1);
    },
    end: () => status.end(),
  };
}

export function summaryText(summary: CsvEnrichmentSummary, out: string): string {
  const found =
    summary.kind === 'reverse'
      ? `profiles ${summary.found.profile}`
      : `work email ${summary.found.workEmail}, personal email ${summary.found.personalEmail}, phone ${summary.found.phone}`;
  const statuses = Object.entries(summary.statuses)
    .sort(([, a], [, b]) => b - a)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ');
  return [
    `Rows:          ${count(summary.rows)} (${plural(summary.sent, 'contact')} sent, ${count(summary.rowsFromLedger)} from saved results, ${plural(summary.rowsFromDuplicates, 'duplicate')}, ${count(summary.skipped.length)} skipped)`,
    `Found:         ${found}`,
    `Statuses:      ${statuses}`,
    `Credits:       ${summary.credits}`,
    `UrlFetch:      ${plural(summary.urlfetchCalls, 'call')}`,
    `Range calls:   ${plural(summary.rangeReads, 'read')}, ${plural(summary.rangeWrites, 'write')}`,
    `Trigger runs:  ${summary.triggerRuns}`,
    ...(summary.unmatched
      ? [
          `Unmatched:     ${plural(summary.unmatched, 'answer')} whose row is gone (kept in the saved results)`,
        ]
      : []),
    `Run:           ${summary.state}${summary.message ? ` (${summary.message})` : ''}, ${(summary.wallMs / 1000).toFixed(1)} s`,
    `Written:       ${out}`,
  ].join('\n');
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
  return `${matches} · loading ${count(preview.rows)} costs at most ${plural(preview.maxCredits, 'credit')} (${priceWords(preview.pricePerResult)} per new result)`;
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
    `${count(view.rows)}/${plural(target, 'result')} · ${view.state}${reason}`,
    view.rows / (target || 1),
  );
}

export function searchSummaryText(summary: SearchRunSummary, out: string): string {
  const { view } = summary;
  return [
    `Tab:           ${view.sheetName}`,
    `Results:       ${count(view.rows)} in the tab, of ${view.total === null ? 'an unknown number of matches' : plural(view.total, 'match', 'matches')} (asked for ${count(view.max)})`,
    `UrlFetch:      ${plural(summary.urlfetchCalls, 'call')}`,
    `Run:           ${view.state}${view.reason ? ` (${view.reason})` : ''}`,
    `Written:       ${out}`,
  ].join('\n');
}
