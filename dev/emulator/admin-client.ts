/** A typed client of the admin endpoints (/__admin/...), for tests and tools. */
import http from 'node:http';
import type { BookedCharge } from './books';
import type { EchoForm } from './echo';
import type { FaultConfig } from './faults';
import type { SearchKind } from './search-billing';
import type { RestartOptions } from './state';
import type { SearchCounters } from './stats';
import type { Delivery } from './webhooks';

export interface AdminConfigPatch {
  /** A fault spec applied on top of the current faults, e.g. `5xx=0.5` or `5xx=0,429=0`. */
  faults?: string;
  /** true: every API route answers 503; 'reset': connections are dropped; false: back up. */
  down?: boolean | 'reset';
  jobMs?: number;
  rateLimit?: number;
  minuteMs?: number;
  /** Error answers repeat the request's key in this form (echo.ts); 'off' stops. */
  echo?: EchoForm;
}

export interface AdminJob {
  id: string;
  kind: 'enrich' | 'reverse';
  name: string;
  status: string;
  processed: number;
  total: number;
  credits: number;
  workspace_id: string;
  /** The API key that started the job (and is counted as having spent its credits). */
  key: string;
  stuck: boolean;
  /** Its start's answer was lost (the `lost` fault): "status" a 503, "reset" the connection cut. */
  answer_lost?: 'reset' | 'status';
  created_at: string;
}

/** One processed item of a job (GET /__admin/outcomes): the emulator's truth of who paid for what. */
export interface AdminOutcome {
  job: string;
  name: string;
  workspace_id: string;
  kind: 'enrich' | 'reverse';
  /** The fingerprint the client sent in `custom.fp` ("" when none). */
  fp: string;
  /** The person matched, null when none. */
  person: string | null;
  credits: number;
  /**
   * What its credits paid for: the fields asked that the person has ("work_email",
   * "personal_email", "phone"), or "profile" for a reverse lookup that found one; [] when free.
   */
  charged_for: string[];
  /** The matched person's work emails: what a saved work email may be. */
  work_emails: string[];
  /** The person's personal emails, phone numbers and full name: what a saved answer may say. */
  personal_emails: string[];
  phones: string[];
  full_name: string | null;
}

export interface AdminStats {
  /** "METHOD /route/pattern" → status → count. */
  requests: Record<string, Record<string, number>>;
  total_requests: number;
  credits_spent: number;
  /** Per API key (the one that started the job or ran the search): every valid key, 0 if it spent nothing. */
  credits_spent_by_key: Record<string, number>;
  /** Per workspace, whichever of its keys spent it. */
  credits_spent_by_workspace: Record<string, number>;
  jobs: { total: number; by_status: Record<string, number> };
  webhooks: { pending: number; delivered: number; failed: number };
  /**
   * People charged (per workspace and kind of job), those charged in more than one job of their
   * workspace, and the cost of charging each once per workspace.
   */
  charges: { persons: number; charged_twice: number; credits_once: number };
  /** Company and people searches added up, and per kind. `credits_spent` includes their credits. */
  search: SearchCounters & { by_kind: Record<SearchKind, SearchCounters> };
}

