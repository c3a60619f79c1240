/**
 * What the chaos benchmark counts at the end (chaos.ts's header says what each count means): the
 * Contacts rows against the fault-free reference, the ledger's duplicates, the emulator's charges,
 * and its answers by status. Shared by the one-user run and the team's (chaos-team-measure.ts).
 */
import type { Addon } from '../../dev/gas/harness';
import type { ProgressView } from '../../src/app/sidebar-contract';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';
import { LEDGER_SHEET_NAME } from '../../src/store/ledger';
import { isFinalStatus } from '../../src/sheet/output-columns';
import type { ChaosResult, Expected } from './chaos-types';
import { keyOf, USER_TEXT, type User } from './chaos-user';
import { outputRows } from './sheet-outputs';

export function rowsLeft(addon: Addon, user: User): number {
  const table = addon.spreadsheet.getSheetByName('Contacts')!.getDataRange().getDisplayValues() as string[][];
  const outputs = outputRows(table, 'enrich');
  return table
    .slice(1)
    .filter(
      (cells, index) => user.inputsOf(cells).some(Boolean) && !isFinalStatus(outputs[index]!.status ?? ''),
    ).length;
}

export function ledgerDuplicates(addon: Addon): number {
  const ledger = addon.spreadsheet.getSheetByName(LEDGER_SHEET_NAME);
  if (!ledger || ledger.getLastRow() < 2) return 0;
  const fps = (ledger.getRange(2, 1, ledger.getLastRow() - 1, 2).getDisplayValues() as string[][]).map(
    ([fp, entry]) => `${fp}|${entry!.replace(/"at":\d+/, '')}`,
  );
  return fps.length - new Set(fps).size;
}

export async function measure(
  addon: Addon,
  emulator: SpawnedEmulator,
  user: User,
  reference: ReadonlyMap<string, Expected>,
): Promise<Omit<ChaosResult, 'rows' | 'wall_ms'>> {
  const { lost, misplaced, withoutFinal } = rowCounts(addon, user, reference);
  const stats = await emulator.admin.stats();
  return {
    lost,
    misplaced,
    written_twice: ledgerDuplicates(addon),
    credits_spent: stats.credits_spent,
    credits_minimum: stats.charges.credits_once,
    charged_twice: stats.charges.charged_twice,
    rows_without_final_status: withoutFinal,
  };
}

/** Rows of the Contacts sheet against the reference: answers lost, misplaced, rows not final. */
export function rowCounts(
  addon: Addon,
  user: User,
  reference: ReadonlyMap<string, Expected>,
): { lost: number; misplaced: number; withoutFinal: number } {
  const table = addon.spreadsheet.getSheetByName('Contacts')!.getDataRange().getDisplayValues() as string[][];
  const outputs = outputRows(table, 'enrich');
  let lost = 0;
  let misplaced = 0;
  let withoutFinal = 0;
  const unfinished = new Map<string, number>();
  table.slice(1).forEach((cells, index) => {
    const inputs = user.inputsOf(cells);
    if (inputs.every((cell) => !cell)) return;
    const key = keyOf(inputs);
    const row = outputs[index]!;
    const expected = reference.get(key);
    if (!isFinalStatus(row.status ?? '')) {
      withoutFinal++;
      unfinished.set(row.status ?? '', (unfinished.get(row.status ?? '') ?? 0) + 1);
    }
    if (!expected) return;
    if (user.typedOver.has(key)) {
      if (row.workEmail !== USER_TEXT) misplaced++;
    } else if (row.workEmail !== expected.workEmail) {
      if (row.workEmail) misplaced++;
      else lost++;
    }
    // A run that asks no phone has no Phone column (and the reference no phone).
    if ((row.phone ?? '') !== expected.phone) {
      if (row.phone) misplaced++;
      else lost++;
    }
  });
  // What the rows left without a final Status say (CHAOS_CHARGES=1, as for who was charged twice).
  if (unfinished.size && process.env.CHAOS_CHARGES)
    process.stderr.write(`chaos: rows without a final Status: ${JSON.stringify([...unfinished])}\n`);
  return { lost, misplaced, withoutFinal };
}

export function statusCounts(requests: Record<string, Record<string, number>>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const byStatus of Object.values(requests))
    for (const [status, count] of Object.entries(byStatus)) counts[status] = (counts[status] ?? 0) + count;
  return counts;
}

/** CHAOS_CHARGES=1, a run that never settled: what the Jobs panel still asks, and what a Retry says. */
export async function explainUnsettled(addon: Addon, emulator: SpawnedEmulator, log: (line: string) => void) {
  const jobs = await emulator.admin.jobs();
  for (const run of addon.call<ProgressView>('getProgress').runs)
    for (const job of run.ambiguousJobs ?? []) {
      const atProvider = jobs.filter((other) => other.name === job.name).map((other) => other.status);
      let retry = 'retried';
      try {
        addon.call('retryJob', { runId: run.runId, seq: job.seq });
      } catch (error) {
        retry = String(error);
      }
      log(
        `chaos: waiting ${run.runId} ${run.state} job ${job.seq} "${job.name}" at the provider ${JSON.stringify(atProvider)}: ${job.problem} · Retry: ${retry}`,
      );
    }
}
