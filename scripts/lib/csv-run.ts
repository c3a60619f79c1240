/**
 * One command's run over an open runtime (enrich-run.ts opens it): the key check before anything is
 * sent, the waiting for the runs, and the summary of a slice or a whole file.
 */
import { plural } from '../../src/domain/words';
import type {
  KeyCheckView,
  PlanView,
  ProgressView,
  RunState,
  StartView,
} from '../../src/app/sidebar-contract';
import type { Addon } from '../../dev/gas/harness';
import { callOrExplain } from './cli-runtime';
import { inOutputLayout, readOutputs, withHeldReasons, type InputWidths } from './sheet-outputs';
import { outputKeysFor } from '../../src/sheet/output-columns';
import { EnrichRunError } from './run-error';
import { withoutSecrets } from './state-file';
import { combined, creditsSince, jobsAtWork, lostJobs, running, totalOf } from './enrich-resume';
import { DEFAULT_MAX_POLLS, pumpWhile, runOf, type PumpOptions } from './pump';
import type { CsvEnrichmentSummary, CsvRunOptions } from './csv-run-types';

/** One command's run over an open runtime: the key check, the waiting, the summary. */
export class CsvRun {
  workspace?: string;
  private checked = false;

  constructor(
    private readonly addon: Addon,
    private readonly options: CsvRunOptions & Pick<PumpOptions, 'nextWaitMs'>,
    private readonly afterPoll: () => void,
  ) {}

  /** Before anything is sent: the key works (else say why now), and its workspace is the state's. */
  checkKey(): void {
    if (this.checked) return;
    this.checked = true;
    const check = callOrExplain<KeyCheckView>(this.addon, 'verifyApiKey');
    if (check.ok) {
      this.workspace = check.workspaceId;
      if (this.workspace) this.options.checkWorkspace?.(this.workspace);
      return;
    }
    const why = check.message ?? 'The API cannot be reached.';
    if (check.refused) throw new EnrichRunError(why);
    // Not the user's mistake: the API did not answer. Exit 1, and nothing was touched to retry.
    throw new EnrichRunError(
      `${why.replace(/\.$/, '')}: nothing more was sent, and nothing the state holds was polled or let go. Run the same command again once the API answers.`,
      1,
    );
  }

  /**
   * Waits for the runs still running but `others`' (showing `runId`'s progress, or all of them).
   * With forceResults, jobs still running when the waiting ends, started before it began, give
   * what they found so far once; they keep running at the API and stay in the state, so the
   * waiting ends there and the next command collects them (a second wait could never end a job
   * stuck at the API).
   */
  async pump(runId?: string, others: ReadonlySet<string> = new Set()): Promise<ProgressView> {
    const shown = (progress: ProgressView) =>
      combined(progress, runId === undefined ? undefined : runOf(progress, runId));
    const options = { ...this.options, afterPoll: this.afterPoll };
    const busy = (view: ProgressView) => running(view).some((run) => !others.has(run.runId));
    const waitingSince = this.addon.now();
    const progress = await pumpWhile(this.addon, busy, shown, options);
    if (!this.options.forceResults || !busy(progress) || this.options.shouldStop?.()) return progress;
    const collected = this.addon.call<ProgressView>('collectJobsNow', { startedBefore: waitingSince });
    this.afterPoll();
    return collected;
  }

  summary(parts: {
    before: ProgressView;
    progress: ProgressView;
    carried: number;
    recovered?: number;
    startedAt: number;
    /** Data rows. */
    rows: number;
    /** Columns of the input. */
    width: InputWidths;
    sheetName?: string;
    plan?: PlanView;
    start?: StartView;
    /** Runs of other slices: not this summary's. */
    others?: ReadonlySet<string>;
  }): CsvEnrichmentSummary {
    const { addon, options } = this;
    const { progress, plan, start } = parts;
    const others = parts.others ?? new Set<string>();
    const run = start ? runOf(progress, start.runId) : undefined;
    const unfinished = jobsAtWork(
      addon,
      running(progress).filter((r) => !others.has(r.runId)),
    );
    const state: RunState = unfinished ? 'running' : (run?.state ?? 'finished');
    const sheet = addon.spreadsheet.getSheetByName(parts.sheetName ?? options.sheetName)!;
    const values = sheet.getDataRange().getDisplayValues() as string[][];
    const keys = plan && outputKeysFor(options.kind, options.fields, plan.mapping);
    const table = keys
      ? withHeldReasons(inOutputLayout(values, parts.width, options.kind, keys), options.kind, plan.skipped)
      : values;
    const outputs = readOutputs(table, options.kind);
    const spending = creditsSince(parts.before, progress, others);
    const message = start?.message ?? run?.error ?? (unfinished ? stillRunning(options) : undefined);
    return {
      kind: options.kind,
      rows: parts.rows,
      sent: plan?.contactsToSend ?? 0,
      rowsFromLedger: plan?.rowsFromLedger ?? 0,
      rowsFromDuplicates: plan?.rowsFromDuplicates ?? 0,
      skipped: plan?.skipped ?? [],
      found: outputs.found,
      statuses: outputs.statuses,
      credits: totalOf(spending),
      spending,
      state,
      lost: lostJobs(progress),
      carried: parts.carried,
      recovered: parts.recovered ?? 0,
      unfinished,
      ...(this.workspace ? { workspace: this.workspace } : {}),
      ...(message ? { message } : {}),
      unmatched: run?.unmatched ?? 0,
      urlfetchCalls: addon.counts.urlfetch,
      rangeReads: addon.counts.rangeReads,
      rangeWrites: addon.counts.rangeWrites,
      triggerRuns: addon.counts.triggerRuns,
      wallMs: Date.now() - parts.startedAt,
      table,
      runtimeState: withoutSecrets(addon.exportState()),
    };
  }
}

function stillRunning(options: CsvRunOptions): string {
  if (options.shouldStop?.())
    return 'Interrupted: the jobs still running are kept in the state; run the same command again to collect them (nothing is bought twice).';
  return `Jobs were still running at the API after ${plural(options.maxPolls ?? DEFAULT_MAX_POLLS, 'poll')}; they are kept in the state: run the same command again later to collect them (nothing is bought twice).`;
}
