/**
 * Injected failures: `--faults 5xx=0.1,429=0.05,403=0.1,latency=50-300,stuck=0.02,lost=0.1`, and `down` from the
 * admin API. Draws come from the seed, so a run with the same requests fails the same way.
 */
import { createRandom, streamSeed, type Random } from './world/random';

export interface FaultConfig {
  /** Probability that an API request answers 500 or 503. */
  serverError: number;
  /** Probability that an API request answers 429. */
  rateLimit: number;
  /**
   * Probability that a job-result GET (a poll) answers 403: a gateway in front of the API refusing
   * it, though the key is valid and the job is the caller's (issue 28: "a gateway answers 403").
   */
  forbidden: number;
  /** Whether those 403s spare polls with forceResults (a gateway rule on the plain poll only). */
  forbiddenSparesForced: boolean;
  /** Added latency range in ms, [min, max]. */
  latencyMs: [number, number];
  /** Probability that a new job gets stuck halfway. */
  stuck: number;
  /**
   * Probability that a job start is processed (the job exists and will be charged) but its answer
   * is lost: half the time a 503 from the gateway, half the time a closed connection.
   */
  lostStart: number;
  /** Probability that a result item is malformed (see malformed.ts); any > 0 also sends credits as a string. */
  malformed: number;
  /** false; true: every API route answers 503; 'reset': connections are closed without an answer. */
  down: boolean | 'reset';
}

export const NO_FAULTS: FaultConfig = {
  serverError: 0,
  rateLimit: 0,
  forbidden: 0,
  forbiddenSparesForced: false,
  latencyMs: [0, 0],
  stuck: 0,
  lostStart: 0,
  malformed: 0,
  down: false,
};

const SPEC_KEYS: Readonly<Record<string, (config: FaultConfig, value: string) => void>> = {
  '5xx': (config, value) => (config.serverError = probability(value)),
  '429': (config, value) => (config.rateLimit = probability(value)),
  '403': (config, value) => {
    config.forbidden = probability(value);
    config.forbiddenSparesForced = false;
  },
  '403poll': (config, value) => {
    config.forbidden = probability(value);
    config.forbiddenSparesForced = true;
  },
  stuck: (config, value) => (config.stuck = probability(value)),
  lost: (config, value) => (config.lostStart = probability(value)),
  malformed: (config, value) => (config.malformed = probability(value)),
  latency: (config, value) => {
    const [min, max = min] = value.split('-').map(Number);
    if (
      !Number.isFinite(min) ||
      !Number.isFinite(max) ||
      (min as number) < 0 ||
      (max as number) < (min as number)
    ) {
      throw new Error(`latency must be MS or MIN-MAX, got "${value}"`);
    }
    config.latencyMs = [min as number, max as number];
  },
  down: (config, value) => (config.down = value === 'reset' ? 'reset' : value === 'true' || value === '1'),
};

function probability(value: string): number {
  const p = Number(value);
  if (!Number.isFinite(p) || p < 0 || p > 1)
    throw new Error(`a probability is between 0 and 1, got "${value}"`);
  return p;
}

/** Parses a fault spec on top of `base` (unnamed faults keep their value). Throws on a bad spec. */
export function parseFaults(spec: string, base: FaultConfig = NO_FAULTS): FaultConfig {
  const config: FaultConfig = { ...base, latencyMs: [...base.latencyMs] };
  for (const part of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim());
    const apply = SPEC_KEYS[name];
    if (!apply) throw new Error(`unknown fault "${name}" (known: ${Object.keys(SPEC_KEYS).join(', ')})`);
    apply(config, value);
  }
  return config;
}

export type FaultDecision =
  { kind: 'none' } | { kind: 'reset' } | { kind: 'status'; status: 429 | 500 | 503 };

export class Faults {
  private random: Random;

  constructor(
    public config: FaultConfig,
    private readonly seed: number,
  ) {
    this.random = createRandom(streamSeed(seed, 'faults'));
  }

  latency(): number {
    const [min, max] = this.config.latencyMs;
    return max <= 0 ? 0 : this.random.int(min, max);
  }

  /** What happens to the next API request. */
  decide(): FaultDecision {
    if (this.config.down === 'reset') return { kind: 'reset' };
    if (this.config.down) return { kind: 'status', status: 503 };
    if (this.config.serverError > 0 && this.random.chance(this.config.serverError)) {
      return { kind: 'status', status: this.random.chance(0.5) ? 500 : 503 };
    }
    if (this.config.rateLimit > 0 && this.random.chance(this.config.rateLimit))
      return { kind: 'status', status: 429 };
    return { kind: 'none' };
  }

  /** Is this job-result GET refused with a 403 (after authentication, before the job is looked up)? */
  forbidsResult(forced: boolean): boolean {
    if (this.config.forbidden <= 0 || (forced && this.config.forbiddenSparesForced)) return false;
    return this.random.chance(this.config.forbidden);
  }

  /** After a job was created: is its answer lost, and how? */
  lostAnswer(): 'none' | 'reset' | 'status' {
    if (this.config.lostStart <= 0 || !this.random.chance(this.config.lostStart)) return 'none';
    return this.random.chance(0.5) ? 'reset' : 'status';
  }

  shouldStick(): boolean {
    return this.config.stuck > 0 && this.random.chance(this.config.stuck);
  }

  reset(config: FaultConfig): void {
    this.config = config;
    this.random = createRandom(streamSeed(this.seed, 'faults'));
  }
}
