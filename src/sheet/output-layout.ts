/**
 * Finding a sheet's output columns again from its header row, whatever version wrote them.
 *
 * The rule a header row must let us apply: never take one of the user's columns for ours, since a
 * run writes into its output columns and a schedule empties them on rows it replaces. So a column
 * is ours only by a structure the user does not make by accident:
 * 1. an earlier version's block: every column of the kind side by side, in its fixed order;
 * 2. a block this version starts: "Status", the columns the run asked for (any order), then
 *    "Enriched at", side by side (a user column inserted inside breaks it: a new block is made
 *    rather than a guess);
 * 3. columns a later run added: plain next to the block's end, or "(found)" anywhere after it.
 * Headers are made distinct when created (newOutputHeaders), so none of this meets two candidates.
 */
import { JOB_KINDS, type JobKind } from '../domain/runs';
import { isEnrichOnly, LEGACY_BLOCKS, parseOutputHeader, type OutputKey } from './output-columns';

/** A kind's output columns (1-based) by key. */
export type KindColumns = Partial<Record<OutputKey, number>>;

/** Each kind's output columns, when the header row holds its block. */
export type OutputLayout = Partial<Record<JobKind, KindColumns>>;

type Parsed = ReturnType<typeof parseOutputHeader>;

export function locateOutputColumns(headers: readonly string[]): OutputLayout {
  const parsed = headers.map(parseOutputHeader);
  const taken = new Set<number>();
  const layout: OutputLayout = {};
  const claim = (kind: JobKind, key: OutputKey, index: number) => {
    (layout[kind] ??= {})[key] = index + 1;
    taken.add(index);
  };
  for (const kind of JOB_KINDS) {
    const start = findLegacyBlock(parsed, kind, taken);
    if (start >= 0) LEGACY_BLOCKS[kind].forEach((key, offset) => claim(kind, key, start + offset));
  }
  for (const block of bracketedBlocks(parsed, taken)) {
    if (layout[block.kind]) continue;
    for (const [key, index] of block.columns) claim(block.kind, key, index);
  }
  for (const kind of JOB_KINDS) if (layout[kind]) claimAdditions(kind, parsed, taken, layout, claim);
  return layout;
}

/** Where the kind's full block of an earlier version starts (0-based), or -1. */
function findLegacyBlock(parsed: readonly Parsed[], kind: JobKind, taken: ReadonlySet<number>): number {
  const wanted = LEGACY_BLOCKS[kind];
  const isPlain = (index: number, key: OutputKey) =>
    parsed[index]?.key === key && !parsed[index].suffixed && !taken.has(index);
  for (let start = 0; start + wanted.length <= parsed.length; start++) {
    if (wanted.every((key, offset) => isPlain(start + offset, key))) return start;
  }
  return -1;
}

interface Bracketed {
  kind: JobKind;
  columns: [OutputKey, number][];
}

/**
 * Blocks of this version: an "Enriched at" with a run of output headers on its left back to a
 * "Status", each key once. One holding an enrichment-only column (every enrichment asks one) is an
 * enrichment's; one without is a reverse lookup's.
 */
function bracketedBlocks(parsed: readonly Parsed[], taken: ReadonlySet<number>): Bracketed[] {
  const blocks: Bracketed[] = [];
  for (let end = 0; end < parsed.length; end++) {
    if (parsed[end]?.key !== 'enrichedAt' || taken.has(end)) continue;
    const columns: [OutputKey, number][] = [['enrichedAt', end]];
    const seen = new Set<OutputKey>(['enrichedAt']);
    let index = end - 1;
    for (; index >= 0 && !taken.has(index); index--) {
      const key = parsed[index]?.key;
      if (!key || seen.has(key)) break;
      columns.push([key, index]);
      seen.add(key);
      if (key === 'status') break;
    }
    // A block has a column between its two ends; Status and Enriched at are not enrichment-only.
    if (!seen.has('status') || columns.length === 2) continue;
    blocks.push({ kind: columns.some(([key]) => isEnrichOnly(key)) ? 'enrich' : 'reverse', columns });
  }
  return blocks;
}

/** Columns a later run appended: plain ones side by side after the block, "(found)" ones anywhere after it. */
function claimAdditions(
  kind: JobKind,
  parsed: readonly Parsed[],
  taken: ReadonlySet<number>,
  layout: OutputLayout,
  claim: (kind: JobKind, key: OutputKey, index: number) => void,
): void {
  const own = layout[kind]!;
  const wanted = (index: number): OutputKey | undefined => {
    const key = parsed[index]?.key;
    const free = key && !taken.has(index) && own[key] === undefined;
    // A reverse lookup's block never holds an enrichment's columns.
    return free && (kind === 'enrich' || !isEnrichOnly(key)) ? key : undefined;
  };
  let index = blockEnd(own);
  for (let key = wanted(index); key; key = wanted(++index)) claim(kind, key, index);
  for (let i = index; i < parsed.length; i++) {
    const key = parsed[i]?.suffixed ? wanted(i) : undefined;
    if (key && !laterBlockBefore(layout, kind, i)) claim(kind, key, i);
  }
}

/** Another kind's block lies between this kind's block and column index `i` (0-based): `i` is its. */
function laterBlockBefore(layout: OutputLayout, kind: JobKind, i: number): boolean {
  const mine = blockEnd(layout[kind]!);
  // This kind's own block ends at `mine`, not after it: only another kind's can.
  return JOB_KINDS.some((other) => {
    const end = blockEnd(layout[other] ?? {});
    return end > mine && end <= i;
  });
}

/** The last column of a kind's columns (1-based; 0 when it has none). */
export function blockEnd(columns: KindColumns): number {
  return Math.max(0, ...Object.values(columns));
}

/** Every output column (1-based) of every kind: header detection must not map them as inputs. */
export function ownedColumns(layout: OutputLayout): Set<number> {
  return new Set(JOB_KINDS.flatMap((kind) => Object.values(layout[kind] ?? {})));
}
