/**
 * CSV in and out for the command line, over csv-parse and csv-stringify: our part is the encoding
 * (UTF-8 with or without a BOM, and UTF-16 with a BOM: Excel's "Unicode text" export) and the
 * delimiter sniffing (`,`, `;`, tab or `|`, as spreadsheet exports use in many locales, or Excel's `sep=` line). Values stay
 * strings, and the CLI writes them into plain-text cells (scripts/lib/enrich-run.ts): a CSV round
 * trip keeps "0612…", "+1 555…" and "=…" exactly as they were.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { decodeCsv, type DecodedCsv } from './csv-encoding';

export class CsvError extends Error {}

/** The bytes are not text (a spreadsheet or archive saved under a .csv name): the caller names the file. */
export class NotTextError extends CsvError {
  constructor() {
    super('is not a text CSV file');
  }
}

const CANDIDATE_DELIMITERS = [',', ';', '\t', '|'] as const;

/** Excel's first line naming the delimiter ("sep=;"), and the delimiter it names. */
export function sepLine(text: string): { delimiter: string; length: number } | undefined {
  const match = /^sep=([^\r\n])(\r?\n|$)/i.exec(text);
  return match ? { delimiter: match[1]!, length: match[0].length } : undefined;
}

/** How the delimiter was chosen, in words for the summary: `columns separated by ";" (…)`. */
export function delimiterWords(delimiter: string, fromSepLine: boolean): string {
  const name: Record<string, string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs', '|': 'pipes' };
  const shown = delimiter === '\t' ? 'tab' : `"${delimiter}"`;
  return `columns separated by ${name[delimiter] ?? shown}${name[delimiter] ? ` (${shown})` : ''}, ${
    fromSepLine ? `as its "sep=" line says` : 'detected from the header line'
  }`;
}

/**
 * The text of a file's bytes (see csv-encoding.ts). Throws NotTextError for bytes that are not
 * text: a NUL character (no CSV export writes one; a zip, xlsx or image has many), or UTF-16 of an
 * odd number of bytes.
 */
export function decodeCsvBytes(bytes: Buffer): string {
  return decodeCsvFile(bytes).text;
}

/** decodeCsvBytes with what it had to guess: a BOM to keep, lines that were not UTF-8. */
export function decodeCsvFile(bytes: Buffer): DecodedCsv {
  const decoded = decodeCsv(bytes);
  if (decoded === undefined || decoded.text.includes('\u0000')) throw new NotTextError();
  return decoded;
}

/** The delimiter that splits the header line into the most fields (outside quotes). */
export function detectDelimiter(text: string): string {
  const firstLine = firstRecordText(text);
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    const count = countOutsideQuotes(firstLine, delimiter);
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

function firstRecordText(text: string): string {
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) return text.slice(0, i);
  }
  return text;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let count = 0;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === delimiter) count++;
  }
  return count;
}

/** Parses CSV text into rows of strings. Blank lines are dropped; rows are padded to the widest. */
export function parseCsv(
  input: string,
  delimiter = detectDelimiter(input.replace(/^\uFEFF/, '')),
): string[][] {
  let rows: string[][];
  try {
    rows = parse(input, {
      delimiter,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED')
      throw new CsvError('The file ends inside a quoted value: a closing quote (") is missing.');
    const line = (error as { lines?: number }).lines;
    throw new CsvError(
      `The file is not valid CSV${line ? ` near line ${line}` : ''}: ${(error as Error).message}`,
    );
  }
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => (r.length < width ? [...r, ...Array<string>(width - r.length).fill('')] : r));
}

/** Writes rows as CSV with CRLF line ends (what spreadsheet programs expect). */
export function formatCsv(rows: readonly (readonly unknown[])[], delimiter = ','): string {
  const text = rows.map((row) =>
    row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
  );
  // Leading or trailing spaces are quoted too, so no program trims them; and a lone \n or \r, which
  // csv-stringify leaves bare (it quotes only its own record delimiter), would split the record.
  return stringify(text, { delimiter, record_delimiter: '\r\n', quoted_match: /^\s|\s$|[\r\n]/ });
}

/**
 * A cell written from API data, made safe to open in Excel or Sheets: a value starting with `=`,
 * `+`, `-`, `@`, a tab or a carriage return would run as a formula there (`=HYPERLINK(…)`,
 * `=IMPORTXML(…)`), so it gets a leading apostrophe, the common guidance (OWASP "CSV injection").
 * A phone like "+33 6 12…" is shown as text with it, which is also what the user wants.
 */
export function neutraliseFormula(value: string): string {
  // Every line of a multi-line cell too: a reader that splits records on bare line breaks (or a
  // paste of the cell) would make "Boss\n@SUM(1)" a line of its own starting with a formula.
  const first = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return first.replace(/([\r\n])([=+\-@\t])/g, "$1'$2");
}

/**
 * The table as a CSV to open safely: every cell `fromApi` says the API wrote goes through
 * neutraliseFormula; the others (the user's own, headers) are kept exactly.
 */
export function neutraliseCells(
  table: readonly (readonly string[])[],
  fromApi: (row: number, column: number) => boolean,
): string[][] {
  return table.map((cells, row) =>
    cells.map((cell, column) => (fromApi(row, column) ? neutraliseFormula(cell) : cell)),
  );
}
