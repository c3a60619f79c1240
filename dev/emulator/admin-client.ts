/** A typed client of the admin endpoints (/__admin/...), for tests and tools. */
import type { FaultConfig } from './faults';
import type { SearchKind } from './search-billing';
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
  stuck: boolean;
  created_at: string;
}

export interface AdminStats {
  /** "METHOD /route/pattern" → status → count. */
  requests: Record<string, Record<string, number>>;
  total_requests: number;
  credits_spent: number;
  jobs: { total: number; by_status: Record<string, number> };
  webhooks: { pending: number; delivered: number; failed: number };
  /** People charged (per kind of job), those charged in more than one job, and the cost of charging each once. */
  charges: { persons: number; charged_twice: number; credits_once: number };
  /** Company and people searches added up, and per kind. `credits_spent` includes their credits. */
  search: SearchCounters & { by_kind: Record<SearchKind, SearchCounters> };
}

export interface AdminClient {
  config(patch: AdminConfigPatch): Promise<{ config: Record<string, number>; faults: FaultConfig }>;
  /** Sets the balance of one key's workspace, or of all workspaces. */
  setCredits(balance: number, key?: string): Promise<void>;
  jobs(): Promise<AdminJob[]>;
  job(id: string): Promise<AdminJob>;
  finishJob(id: string): Promise<AdminJob>;
  cancelJob(id: string): Promise<AdminJob>;
  stickJob(id: string): Promise<AdminJob>;
  stats(): Promise<AdminStats>;
  webhooks(): Promise<Delivery[]>;
  reset(): Promise<void>;
}

export function adminClient(baseUrl: string): AdminClient {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/__admin/${path}`, {
      method,
      ...(method === 'POST'
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }
        : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`admin ${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    config: (patch) => call('POST', 'config', patch),
    setCredits: async (balance, key) =>
      void (await call('POST', 'credits', { balance, ...(key ? { key } : {}) })),
    jobs: async () => (await call<{ jobs: AdminJob[] }>('GET', 'jobs')).jobs,
    job: (id) => call('GET', `jobs/${encodeURIComponent(id)}`),
    finishJob: (id) => call('POST', `jobs/${encodeURIComponent(id)}/finish`),
    cancelJob: (id) => call('POST', `jobs/${encodeURIComponent(id)}/cancel`),
    stickJob: (id) => call('POST', `jobs/${encodeURIComponent(id)}/stick`),
    stats: () => call('GET', 'stats'),
    webhooks: async () => (await call<{ deliveries: Delivery[] }>('GET', 'webhooks')).deliveries,
    reset: async () => void (await call('POST', 'reset')),
  };
}
