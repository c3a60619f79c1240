/**
 * The CLI's saved answers, outside the local spreadsheet: one line per answer, `fingerprint TAB
 * the ledger row's JSON`, appended (fsync'd) and never rewritten in place, with an index
 * fingerprint → where its latest line is, built when the file is opened.
 *
 * Why this store: the enriched rows leave the runtime slice by slice, and so must their answers, or
 * the ledger sheet (and the state file that holds it) would grow with the file. What a slice needs
 * is a lookup by fingerprint of a few thousand keys, and what it adds is appended once: an
 * append-only log does both with one sequential write per slice and one positioned read per key,
 * survives a kill at any byte (a torn last line is cut off when opened), and needs no package
 * (Node 20 has no node:sqlite). The index costs about 100 bytes per answer in memory, the
 * answers themselves stay on disk. A log with more than twice as many lines as answers (answers
 * asked again with more fields) is compacted when opened: the latest line of each is written to a
 * temporary file, renamed over the log.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  ftruncateSync,
  writeSync,
} from 'node:fs';

const CHUNK = 1 << 20;
const TAB = 0x09;
const LF = 0x0a;

interface Place {
  offset: number;
  length: number;
}

export class AnswersStore {
  private readonly index = new Map<string, Place>();
  private size = 0;
  private lines = 0;

  private constructor(
    private readonly file: string,
    private fd: number,
  ) {}

  /** Opens (or creates) the log, cutting a torn last line off and compacting it when worthwhile. */
  static open(file: string): AnswersStore {
    const store = new AnswersStore(file, openSync(file, existsSync(file) ? 'r+' : 'w+'));
    store.scan();
    if (store.lines > 10_000 && store.lines > 2 * store.index.size) store.compact();
    return store;
  }

  get count(): number {
    return this.index.size;
  }

  /** The latest saved line text (the ledger JSON) of each fingerprint that has one. */
  get(fps: Iterable<string>): [string, string][] {
    const found: [string, string][] = [];
    for (const fp of fps) {
      const place = this.index.get(fp);
      if (!place) continue;
      const buffer = Buffer.alloc(place.length);
      readSync(this.fd, buffer, 0, place.length, place.offset);
      found.push([fp, buffer.toString('utf8')]);
    }
    return found;
  }

  /** Appends answers (later lines win) in one write, on disk before it returns. */
  append(entries: readonly (readonly [string, string])[]): void {
    if (entries.length === 0) return;
    const parts: Buffer[] = [];
    let offset = this.size;
    for (const [fp, text] of entries) {
      const head = Buffer.from(`${fp}\t`, 'utf8');
      const body = Buffer.from(text.replace(/[\r\n]/g, ' '), 'utf8');
      this.index.set(fp, { offset: offset + head.length, length: body.length });
      parts.push(head, body, Buffer.from('\n'));
      offset += head.length + body.length + 1;
      this.lines++;
    }
    const all = Buffer.concat(parts);
    writeSync(this.fd, all, 0, all.length, this.size);
    fsyncSync(this.fd);
    this.size = offset;
  }

  close(): void {
    closeSync(this.fd);
  }

  private scan(): void {
    const total = statSync(this.file).size;
    const buffer = Buffer.alloc(CHUNK);
    let carry = Buffer.alloc(0);
    let position = 0;
    let lineStart = 0;
    while (position < total) {
      const read = readSync(this.fd, buffer, 0, Math.min(CHUNK, total - position), position);
      const chunk = Buffer.concat([carry, buffer.subarray(0, read)]);
      let start = 0;
      for (let end = chunk.indexOf(LF); end !== -1; end = chunk.indexOf(LF, start)) {
        const tab = chunk.indexOf(TAB, start);
        if (tab !== -1 && tab < end) {
          const fp = chunk.toString('utf8', start, tab);
          this.index.set(fp, { offset: lineStart + (tab - start) + 1, length: end - tab - 1 });
          this.lines++;
        }
        lineStart += end - start + 1;
        start = end + 1;
      }
      carry = Buffer.from(chunk.subarray(start));
      position += read;
    }
    // A kill in the middle of an append leaves a line without its end: it never happened.
    this.size = lineStart;
    if (lineStart < total) ftruncateSync(this.fd, lineStart);
  }

  private compact(): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    const out = new AnswersStore(temporary, openSync(temporary, 'w+'));
    const fps = [...this.index.keys()];
    for (let i = 0; i < fps.length; i += 10_000) out.append(this.get(fps.slice(i, i + 10_000)));
    closeSync(out.fd);
    closeSync(this.fd);
    renameSync(temporary, this.file);
    this.fd = openSync(this.file, 'r+');
    this.index.clear();
    this.lines = 0;
    this.scan();
  }
}
