/** Shared helpers of the emulator tests: an in-process emulator on port 0 and raw HTTP calls. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod/mini';
import { adminClient } from '../../dev/emulator/admin-client';
import type { EmulatorOptions } from '../../dev/emulator/options';
import { createEmulator } from '../../dev/emulator/server';

// Test bodies are inspected field by field; typing every response here would only repeat the views.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

export interface CallOptions {
  /** The API key to send; null sends no Authorization header. Default: the emulator's first key. */
  key?: string | null;
  headers?: Record<string, string>;
  /** A raw body, sent as is (for invalid JSON tests). */
  raw?: string;
}

export type TestEmulator = Awaited<ReturnType<typeof startEmulator>>;

/** Rate limit off unless a test asks for it: most tests make many requests. */
export async function startEmulator(options: EmulatorOptions = {}) {
  const emulator = createEmulator({ rateLimit: 0, ...options });
  const { baseUrl } = await emulator.listen();
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    init: CallOptions = {},
  ): Promise<Answer> => {
    const key = init.key === undefined ? emulator.apiKey : init.key;
    const headers: Record<string, string> = { ...(key === null ? {} : { authorization: `Bearer ${key}` }) };
    if (body !== undefined || init.raw !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...headers, ...init.headers },
      ...(init.raw !== undefined
        ? { body: init.raw }
        : body !== undefined
          ? { body: JSON.stringify(body) }
          : {}),
    });
    const text = await response.text();
    let parsed: Json = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: tests see the text.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  return {
    emulator,
    baseUrl,
    state: emulator.state,
    admin: adminClient(baseUrl),
    call,
    get: (path: string, init?: CallOptions) => call('GET', path, undefined, init),
    post: (path: string, body: unknown, init?: CallOptions) => call('POST', path, body, init),
    close: () => emulator.close(),
  };
}

/** Fails with the zod issues (path + message) when the body does not match the client's schema. */
export function expectSchema(schema: z.ZodMiniType, body: unknown): void {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  }
}

export interface Received {
  path: string;
  body: Json;
  at: number;
}

/** A loopback webhook receiver; `respond` decides the status of each delivery (1-based count). */
export async function startReceiver(
  respond: (count: number, request: IncomingMessage) => number = () => 200,
) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: JSON.parse(data || 'null'), at: Date.now() });
      response.statusCode = respond(received.length, request);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it returns true (or fails after `timeoutMs`). */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A clock the test moves by hand: job progress is a function of time. */
export function manualClock(start = 1_700_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}
