/** Logger and console. Every log line is kept, so tests can check what never gets logged (the API key). */
import { format } from 'node:util';
import { GAS_TYPE, type GasObject } from './membrane';

export type LogLevel = 'log' | 'info' | 'warn' | 'error';

export interface LogLine {
  level: LogLevel;
  text: string;
}

export class LogRecord {
  readonly lines: LogLine[] = [];

  add(level: LogLevel, text: string): void {
    this.lines.push({ level, text });
  }

  texts(): string[] {
    return this.lines.map((line) => line.text);
  }
}

/** Objects print as JSON and errors as their message, roughly as the Apps Script log shows them. */
function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Object.prototype.toString.call(value) === '[object Error]') {
    const error = value as Error;
    return error.stack ?? `${error.name}: ${error.message}`;
  }
  if (typeof value === 'object' && value !== null) {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

export class FakeLogger implements GasObject {
  readonly [GAS_TYPE] = 'Logger';

  constructor(private readonly record: LogRecord) {}

  /** log(data) or log(format, ...values) with %s/%d placeholders. */
  log(data: unknown, ...values: unknown[]): FakeLogger {
    const text = typeof data === 'string' && values.length > 0 ? format(data, ...values) : describe(data);
    this.record.add('log', text);
    return this;
  }

  getLog(): string {
    return this.record.texts().join('\n');
  }

  clear(): void {}
}

export class FakeConsole implements GasObject {
  readonly [GAS_TYPE] = 'console';

  constructor(private readonly record: LogRecord) {}

  log(...values: unknown[]): void {
    this.write('log', values);
  }

  info(...values: unknown[]): void {
    this.write('info', values);
  }

  warn(...values: unknown[]): void {
    this.write('warn', values);
  }

  error(...values: unknown[]): void {
    this.write('error', values);
  }

  time(): void {}

  timeEnd(): void {}

  private write(level: LogLevel, values: unknown[]): void {
    const [first, ...rest] = values;
    const text =
      typeof first === 'string' && /%[sdifoOj]/.test(first)
        ? format(first, ...rest)
        : values.map(describe).join(' ');
    this.record.add(level, text);
  }
}
