/**
 * CSV in and out for the command line: RFC 4180 quoting, a UTF-8 BOM, CRLF or LF line ends, and the
 * `;` or tab delimiters spreadsheet exports use in many locales. Values stay strings, and the CLI
 * writes them into plain-text cells (scripts/lib/enrich-run.ts): a CSV round trip keeps "0612…",
 * "+1 555…" and "=…" exactly as they were.
 */

export class CsvError extends Error {}

const CANDIDATE_DELIMITERS = [',', ';', '\t'] as const;

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
  const text = input.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldWasQuoted = false;
  const endField = () => {
    row.push(field);
    field = '';
    fieldWasQuoted = false;
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else inQuotes = false;
    } else if (ch === '"' && field === '' && !fieldWasQuoted) {
      inQuotes = true;
      fieldWasQuoted = true;
    } else if (ch === delimiter) endField();
    else if (ch === '\n') endRow();
    else if (ch === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (inQuotes) throw new CsvError('The file ends inside a quoted value: a closing quote (") is missing.');
  if (field !== '' || row.length > 0) endRow();
  const width = Math.max(0, ...rows.map((r) => r.length));
  return rows.map((r) => (r.length < width ? [...r, ...Array<string>(width - r.length).fill('')] : r));
}

function quote(value: string, delimiter: string): string {
  return /["\r\n]/.test(value) || value.includes(delimiter) || /^\s|\s$/.test(value)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

/** Writes rows as CSV with CRLF line ends (what spreadsheet programs expect). */
export function formatCsv(rows: readonly (readonly unknown[])[], delimiter = ','): string {
  return rows
    .map((row) =>
      row
        .map((cell) => quote(cell === null || cell === undefined ? '' : String(cell), delimiter))
        .join(delimiter),
    )
    .join('\r\n')
    .concat(rows.length ? '\r\n' : '');
}
