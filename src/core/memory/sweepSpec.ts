// Validation of a sweep specification, with messages that name the bad field.
import { validateCacheConfig } from './cacheConfig.ts';
import type { CacheConfig } from './cacheTypes.ts';
import type { QpnLayout } from './qpnLayout.ts';
import { tableGeometry, type QpTableConfig } from './tableGeometry.ts';
import { validateTiming, type TimingConfig } from './timing.ts';
import { validateTraffic, type TrafficPattern } from './traffic.ts';

/** One sweep point's setup: the cache, timing, table and traffic, and how many packets to measure. */
export interface SweepSpec {
  cache: CacheConfig;
  timing: TimingConfig;
  table: QpTableConfig;
  traffic: { pattern: TrafficPattern; layout?: QpnLayout; firstQpn?: number; writeFraction?: number };
  /** Measured packets per point. */
  packets: number;
  /** Packets before measuring; default: enough to fill the cache and reach steady state. */
  warmup?: number;
  seed: number;
  /** > 0: each packet leaves its QP in flight for this many later packets, then a completion
   *  packet touches the context again (so in-flight QPs meet evictions; see cache inFlight). */
  inFlightWindow?: number;
}

export const MAX_SWEEP_QPS = 4_000_000;
export const MAX_SWEEP_PACKETS = 50_000_000;

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

export function validateSweepSpec(spec: SweepSpec, qps: number): string | null {
  if (!isInt(qps) || qps < 1 || qps > MAX_SWEEP_QPS) return `qps must be an integer in 1..${MAX_SWEEP_QPS}, got ${qps}`;
  if (!spec || typeof spec !== 'object') return 'sweep spec must be an object';
  const c = validateCacheConfig(spec.cache);
  if (c) return c;
  const t = validateTiming(spec.timing);
  if (t) return t;
  try { tableGeometry(spec.table); } catch (e) { return (e as Error).message; }
  const tr = validateTraffic({ ...spec.traffic, qps, seed: spec.seed });
  if (tr) return tr;
  if (!isInt(spec.packets) || spec.packets < 0 || spec.packets > MAX_SWEEP_PACKETS) return `packets must be an integer in 0..${MAX_SWEEP_PACKETS}, got ${spec.packets}`;
  if (spec.warmup !== undefined && (!isInt(spec.warmup) || spec.warmup < 0 || spec.warmup > MAX_SWEEP_PACKETS)) return `warmup must be an integer in 0..${MAX_SWEEP_PACKETS}, got ${spec.warmup}`;
  if (!isInt(spec.seed)) return `seed must be an integer, got ${spec.seed}`;
  const w = spec.inFlightWindow;
  if (w !== undefined && (!isInt(w) || w < 0 || w > 4096)) return `inFlightWindow must be an integer in 0..4096, got ${w}`;
  const first = spec.traffic.firstQpn ?? 16;
  if (first + qps > 1 << 24) return `qps ${qps} from QPN ${first} does not fit the 24-bit QPN space`;
  return null;
}
