/**
 * A CSV file read in slices of rows, never whole: its bytes are decoded block by block (cut at a
 * line end, so a line is decoded whole: UTF-8, or Windows-1252 for a line that is not, as
 * csv-encoding.ts does for a whole file) and parsed by csv-parse's stream parser, whose records
 * may span blocks. UTF-16 files (Excel's "Unicode text", small by nature) are read whole.
 */
import { createReadStream, openSync, readSync, closeSync } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { CsvError, NotTextError, decodeCsvFile, detectDelimiter, parseCsv, sepLine } from './csv';
import { utf16Of, type DecodedCsv } from './csv-encoding';
import { readInputFile } from './command';

const BLOCK = 1 << 20;
const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');

export interface CsvSource {
  delimiter: string;
  /** The delimiter came from Excel's `sep=` first line (not a row: it is skipped). */
  fromSepLine: boolean;
  /** What decoding had to guess, complete once every slice was read. */
  decoded: Omit<DecodedCsv, 'text'>;
  header: string[];
  /** Data rows, `sliceRows` at a time (the last slice may be shorter). */
  slices: AsyncGenerator<string[][]>;
}

/** Opens the file; throws CsvError (NotTextError) for what is not a CSV. */
export async function openCsvSource(file: string, sliceRows: number): Promise<CsvSource> {
  const head = Buffer.alloc(64 * 1024);
  const fd = openSync(file, 'r');
  const length = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  if (utf16Of(head.subarray(0, length))) return wholeFile(file, sliceRows);
  const decoded = {
    bom: head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf,
    latin1Lines: [] as number[],
    mixed: false,
  };
  // The first lines, for the delimiter only (what they hold is noted when the stream reads them).
  const start = head.subarray(decoded.bom ? 3 : 0, length);
  const cut = start.lastIndexOf(0x0a) + 1 || start.length;
  const first = decodeBlock(start.subarray(0, cut), 1, { bom: false, latin1Lines: [], mixed: false });
  const sep = sepLine(first);
  const delimiter = sep?.delimiter ?? detectDelimiter(first);
  // The sep= line is ASCII: as many bytes as characters.
  const skip = (decoded.bom ? 3 : 0) + (sep?.length ?? 0);
  const records = Readable.from(decodedText(file, decoded, skip, sep ? 2 : 1)).pipe(
    parse({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  );
  const iterator = records[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const next = async (): Promise<string[] | undefined> => {
    try {
      const step = await iterator.next();
      return step.done ? undefined : step.value;
    } catch (error) {
      throw csvError(error);
    }
  };
  const header = (await next()) ?? [];
  const perSlice = rowsPerSlice(sliceRows, header.length);
  async function* slices(): AsyncGenerator<string[][]> {
    for (;;) {
      const rows: string[][] = [];
      while (rows.length < perSlice) {
        const record = await next();
        if (!record) break;
        rows.push(record);
      }
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < perSlice) return;
    }
  }
  return { delimiter, fromSepLine: !!sep, decoded, header, slices: slices() };
}

/** Cells a slice holds at most in memory: a wide file is read in fewer rows at a time. */
const SLICE_CELLS = 2_000_000;

/** `--slice-rows`, or fewer for a file so wide that a slice would hold more than SLICE_CELLS. */
export function rowsPerSlice(sliceRows: number, width: number): number {
  return Math.min(sliceRows, Math.max(1, Math.floor(SLICE_CELLS / Math.max(1, width))));
}

/**
 * The file's text from byte `skip` (past a BOM and a sep= line, whose line numbers `line` starts
 * after), block by block, each cut after its last line end.
 */
async function* decodedText(
  file: string,
  decoded: Omit<DecodedCsv, 'text'>,
  skip: number,
  firstLine: number,
): AsyncGenerator<string> {
  let carry = Buffer.alloc(0);
  let line = firstLine;
  for await (const chunk of createReadStream(file, {
    highWaterMark: BLOCK,
    start: skip,
  }) as AsyncIterable<Buffer>) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const end = bytes.lastIndexOf(0x0a) + 1;
    carry = Buffer.from(bytes.subarray(end));
    if (end === 0) continue;
    const text = decodeBlock(bytes.subarray(0, end), line, decoded);
    line += countLines(bytes, end);
    yield text;
  }
  if (carry.length) yield decodeBlock(carry, line, decoded);
}

function countLines(bytes: Buffer, end: number): number {
  let count = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < end; i = bytes.indexOf(0x0a, i + 1)) count++;
  return count;
}

/** One block of whole lines; lines that are not UTF-8 are read as Windows-1252 and noted. */
function decodeBlock(bytes: Buffer, firstLine: number, decoded: Omit<DecodedCsv, 'text'>): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
    if (bytes.some((byte) => byte >= 0x80)) decoded.mixed = true;
  } catch {
    const parts: string[] = [];
    let start = 0;
    for (let line = firstLine; start < bytes.length; line++) {
      const end = bytes.indexOf(0x0a, start);
      const stop = end === -1 ? bytes.length : end + 1;
      const piece = bytes.subarray(start, stop);
      try {
        parts.push(utf8.decode(piece));
        if (piece.some((byte) => byte >= 0x80)) decoded.mixed = true;
      } catch {
        parts.push(windows1252.decode(piece));
        if (!decoded.latin1Lines.includes(line)) decoded.latin1Lines.push(line);
      }
      start = stop;
    }
    text = parts.join('');
  }
  if (text.includes('\u0000')) throw new NotTextError();
  return text;
}

function csvError(error: unknown): CsvError {
  if (error instanceof CsvError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'CSV_QUOTE_NOT_CLOSED')
    return new CsvError('The file ends inside a quoted value: a closing quote (") is missing.');
  const line = (error as { lines?: number }).lines;
  return new CsvError(
    `The file is not valid CSV${line ? ` near line ${line}` : ''}: ${(error as Error).message}`,
  );
}

/** UTF-16: decoded and parsed whole, then handed out in slices like the rest. */
function wholeFile(file: string, sliceRows: number): CsvSource {
  const { text, ...decoded } = decodeCsvFile(readInputFile(file));
  const sep = sepLine(text);
  const delimiter = sep?.delimiter ?? detectDelimiter(text);
  const [header = [], ...rows] = parseCsv(sep ? text.slice(sep.length) : text, delimiter);
  const perSlice = rowsPerSlice(sliceRows, header.length);
  async function* slices(): AsyncGenerator<string[][]> {
    for (let start = 0; start < rows.length; start += perSlice) yield rows.slice(start, start + perSlice);
  }
  return { delimiter, fromSepLine: !!sep, decoded, header, slices: slices() };
}
