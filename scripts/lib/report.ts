/** What the CLI shows: a progress bar on a terminal (plain lines otherwise) and the summary. */
import type { RunProgress } from '../../src/ui/rpc';
import type { CsvEnrichmentSummary } from './enrich-run';

const BAR_WIDTH = 30;

export interface ProgressPrinter {
  update(run: RunProgress): void;
  end(): void;
}

function line(run: RunProgress): string {
  const found =
    run.kind === 'reverse'
      ? `${run.found.profile} profiles`
      : `${run.found.workEmail} work emails, ${run.found.personalEmail} personal, ${run.found.phone} phones`;
  return `${run.done}/${run.sent} contacts · ${found} · ${run.credits} credits · ${run.state}`;
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
    `Rows:          ${summary.rows} (${summary.sent} contacts sent, ${summary.rowsFromLedger} from saved results, ${summary.rowsFromDuplicates} duplicates, ${summary.skipped.length} skipped)`,
    `Found:         ${found}`,
    `Statuses:      ${statuses}`,
    `Credits:       ${summary.credits}`,
    `UrlFetch:      ${summary.urlfetchCalls} calls`,
    `Range calls:   ${summary.rangeReads} reads, ${summary.rangeWrites} writes`,
    `Trigger runs:  ${summary.triggerRuns}`,
    ...(summary.unmatched
      ? [`Unmatched:     ${summary.unmatched} answers whose row is gone (kept in the saved results)`]
      : []),
    `Run:           ${summary.state}${summary.message ? ` (${summary.message})` : ''}, ${(summary.wallMs / 1000).toFixed(1)} s`,
    `Written:       ${out}`,
  ].join('\n');
}
