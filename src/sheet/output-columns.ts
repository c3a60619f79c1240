/**
 * The output columns, defined once. Each kind of run owns a block of adjacent columns appended
 * next to the data; later runs find the block again by its header texts.
 */
import type { JobKind } from '../api/model';
import { foldText } from './text';

export type OutputKey =
  | 'workEmail'
  | 'workEmailStatus'
  | 'personalEmail'
  | 'phone'
  | 'phoneRegion'
  | 'fullName'
  | 'title'
  | 'company'
  | 'companyDomain'
  | 'location'
  | 'networkUrl'
  | 'status'
  | 'enrichedAt';

interface OutputColumn {
  key: OutputKey;
  header: string;
  kinds: readonly JobKind[];
}

const BOTH: readonly JobKind[] = ['enrich', 'reverse'];
const ENRICH: readonly JobKind[] = ['enrich'];

/** The one table of output columns, in sheet order. */
export const OUTPUT_COLUMNS: readonly OutputColumn[] = [
  { key: 'workEmail', header: 'Work email', kinds: ENRICH },
  { key: 'workEmailStatus', header: 'Work email status', kinds: ENRICH },
  { key: 'personalEmail', header: 'Personal email', kinds: ENRICH },
  { key: 'phone', header: 'Phone', kinds: ENRICH },
  { key: 'phoneRegion', header: 'Phone region', kinds: ENRICH },
  { key: 'fullName', header: 'Full name', kinds: BOTH },
  { key: 'title', header: 'Title', kinds: BOTH },
  { key: 'company', header: 'Company', kinds: BOTH },
  { key: 'companyDomain', header: 'Company domain', kinds: BOTH },
  { key: 'location', header: 'Location', kinds: BOTH },
  { key: 'networkUrl', header: 'Network URL', kinds: BOTH },
  { key: 'status', header: 'Status', kinds: BOTH },
  { key: 'enrichedAt', header: 'Enriched at', kinds: BOTH },
];

export function outputColumnsOf(kind: JobKind): readonly OutputColumn[] {
  return OUTPUT_COLUMNS.filter((column) => column.kinds.includes(kind));
}

/** Where each kind's block starts (1-based column), when the header row holds it. */
export type OutputBlocks = Partial<Record<JobKind, number>>;

/**
 * Finds the blocks by their run of header texts. The reverse block's headers are the tail of the
 * enrichment block's, so the enrichment block is found first and its columns are not searched again.
 */
export function locateOutputBlocks(headers: readonly string[]): OutputBlocks {
  const folded = headers.map(foldText);
  const blocks: OutputBlocks = {};
  const taken = new Set<number>();
  for (const kind of ['enrich', 'reverse'] as const) {
    const wanted = outputColumnsOf(kind).map((column) => foldText(column.header));
    for (let start = 0; start + wanted.length <= folded.length; start++) {
      const offsets = wanted.map((_, offset) => start + offset);
      if (offsets.some((index) => taken.has(index))) continue;
      if (wanted.every((header, offset) => folded[start + offset] === header)) {
        blocks[kind] = start + 1;
        offsets.forEach((index) => taken.add(index));
        break;
      }
    }
  }
  return blocks;
}

/** Columns (1-based) of every found block: header detection must not map them as inputs. */
export function outputColumnSet(blocks: OutputBlocks): Set<number> {
  const columns = new Set<number>();
  for (const kind of ['enrich', 'reverse'] as const) {
    const start = blocks[kind];
    if (start) outputColumnsOf(kind).forEach((_, offset) => columns.add(start + offset));
  }
  return columns;
}

/** A row whose Status says it has its answer: later runs skip it unless asked to overwrite. */
export function isFinalStatus(status: string): boolean {
  return /^(found|not found)\b/i.test(status.trim());
}
