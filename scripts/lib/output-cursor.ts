/**
 * Which output and which input a resume cursor belongs to (issue 39). The cursor said only "slices
 * 0..n-1 are in the output, which held N bytes": a rerun with another --out, or after the partial
 * output was trimmed, deleted or saved again, truncated whatever --out named to N bytes (NULs, no
 * header, rows missing, exit 0); an input edited since was skipped by slice index (deleted rows
 * written, current ones missed).
 *
 * Now the cursor records the output's identity (device and inode, and a SHA-256 of the N bytes
 * written) and the input's (size, modification time, SHA-256 of the whole file, read once for the
 * progress count anyway). A rerun whose output or input is not the one recorded starts from the
 * top: the output is written anew, and every row answered before comes from the answers store
 * (free); the jobs still running are in the state and collected first. Writing into a file the
 * cursor does not describe is never done.
 */
import { createHash, type Hash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  statSync,
  writeSync,
} from 'node:fs';
import type { StreamCursor } from './state-file';

/** What the cursor knows of the input. */
export interface InputIdentity {
  size: number;
  mtimeMs: number;
  sha256: string;
}

/** The input's identity and its line count less the header (for the progress line), in one read. */
export async function readInput(file: string): Promise<{ identity: InputIdentity; dataLines: number }> {
  const { size, mtimeMs } = statSync(file);
  const hash = createHash('sha256');
  let lines = 0;
  let last = 0x0a;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) lines++;
    last = chunk[chunk.length - 1] ?? last;
  }
  // Lines, or more when cells hold line breaks: an upper bound of the rows, for an ETA.
  const dataLines = Math.max(0, lines + (last === 0x0a ? 0 : 1) - 1);
  return { identity: { size, mtimeMs, sha256: hash.digest('hex') }, dataLines };
}

/**
 * The output: taken up where the cursor says it stops when both files are the ones it recorded,
 * else written anew from the top (see the module comment). A new output is created at its first
 * write: a command refused before it (no usable column) leaves no empty file, nor an earlier
 * output emptied.
 */
export class OutputFile {
  private fd?: number;
  private dev = 0;
  private ino = 0;

  private constructor(
    private readonly out: string,
    /** Bytes the cursor covers: slices written whole. */
    private bytes: number,
    /** SHA-256 of those bytes, updated with each slice kept. */
    private readonly hash: Hash,
    /** The cursor to resume from; undefined: from the top. */
    readonly cursor?: StreamCursor,
    /** Why a cursor was not followed, for the user. */
    readonly rebuilt?: string,
  ) {}

  static open(out: string, cursor: StreamCursor | undefined, input?: InputIdentity): OutputFile {
    if (!cursor) return new OutputFile(out, 0, createHash('sha256'));
    const check = checkCursor(out, cursor, input);
    if (typeof check === 'string') return new OutputFile(out, 0, createHash('sha256'), undefined, check);
    // What a run wrote past its last saved slice is written again by the next write (write), or
    // stays when this run has nothing newer to put there (tailKept).
    return new OutputFile(out, cursor.outputBytes, check, cursor);
  }

  /** Whether nothing is kept yet: the next slice is written with its header. */
  get empty(): boolean {
    return this.bytes === 0;
  }

  /**
   * Writes a slice after the slices kept; `keep`: it counts in the cursor (else it is there to read,
   * and the next write replaces it).
   */
  write(chunk: Buffer, keep: boolean): void {
    const fd = this.open();
    writeSync(fd, chunk, 0, chunk.length, this.bytes);
    ftruncateSync(fd, this.bytes + chunk.length);
    if (!keep) return;
    this.bytes += chunk.length;
    this.hash.update(chunk);
  }

  /**
   * Whether the file this cursor describes holds, past the slices kept, a slice an earlier run
   * wrote whole (it ends a line: a write cut short by a kill does not): kept when this run has
   * nothing newer for it.
   */
  tailKept(): boolean {
    if (!this.cursor) return false;
    const fd = this.open();
    const size = fstatSync(fd).size;
    if (size <= this.bytes) return false;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  }

  /** The cursor after `slice` slices kept, naming this output and `input`. */
  cursorAfter(slice: number, input?: InputIdentity): StreamCursor {
    return {
      slice,
      outputBytes: this.bytes,
      output: { dev: this.dev, ino: this.ino, sha256: this.hash.copy().digest('hex') },
      ...(input ? { input } : {}),
    };
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): number {
    if (this.fd === undefined) {
      this.fd = openSync(this.out, this.cursor ? 'r+' : 'w');
      ({ dev: this.dev, ino: this.ino } = fstatSync(this.fd));
    }
    return this.fd;
  }
}

/** Why the cursor is not to be followed, or the hash of the output it covers when it is. */
function checkCursor(out: string, cursor: StreamCursor, input?: InputIdentity): string | Hash {
  const recorded = cursor.input;
  if (!recorded || !input) return 'the interrupted run recorded no input to compare';
  if (recorded.size !== input.size || recorded.mtimeMs !== input.mtimeMs || recorded.sha256 !== input.sha256)
    return 'the input changed since the interrupted run';
  const output = cursor.output;
  if (!output) return 'the interrupted run recorded no output to compare';
  let stat;
  try {
    stat = statSync(out);
  } catch {
    return `${out} is not the file the interrupted run was writing (it is gone)`;
  }
  if (stat.dev !== output.dev || stat.ino !== output.ino)
    return `${out} is not the file the interrupted run was writing`;
  if (stat.size < cursor.outputBytes) return `${out} is shorter than what the interrupted run wrote`;
  const fd = openSync(out, 'r');
  try {
    const hash = prefixHash(fd, cursor.outputBytes);
    return hash.copy().digest('hex') === output.sha256
      ? hash
      : `${out} changed since the interrupted run wrote it`;
  } finally {
    closeSync(fd);
  }
}

/** SHA-256 of the file's first `bytes` bytes, as a Hash that can go on. */
function prefixHash(fd: number, bytes: number): Hash {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1 << 20);
  for (let position = 0; position < bytes;) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, bytes - position), position);
    if (read === 0) break;
    hash.update(buffer.subarray(0, read));
    position += read;
  }
  return hash;
}