export interface AdminClient {
  config(patch: AdminConfigPatch): Promise<{ config: Record<string, unknown>; faults: FaultConfig }>;
  /**
   * The emulator's time jumps `ms` ahead (jobs progress, webhooks fall due) without anyone waiting;
   * a reset brings it back to its clock.
   */
  advanceClock(ms: number): Promise<void>;
  /** Sets the balance of one key's workspace (shared by its keys), or of all workspaces. */
  setCredits(balance: number, key?: string): Promise<void>;
  /**
   * Makes `key` valid in `workspace` (default: a workspace of its own, as the `keys` option) and
   * resolves with the workspace id. Rejects when the key belongs to another workspace.
   */
  addKey(key: string, workspace?: string): Promise<string>;
  /** The key answers 401 from now on; its workspace keeps its balance and jobs. Rejects for an unknown key. */
  removeKey(key: string): Promise<void>;
  /** Workspace id → its valid keys. */
  workspaces(): Promise<Record<string, string[]>>;
  jobs(): Promise<AdminJob[]>;
  /** Every processed item of every job, in job order. */
  outcomes(): Promise<AdminOutcome[]>;
  /** The vendor's books: what each key was charged per job or search call, and when (the caller's clock). */
  books(): Promise<BookedCharge[]>;
  job(id: string): Promise<AdminJob>;
  finishJob(id: string): Promise<AdminJob>;
  cancelJob(id: string): Promise<AdminJob>;
  stickJob(id: string): Promise<AdminJob>;
  stats(): Promise<AdminStats>;
  webhooks(): Promise<Delivery[]>;
  reset(): Promise<void>;
  /**
   * Resets to other start options, as if the emulator had started with them (world, seed and clock
   * stay); later resets come back to these. Resolves with the first key, as the ready line has it.
   */
  restart(start: RestartOptions): Promise<string>;
}

/** One pool of connections for every admin client of the process; idle sockets hold no process up. */
const agent = new http.Agent({ keepAlive: true });

interface Answer {
  status: number;
  text: string;
}

/**
 * One admin request over node:http. Global fetch cost 0.35 to 0.6 ms of CPU a call against 0.1 to
 * 0.2 here, and the fuzzer makes about 20 a case.
 */
function request(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
  again = true,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { method, headers, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    sent.on('error', (error: NodeJS.ErrnoException) => {
      // The server closed a pooled connection as we picked it: nothing was received, send again.
      if (again && sent.reusedSocket && error.code === 'ECONNRESET')
        request(url, method, headers, body, false).then(resolve, reject);
      else reject(error);
    });
    sent.end(body);
  });
}

export function adminClient(baseUrl: string): AdminClient {
  const call = async <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = method === 'POST' ? { 'content-type': 'application/json' } : {};
    const answer = await request(
      new URL(`${baseUrl}/__admin/${path}`),
      method,
      headers,
      method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    );
    if (answer.status < 200 || answer.status > 299)
      throw new Error(`admin ${method} ${path}: ${answer.status} ${answer.text}`);
    return JSON.parse(answer.text) as T;
  };
  return {
    config: (patch) => call('POST', 'config', patch),
    advanceClock: async (ms) => void (await call('POST', 'clock', { advanceMs: ms })),
    setCredits: async (balance, key) =>
      void (await call('POST', 'credits', { balance, ...(key ? { key } : {}) })),
    addKey: async (key, workspace) =>
      (await call<{ workspace_id: string }>('POST', 'keys', { key, ...(workspace ? { workspace } : {}) }))
        .workspace_id,
    removeKey: async (key) => void (await call('DELETE', `keys/${encodeURIComponent(key)}`)),
    workspaces: async () => (await call<{ workspaces: Record<string, string[]> }>('GET', 'state')).workspaces,
    jobs: async () => (await call<{ jobs: AdminJob[] }>('GET', 'jobs')).jobs,
    outcomes: async () => (await call<{ outcomes: AdminOutcome[] }>('GET', 'outcomes')).outcomes,
    books: async () => (await call<{ charges: BookedCharge[] }>('GET', 'books')).charges,
    job: (id) => call('GET', `jobs/${encodeURIComponent(id)}`),
    finishJob: (id) => call('POST', `jobs/${encodeURIComponent(id)}/finish`),
    cancelJob: (id) => call('POST', `jobs/${encodeURIComponent(id)}/cancel`),
    stickJob: (id) => call('POST', `jobs/${encodeURIComponent(id)}/stick`),
    stats: () => call('GET', 'stats'),
    webhooks: async () => (await call<{ deliveries: Delivery[] }>('GET', 'webhooks')).deliveries,
    reset: async () => void (await call('POST', 'reset')),
    restart: async (start) => (await call<{ key: string }>('POST', 'restart', start)).key,
  };
}
