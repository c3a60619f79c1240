/**
 * Utilities and Blob. Byte arrays are what Apps Script returns: plain arrays of signed bytes
 * (-128..127). `sleep` moves the harness clock instead of blocking.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { format } from 'node:util';
import type { HarnessClock } from './clock';
import { gasError } from './errors';
import { GAS_TYPE, type GasObject } from './membrane';

const DIGESTS = {
  MD2: 'md2',
  MD5: 'md5',
  SHA_1: 'sha1',
  SHA_256: 'sha256',
  SHA_384: 'sha384',
  SHA_512: 'sha512',
} as const;
const MACS = {
  HMAC_MD5: 'md5',
  HMAC_SHA_1: 'sha1',
  HMAC_SHA_256: 'sha256',
  HMAC_SHA_384: 'sha384',
  HMAC_SHA_512: 'sha512',
} as const;
const CHARSETS = { US_ASCII: 'US_ASCII', UTF_8: 'UTF_8' } as const;

const enumOf = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.keys(values).map((k) => [k, k])) as { [K in keyof T]: K };

export const toSignedBytes = (buffer: Uint8Array): number[] =>
  Array.from(buffer, (b) => (b > 127 ? b - 256 : b));

/** A string (UTF-8, or US-ASCII) or an array of signed bytes, as Apps Script methods accept. */
export function toBuffer(data: string | number[] | Uint8Array, charset?: string): Buffer {
  if (typeof data === 'string') return Buffer.from(data, charset === 'US_ASCII' ? 'ascii' : 'utf8');
  return Buffer.from(Array.from(data, (b) => b & 0xff));
}

export class FakeBlob implements GasObject {
  readonly [GAS_TYPE] = 'Blob';

  constructor(
    private bytes: Buffer,
    private contentType: string | null = null,
    private name: string | null = null,
  ) {}

  getBytes(): number[] {
    return toSignedBytes(this.bytes);
  }

  getDataAsString(charset?: string): string {
    return this.bytes.toString(charset === 'US_ASCII' ? 'ascii' : 'utf8');
  }

  setDataFromString(text: string): FakeBlob {
    this.bytes = Buffer.from(String(text), 'utf8');
    return this;
  }

  getContentType(): string | null {
    return this.contentType;
  }

  setContentType(contentType: string): FakeBlob {
    this.contentType = contentType;
    return this;
  }

  getName(): string | null {
    return this.name;
  }

  setName(name: string): FakeBlob {
    this.name = name;
    return this;
  }

  copyBlob(): FakeBlob {
    return new FakeBlob(Buffer.from(this.bytes), this.contentType, this.name);
  }
}

export class FakeUtilities implements GasObject {
  readonly [GAS_TYPE] = 'Utilities';
  readonly DigestAlgorithm = enumOf(DIGESTS);
  readonly MacAlgorithm = enumOf(MACS);
  readonly Charset = CHARSETS;

  constructor(
    private readonly clock: HarnessClock,
    /** When set, sleep also blocks for real (e.g. to let an emulator's job progress). */
    private readonly realSleep = false,
    /** A seeded runtime's generator (LoadOptions.seed): the same ids on every replay. */
    private readonly random?: () => number,
  ) {}

  getUuid(): string {
    const random = this.random;
    if (!random) return randomUUID();
    const bytes = Buffer.from(Array.from({ length: 16 }, () => Math.floor(random() * 256)));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
    bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  sleep(milliseconds: number): void {
    if (!(milliseconds >= 0) || milliseconds > 300_000) {
      throw gasError('Invalid argument: milliseconds');
    }
    if (this.realSleep) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
    else this.clock.advance(milliseconds);
  }

  computeDigest(algorithm: keyof typeof DIGESTS, value: string | number[], charset?: string): number[] {
    const name = DIGESTS[algorithm];
    if (!name) throw gasError('Invalid argument: algorithm');
    return toSignedBytes(createHash(name).update(toBuffer(value, charset)).digest());
  }

  computeHmacSignature(
    algorithm: keyof typeof MACS,
    value: string | number[],
    key: string | number[],
    charset?: string,
  ): number[] {
    const name = MACS[algorithm];
    if (!name) throw gasError('Invalid argument: algorithm');
    return toSignedBytes(createHmac(name, toBuffer(key, charset)).update(toBuffer(value, charset)).digest());
  }

  computeHmacSha256Signature(value: string | number[], key: string | number[], charset?: string): number[] {
    return this.computeHmacSignature('HMAC_SHA_256', value, key, charset);
  }

  base64Encode(data: string | number[], charset?: string): string {
    return toBuffer(data, charset).toString('base64');
  }

  /** Web-safe alphabet, padding kept as Apps Script does. */
  base64EncodeWebSafe(data: string | number[], charset?: string): string {
    return this.base64Encode(data, charset).replace(/\+/g, '-').replace(/\//g, '_');
  }

  base64Decode(encoded: string): number[] {
    return toSignedBytes(Buffer.from(String(encoded), 'base64'));
  }

  base64DecodeWebSafe(encoded: string): number[] {
    return toSignedBytes(Buffer.from(String(encoded), 'base64url'));
  }

  newBlob(data: string | number[], contentType?: string, name?: string): FakeBlob {
    return new FakeBlob(toBuffer(data), contentType ?? null, name ?? null);
  }

  formatString(template: string, ...args: unknown[]): string {
    return format(template, ...args);
  }

  formatDate(date: Date, timeZone: string, pattern: string): string {
    return formatJavaDate(date, timeZone, pattern);
  }
}

const JAVA_TOKEN = /'[^']*'|y+|M+|d+|H+|h+|m+|s+|S+|E+|a|Z|X+|z+|./g;

/** java.text.SimpleDateFormat's common letters, rendered in the given IANA zone. */
export function formatJavaDate(date: Date, timeZone: string, pattern: string): string {
  let zone = timeZone;
  if (zone === 'GMT' || zone === 'UTC') zone = 'Etc/UTC';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'long',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const num = (key: string) => Number(parts[key]);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const offset = String(parts.timeZoneName).replace('GMT', '') || '+00:00';
  const month = num('month');
  const hour = num('hour') % 24;
  const monthName = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'long' }).format(date);
  return pattern.replace(JAVA_TOKEN, (token) => {
    const n = token.length;
    switch (token[0]) {
      case "'":
        return n === 2 ? "'" : token.slice(1, -1);
      case 'y':
        return n === 2 ? pad(num('year') % 100, 2) : pad(num('year'), n);
      case 'M':
        return n >= 4 ? monthName : n === 3 ? monthName.slice(0, 3) : pad(month, n);
      case 'd':
        return pad(num('day'), n);
      case 'H':
        return pad(hour, n);
      case 'h':
        return pad(hour % 12 || 12, n);
      case 'm':
        return pad(num('minute'), n);
      case 's':
        return pad(num('second'), n);
      case 'S':
        return pad(date.getUTCMilliseconds(), n);
      case 'E':
        return n >= 4 ? String(parts.weekday) : String(parts.weekday).slice(0, 3);
      case 'a':
        return hour < 12 ? 'AM' : 'PM';
      case 'Z':
        return offset.replace(':', '');
      case 'X':
        return offset === '+00:00' ? 'Z' : offset;
      case 'z':
        return zone === 'Etc/UTC' ? 'UTC' : `GMT${offset}`;
      default:
        return token;
    }
  });
}
