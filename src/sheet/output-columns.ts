/**
 * The output columns, defined once: which columns a run writes, what their headers say, and how a
 * later run finds them again by those headers (output-layout.ts).
 */
import type { JobKind } from '../domain/runs';
import { ENRICH_FIELDS, FIELD_TABLE, type EnrichField, type FieldColumnKey } from '../domain/fields';
import type { ColumnMapping, InputKey } from '../domain/inputs';
import { headerVerdict } from './headers';
import { foldText } from './text';

/** Columns every block has, and the profile columns, besides the fields' own (domain/fields.ts). */
type OwnKey =
  'status' | 'fullName' | 'title' | 'company' | 'companyDomain' | 'location' | 'networkUrl' | 'enrichedAt';
export type OutputKey = OwnKey | FieldColumnKey;

interface OutputColumn {
  key: OutputKey;
  header: string;
  /** An enrichment shows this column when it asks for the field; only enrichments have these columns. */
  field?: EnrichField;
  /**
   * A profile column: for reverse lookups, and for enrichments that send a profile URL. Where an
   * input names the same fact, that input (a column mapped to it already holds what this would show).
   */
  profile?: true | InputKey;
  /** Headers earlier versions wrote for it: sheets keep them, and later runs still find the column. */
  former?: readonly string[];
}

/** A column of both kinds' blocks. */
const both = (
  key: OutputKey,
  header: string,
  profile?: true | InputKey,
  former?: readonly string[],
): OutputColumn => ({ key, header, profile, ...(former ? { former } : {}) });

/**
 * The one table of output columns, in the order a run appends them: Status first and Enriched at
 * last, so a block's two ends are columns whose headers the finder can rely on (output-layout.ts).
 */
export const OUTPUT_COLUMNS: readonly OutputColumn[] = [
  both('status', 'Status'),
  ...ENRICH_FIELDS.flatMap((field) =>
    FIELD_TABLE[field].columns.map(([key, header]) => ({ key, header, field })),
  ),
  both('fullName', 'Full name', 'fullName'),
  both('title', 'Title', true),
  both('company', 'Company', 'companyName'),
  both('companyDomain', 'Company domain', 'companyDomain'),
  both('location', 'Location', true),
  // "Network URL" was the API's word; people call it a profile URL (as the formulas' argument does).
  both('networkUrl', 'Profile URL', 'networkUrl', ['Network URL']),
  both('enrichedAt', 'Enriched at'),
];

const columnOf = (key: OutputKey): OutputColumn => OUTPUT_COLUMNS.find((column) => column.key === key)!;

/**
 * A column that describes a field's value ("Work email status", "Phone region") → that value's
 * column ("Work email", "Phone"): one answer, written together or not at all (sheet/writer.ts).
 */
export const DESCRIBED_VALUE: ReadonlyMap<OutputKey, OutputKey> = new Map(
  ENRICH_FIELDS.flatMap((field) => {
    const [[value], ...described] = FIELD_TABLE[field].columns;
    return described.map(([key]) => [key, value] as const);
  }),
);

const PROFILE_KEYS = OUTPUT_COLUMNS.filter((column) => column.profile).map((column) => column.key);

/** A column of the profile an answer carries (Full name … Profile URL). */
export const isProfileKey = (key: OutputKey): boolean => PROFILE_KEYS.includes(key);

/**
 * The blocks earlier versions wrote: every column of the kind, side by side in this order, whatever
 * the run asked. Sheets keep them; a later run finds them by this exact run of headers.
 */
const LEGACY_REVERSE_BLOCK: readonly OutputKey[] = [...PROFILE_KEYS, 'status', 'enrichedAt'];
export const LEGACY_BLOCKS: Readonly<Record<JobKind, readonly OutputKey[]>> = {
  enrich: ['workEmail', 'workEmailStatus', 'personalEmail', 'phone', 'phoneRegion', ...LEGACY_REVERSE_BLOCK],
  reverse: LEGACY_REVERSE_BLOCK,
};

export function outputColumnsOf(kind: JobKind): readonly OutputColumn[] {
  return OUTPUT_COLUMNS.filter((column) => kind === 'enrich' || !column.field);
}

/**
 * Whether the user's columns (`headers`, ours left out) already hold what a profile column would
 * show: one has its header, or a header that names the same input ("LinkedIn" for Profile URL,
 * "Company name" for Company). A people-search tab holds them all. False for other columns.
 */
export function heldByOwnColumn(key: OutputKey, headers: readonly string[]): boolean {
  const column = columnOf(key);
  if (!column.profile) return false;
  return headers.some((header) => {
    const verdict = headerVerdict(header);
    const named = typeof verdict === 'object' && verdict.exact && verdict.key === column.profile;
    return named || foldText(header) === foldText(column.header);
  });
}

export function headerOf(key: OutputKey): string {
  return columnOf(key).header;
}

/** Keys only an enrichment writes: a block holding one is an enrichment's. */
export function isEnrichOnly(key: OutputKey): boolean {
  return !!columnOf(key).field;
}

/**
 * The columns a run needs, in table order: what it asks for, and nothing it cannot fill (a profile
 * comes back for reverse lookups, and for an enrichment only from a profile URL).
 */
export function outputKeysFor(
  kind: JobKind,
  fields: readonly EnrichField[],
  mapping: ColumnMapping,
): OutputKey[] {
  const profile = kind === 'reverse' || mapping.networkUrl !== undefined;
  return outputColumnsOf(kind)
    .filter((column) => (column.field ? fields.includes(column.field) : column.profile ? profile : true))
    .map((column) => column.key);
}

const BY_HEADER = new Map(
  OUTPUT_COLUMNS.flatMap((column) =>
    [column.header, ...(column.former ?? [])].map((header) => [foldText(header), column.key] as const),
  ),
);

/** "Company (found)", "Company (found 2)": what distinguishes our header from one already there. */
const SUFFIXED = /^(.+) found(?: \d+)?$/;

/** The output column a header names, and whether it carries the "(found)" suffix. */
export function parseOutputHeader(text: string): { key: OutputKey; suffixed: boolean } | undefined {
  const folded = foldText(text);
  const key = BY_HEADER.get(folded);
  if (key) return { key, suffixed: false };
  // No header folds to "": a header without the suffix finds nothing.
  const suffixedKey = BY_HEADER.get(SUFFIXED.exec(folded)?.[1] ?? '');
  return suffixedKey ? { key: suffixedKey, suffixed: true } : undefined;
}

/**
 * Headers for new output columns. A header that would repeat one already in the row (the user's own
 * "Company", another block's "Status") becomes "Company (found)", so that every column can be told
 * apart by its header. `plain: false` suffixes every one: a column that cannot sit next to the rest
 * of its block is found by its suffix alone.
 */
export function newOutputHeaders(
  keys: readonly OutputKey[],
  existing: readonly string[],
  plain: boolean,
): string[] {
  const taken = new Set(existing.map(foldText));
  return keys.map((key) => {
    const base = headerOf(key);
    let header = base;
    for (let n = 1; (n === 1 && !plain) || taken.has(foldText(header)); n++)
      header = n === 1 ? `${base} (found)` : `${base} (found ${n})`;
    taken.add(foldText(header));
    return header;
  });
}

/** A row whose Status says it has its answer: later runs skip it unless asked to overwrite. */
export function isFinalStatus(status: string): boolean {
  return /^(found|not found)\b/i.test(status.trim());
}
