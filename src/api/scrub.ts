/**
 * The one key scrubber: removes the API key from any text that may be shown, logged or stored, in
 * every form a server or a proxy may echo it (issue 28). The add-on scrubs at the one door server text
 * comes in by (error answers, network errors and answers that hold the key, src/api), and the command
 * lines scrub everything they print with the same function (scripts/lib/command.ts). docs/key-scrubbing.md
 * lists the forms and the places.
 *
 * Forms found, each also when only a run of it is there (a message cut in the middle of the key):
 * - the key itself, in any letter case, and cut by whitespace or line breaks;
 * - %-encoded (hex digits in either case) or JSON-escaped (`\u0073`, `\/`, `\n` between pieces);
 * - base64 (standard or URL alphabet, wrapped in lines or not) at each of the three alignments a
 *   key can have inside an encoded text: alone, as `user:key` in a `Basic` header, anywhere.
 */

const REDACTED = '[redacted]';

/**
 * A run of this many of the key's characters is taken for the key: a server that echoes part of it,
 * or a message cut in the middle of it, must not show most of the key.
 */
const KEY_RUN = 8;
/** The base64 of KEY_RUN bytes spans 11 characters. */
const BASE64_RUN = 11;

/** Forms of the key: every window of `size` characters they hold. */
interface Needle {
  windows: Set<string>;
  size: number;
  /** Compared with ASCII letters folded to lower case (the key's own form), else exactly (base64). */
  folded: boolean;
}

/** Text as a sequence of characters, each remembering the stretch of the original it stands for. */
interface View {
  text: string;
  from: number[];
  to: number[];
}

const fold = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** One set of windows for several forms: one look-up per place in the text, however many forms. */
function needle(forms: readonly string[], run: number, folded: boolean): Needle {
  const size = Math.min(run, ...forms.map((form) => form.length));
  const windows = new Set<string>();
  for (const form of forms)
    for (let i = 0; i + size <= form.length; i++) windows.add(form.slice(i, i + size));
  return { windows, size, folded };
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
  }
  return bytes;
}

/**
 * The base64 characters that depend only on the key's bytes when `offset` bytes (0, 1 or 2) precede
 * it in the encoded text: what every base64 text holding the key at that alignment contains.
 */
function base64Core(bytes: readonly number[], offset: number): string {
  const bits = [...new Array<number>(offset).fill(0), ...bytes].flatMap((byte) =>
    [7, 6, 5, 4, 3, 2, 1, 0].map((shift) => (byte >> shift) & 1),
  );
  let core = '';
  for (let start = 0; start + 6 <= bits.length; start += 6) {
    if (start < offset * 8) continue;
    core += BASE64[bits.slice(start, start + 6).reduce((value, bit) => value * 2 + bit, 0)];
  }
  return core;
}

function needlesOf(key: string): Needle[] {
  const bytes = utf8(key);
  const cores = [0, 1, 2].map((offset) => base64Core(bytes, offset)).filter((core) => core.length > 0);
  const encoded = cores.flatMap((core) => [core, core.replace(/\+/g, '-').replace(/\//g, '_')]);
  return [
    needle([fold(key)], KEY_RUN, true),
    ...(encoded.length ? [needle(encoded, BASE64_RUN, false)] : []),
  ];
}

/** One key's needles, kept: the same key scrubs every string of an answer. */
let cached: { key: string; needles: Needle[] } | undefined;
function needlesFor(key: string): Needle[] {
  if (cached?.key !== key) cached = { key, needles: needlesOf(key) };
  return cached.needles;
}

/** `\s` without a regular expression per character (this runs over whole answers). */
function isSpace(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(char);
}

const JSON_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * The text without whitespace and, when `decode`, with %XX and JSON escapes (\uXXXX, \n, \/ …)
 * turned into the characters they stand for: a key cut by line breaks, or encoded, reads whole here.
 */
function viewOf(text: string, decode: boolean): View {
  const view: View = { text: '', from: [], to: [] };
  const chars: string[] = [];
  for (let i = 0; i < text.length;) {
    let char = text[i]!;
    let length = 1;
    if (decode && (char === '%' || char === '\\')) {
      const escape = /^(?:%([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\(.))/s.exec(text.slice(i, i + 6));
      if (escape) {
        const [whole, percent, unicode, single] = escape;
        char = percent || unicode ? String.fromCharCode(parseInt((percent ?? unicode)!, 16)) : single!;
        if (single) char = JSON_ESCAPES[single] ?? single;
        length = whole.length;
      }
    }
    if (!isSpace(char)) {
      chars.push(char);
      view.from.push(i);
      view.to.push(i + length);
    }
    i += length;
  }
  view.text = chars.join('');
  return view;
}

/** Which characters of `text` belong to a form of the key (all false when none does). */
function keyMarks(text: string, key: string): boolean[] {
  const hidden = new Array<boolean>(text.length).fill(false);
  if (!key || !text) return hidden;
  const needles = needlesFor(key);
  // Without % or \ the decoded view is the plain one.
  for (const decode of /[%\\]/.test(text) ? [false, true] : [false]) {
    const view = viewOf(text, decode);
    const folded = fold(view.text);
    for (const { windows, size, folded: isFolded } of needles) {
      const seen = isFolded ? folded : view.text;
      for (let i = 0; i + size <= seen.length; i++)
        if (windows.has(seen.slice(i, i + size))) hidden.fill(true, view.from[i], view.to[i + size - 1]);
    }
  }
  return hidden;
}

/** True when `text` holds the key (or a run of it) in any of the forms above. */
export function holdsKey(text: string, apiKey: string): boolean {
  return keyMarks(text, apiKey.trim()).includes(true);
}

/** `text` with every form of the key, and any bearer token, replaced by "[redacted]". */
export function scrub(text: string, apiKey: string): string {
  // Overlapping or touching runs (the plain and the encoded form of one echo) make one redaction.
  const hidden = keyMarks(text, apiKey.trim());
  let out = '';
  for (let i = 0; i < text.length; i++) out += hidden[i] ? (hidden[i - 1] ? '' : REDACTED) : text[i];
  return out.replace(/(bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`);
}

/** A parsed JSON answer with every string (keys included) scrubbed: the data of an answer that echoes the key. */
export function scrubJson(value: unknown, apiKey: string): unknown {
  if (typeof value === 'string') return scrub(value, apiKey);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, apiKey));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [scrub(name, apiKey), scrubJson(item, apiKey)]),
  );
}
