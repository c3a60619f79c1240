/** Emulator options: what `createEmulator` takes and what the CLI flags fill in. */
import type { FaultConfig } from './faults';
import type { ExtraData } from './world/extra';
import type { WorldSize } from './world';

export const DEMO_KEY = 'demo-key-sheet-enrich';

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. Admin endpoints answer loopback clients only, whatever the host. */
  host?: string;
  /** Valid API keys, one workspace each. Default: [DEMO_KEY] when `workspaces` is not given either. */
  keys?: string[];
  /**
   * Workspace id → its API keys: the keys of one workspace share its balance, its jobs and its search
   * memory (a team on one provider account). A key may not be in two workspaces, nor also in `keys`.
   */
  workspaces?: Record<string, string[]>;
  /** Starting balance of every workspace. Default 10,000. */
  credits?: number;
  /** How long a job takes from start to FINISHED. Default 3,000 ms. */
  jobMs?: number;
  /** Requests per "minute" per key; 0 disables the limit. Default 60. */
  rateLimit?: number;
  /** Seed of the world, the job ids and the faults. Default 1. */
  seed?: number;
  /** The length of a "minute" (rate-limit window, webhook retry delay). Default 60,000 ms. */
  minuteMs?: number;
  /** A fault spec (`5xx=0.1,429=0.05,latency=50-300,stuck=0.02`) or a config. */
  faults?: string | Partial<FaultConfig>;
  /** Extra people and companies (the `--data FILE` format, see README). */
  data?: ExtraData;
  /** Fewer companies / people than the default world, for tests that want a tiny one. */
  worldSize?: WorldSize;
  /** The clock; tests may inject one. Default Date.now. */
  now?: () => number;
  /**
   * A replayable emulator (the fuzzer's): the clock stands at this epoch ms instead (`now` is not
   * read), moved only by `POST /__admin/clock`, and a reset brings back that clock and the job ids.
   */
  clockAt?: number;
}

export type ResolvedOptions = Required<Omit<EmulatorOptions, 'faults' | 'data' | 'worldSize' | 'clockAt'>> &
  Pick<EmulatorOptions, 'faults' | 'data' | 'worldSize' | 'clockAt'>;

export function resolveOptions(options: EmulatorOptions): ResolvedOptions {
  const { clockAt } = options;
  return {
    port: 0,
    host: '127.0.0.1',
    // Teams given alone are all the keys: the demo key would be a stranger among them.
    keys: options.workspaces ? [] : [DEMO_KEY],
    workspaces: {},
    credits: 10_000,
    jobMs: 3_000,
    rateLimit: 60,
    seed: 1,
    minuteMs: 60_000,
    now: Date.now,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
    ...(clockAt === undefined ? {} : { now: () => clockAt }),
  };
}
