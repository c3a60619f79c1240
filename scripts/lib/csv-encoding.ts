/**
 * The text of a CSV file's bytes, and what reading it had to guess: UTF-16 (LE or BE) when it
 * starts with that byte-order mark (Excel's "Unicode text") or its bytes say so without one, else
 * UTF-8. A line that is not valid
 * UTF-8 is read as Windows-1252 (Latin-1, what Excel on Windows writes as "CSV"), and named in a
 * warning: a file mixing both (rows pasted from two exports) would otherwise turn "Zoë" into "Zo�"
 * without a word.
 */

export interface DecodedCsv {
  text: string;
  /** The file started with a byte-order mark: the output keeps one, so Excel reads it as UTF-8. */
  bom: boolean;
  /** 1-based lines of the file that were not UTF-8, read as Windows-1252. */
  latin1Lines: number[];
  /** Other lines held UTF-8 beyond ASCII: the file mixes encodings. */
  mixed: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const windows1252 = new TextDecoder('windows-1252');
const LF = 0x0a;

/**
 * UTF-16 and its byte order: by its byte-order mark, or without one (some exports write none) by
 * its zero bytes: text that is mostly ASCII has a zero in every other byte, on the odd bytes for
 * little-endian, on the even ones for big-endian. UTF-8 text has no zero byte at all.
 */
export function utf16Of(bytes: Buffer): { order: 'le' | 'be'; bom: boolean } | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { order: 'le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { order: 'be', bom: true };
  const pairs = Math.floor(Math.min(bytes.length, 4096) / 2);
  if (pairs < 2) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) even++;
    if (bytes[2 * i + 1] === 0) odd++;
  }
  if (odd > pairs / 2 && even === 0) return { order: 'le', bom: false };
  if (even > pairs / 2 && odd === 0) return { order: 'be', bom: false };
  return undefined;
}

/** undefined for bytes that are not text (an odd UTF-16 length). */
export function decodeCsv(bytes: Buffer): DecodedCsv | undefined {
  const utf16 = utf16Of(bytes);
  if (utf16) {
    if (bytes.length % 2 !== 0) return undefined;
    const body = Buffer.from(bytes.subarray(utf16.bom ? 2 : 0));
    if (utf16.order === 'be') body.swap16();
    return { text: body.toString('utf16le'), bom: true, latin1Lines: [], mixed: false };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: utf8.decode(body), bom, latin1Lines: [], mixed: false };
  } catch {
    return byLine(body, bom);
  }
}

/** The slow path, for a file that is not all UTF-8: each line decoded on its own. */
function byLine(body: Buffer, bom: boolean): DecodedCsv {
  const parts: string[] = [];
  const latin1Lines: number[] = [];
  let mixed = false;
  let start = 0;
  for (let line = 1; start <= body.length; line++) {
    const end = body.indexOf(LF, start);
    const stop = end === -1 ? body.length : end + 1;
    const bytes = body.subarray(start, stop);
    try {
      parts.push(utf8.decode(bytes));
      if (bytes.some((byte) => byte >= 0x80)) mixed = true;
    } catch {
      parts.push(windows1252.decode(bytes));
      latin1Lines.push(line);
    }
    start = stop;
    if (end === -1) break;
  }
  return { text: parts.join(''), bom, latin1Lines, mixed };
}

/** The warning for a file that was not all UTF-8, naming its lines (the first ten). */
export function encodingWarning(file: string, decoded: DecodedCsv): string | undefined {
  const lines = decoded.latin1Lines;
  if (lines.length === 0) return undefined;
  const named = lines.slice(0, 10).join(', ') + (lines.length > 10 ? ` and ${lines.length - 10} more` : '');
  const one = lines.length === 1;
  const which = `line${one ? '' : 's'} ${named}`;
  const read = `${one ? 'was' : 'were'} read as Windows-1252 (Latin-1)`;
  return decoded.mixed
    ? `Warning: ${file} mixes encodings: ${which} ${one ? 'is' : 'are'} not UTF-8 and ${read}, the other lines as UTF-8. Check the accents of those rows in the output, or save the file as "CSV UTF-8".`
    : `Warning: ${file} is not UTF-8: ${which} ${read}. If accents look wrong, save the file as "CSV UTF-8".`;
}

/** The UTF-8 byte-order mark, written first when the input had a BOM. */
export const UTF8_BOM = '\uFEFF';
