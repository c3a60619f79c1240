/**
 * held-with-why (fuzz-invariants.ts checkEnd): once everything settled and every row was run again,
 * a row with inputs shows an answer or a Status that says why it is held, and that Status is true:
 * a row still told to import its job by its id, after the user imported that very job, is held for
 * good under words that no longer lead anywhere.
 */
import type { JobKind } from '../../src/domain/runs';
import { DOCUMENT_PROPERTY } from '../../src/platform/property-keys';
import { isFinalStatus } from '../../src/sheet/output-columns';
import { STATUS } from '../../src/domain/statuses';
import { outputRows } from './sheet-outputs';
import type { Addon } from '../../dev/gas/harness';
import type { SpawnedEmulator } from '../../dev/emulator/spawn';

export interface Violation {
  invariant:
    | 'paid-once'
    | 'caps'
    | 'key-limit'
    | 'no-key'
    | 'no-crash'
    | 'nothing-lost'
    | 'truth'
    | 'held-with-why'
    | 'told-failed'
    | 'books';
  detail: string;
}

/** A row with every input: A–D of a contact, or A of an email (a reverse lookup's). */
export const hasInputs = (cells: readonly string[], kind: JobKind = 'enrich') =>
  cells.slice(0, kind === 'reverse' ? 1 : 4).every((cell) => cell.trim() !== '');

/**
 * Statuses a row may keep once every row was run again: an answer, or why it is held: a row's own
 * words, or the hold's (paid-once.ts sendRule's), which a start writes on a held row with none.
 */
const HELD_WITH_WHY: readonly string[] = [STATUS.damagedJob, STATUS.ambiguous, STATUS.unfetched];
const HOLD_WORDS = /not sent again so you are not charged twice/;

export function heldWithoutWhy(table: string[][], kind: JobKind = 'enrich'): Violation | undefined {
  const outputs = outputRows(table, kind);
  for (const [index, output] of outputs.entries()) {
    const status = output.status ?? '';
    if (!hasInputs(table[index + 1]!, kind) || isFinalStatus(status)) continue;
    if (HELD_WITH_WHY.includes(status) || HOLD_WORDS.test(status)) continue;
    if (status.startsWith(STATUS.error(''))) continue;
    return {
      invariant: 'held-with-why',
      detail: `row ${index + 2}${kind === 'reverse' ? ' of the emails' : ''} reads "${status}" after every row was run again`,
    };
  }
  return undefined;
}

/**
 * A damaged job record still in the store once the job it names ("run R job N" in the provider's
 * dashboard) was imported by its id, as the Jobs panel and the rows' Status ask: the import is the
 * user's way out (docs/money-rule.md), after which the record holds nothing, and rows that still
 * read "job record damaged" say something false: held for good.
 */
export async function damagedAfterImport(
  // What it reads of the fuzz world (fuzz-world.ts imports this file's neighbours: no import back).
  world: { importedJobs: ReadonlySet<string>; views: { ann: Addon }; emulator: SpawnedEmulator },
  table: string[][],
): Promise<Violation | undefined> {
  if (world.importedJobs.size === 0) return undefined;
  const damaged = Object.entries(world.views.ann.properties.document.getProperties()).flatMap(
    ([key, text]) => {
      if (!key.startsWith(DOCUMENT_PROPERTY.jobPrefix)) return [];
      try {
        JSON.parse(text);
        return [];
      } catch {
        const [, run, seq] = /^(.+)\.(\d+)$/.exec(key.slice(DOCUMENT_PROPERTY.jobPrefix.length)) ?? [];
        return run ? [` · run ${run} job ${Number(seq) + 1}`] : [];
      }
    },
  );
  if (damaged.length === 0) return undefined;
  const rows = outputRows(table, 'enrich').filter((row) => row.status === STATUS.damagedJob).length;
  for (const job of await world.emulator.admin.jobs()) {
    const tail = damaged.find((name) => job.name.endsWith(name));
    if (tail && world.importedJobs.has(job.id))
      return {
        invariant: 'held-with-why',
        detail: `the damaged record of${tail.slice(2)} stays although its job ${job.id} was imported (${rows} rows read "${STATUS.damagedJob.slice(0, 19)}")`,
      };
  }
  return undefined;
}
