/**
 * In-memory ports for the API client tests: an HttpPort that answers from scripted routes and
 * records every request, a clock whose sleep only moves time, a budget tied to that clock, a log.
 */
import type { BudgetPort, ClockPort, HttpRequest, HttpResponse, LogPort } from '../../../src/platform/ports';
import { createTestApiClient } from '../../support/api';
import { createApiSession, type ApiClientOptions } from '../../../src/api/transport';

export const BASE_URL = 'https://api.example.test';
export const API_KEY = 'sk_live_SECRET_0123456789abcdef';

export type Reply = HttpResponse | ((request: HttpRequest) => HttpResponse);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } };
}

export function raw(status: number, body: string): HttpResponse {
  return { status, body, headers: {} };
}

export function networkDown(message = 'Address unavailable'): HttpResponse {
  return { status: 0, body: '', headers: {}, networkError: message };
}

interface Route {
  method: string;
  path: string;
  replies: Reply[];
}

/** Routes match on method + path (without query); replies are used in turn, the last one repeats. */
export class FakeHttp {
  readonly requests: HttpRequest[] = [];
  readonly fetchAllRounds: HttpRequest[][] = [];
  fetchCalls = 0;
  private readonly routes: Route[] = [];

  on(method: string, path: string, ...replies: Reply[]): this {
    this.routes.push({ method, path, replies });
    return this;
  }

  fetch(request: HttpRequest): HttpResponse {
    this.fetchCalls++;
    return this.answer(request);
  }

  fetchAll(requests: HttpRequest[]): HttpResponse[] {
    this.fetchAllRounds.push(requests);
    return requests.map((request) => this.answer(request));
  }

  /** Path and query of a recorded request, relative to the base URL. */
  static pathOf(request: HttpRequest): string {
    return request.url.replace(BASE_URL, '');
  }

  private answer(request: HttpRequest): HttpResponse {
    this.requests.push(request);
    const path = FakeHttp.pathOf(request).split('?')[0];
    const route = this.routes.find((r) => r.method === request.method && r.path === path);
    if (!route) return json(599, { code: 'test.no_route', message: `${request.method} ${path}` });
    const reply = route.replies.length > 1 ? route.replies.shift() : route.replies[0];
    if (reply === undefined) throw new Error('route without reply');
    return typeof reply === 'function' ? reply(request) : reply;
  }
}

export class FakeClock implements ClockPort, BudgetPort {
  readonly sleeps: number[] = [];
  constructor(
    private time = 1_700_000_000_000,
    private readonly deadline = time + 6 * 60 * 1000,
  ) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.time += ms;
  }
  remainingMs(): number {
    return this.deadline - this.time;
  }
}

export class FakeLog implements LogPort {
  readonly lines: string[] = [];
  info(message: string): void {
    this.lines.push(`INFO ${message}`);
  }
  warn(message: string): void {
    this.lines.push(`WARN ${message}`);
  }
}

export interface Setup {
  http: FakeHttp;
  clock: FakeClock;
  log: FakeLog;
  options: ApiClientOptions;
}

export function setup(overrides: Partial<ApiClientOptions> = {}, clock = new FakeClock()): Setup {
  const http = new FakeHttp();
  const log = new FakeLog();
  const options: ApiClientOptions = {
    http,
    clock,
    budget: clock,
    log,
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    random: () => 0.5,
    ...overrides,
  };
  return { http, clock, log, options };
}

export const contextOf = (s: Setup) => createApiSession(s.options);
export const clientOf = (s: Setup) => createTestApiClient(s.options);

/** Runs fn and returns what it threw (fails the test when it does not throw). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
