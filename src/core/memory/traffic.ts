// Seeded traffic generators: which active QP each packet belongs to. Index space 0..N-1 maps to
// QPNs through the layout (qpnLayout.ts); patterns pick indices:
//   uniform - each packet a uniformly random active QP (FaSST rc-swarm: "picks a uniformly
//             random QP for each operation", efficient/rdma_bench rc-swarm README) [sources: fasst];
//   zipf    - Zipf(s) over the QPs, ranks scattered over QPNs by a seeded permutation;
//   hotset  - hotFraction of packets go to a hot set of hotSize QPs that moves to fresh QPs every
//             shiftEvery packets, the rest uniform;
//   scan    - a cyclic sequential sweep over all N QPs, optionally mixed with a hot set (the
//             workload that breaks LRU and that 2Q resists);
//   incast  - epochs in which fanIn random QPs each send a burst, interleaved round-robin.
import { Rng } from '../kit/rng.ts';
import { activeQpns, deriveSeed, permutation, type QpnLayout } from './qpnLayout.ts';
import { ZipfAlias } from './zipf.ts';

export type TrafficPattern =
  | { kind: 'uniform' }
  | { kind: 'zipf'; s: number }
  | { kind: 'hotset'; hotSize: number; hotFraction: number; shiftEvery: number }
  | { kind: 'scan'; hotSize?: number; hotFraction?: number }
  | { kind: 'incast'; fanIn: number; burst: number };

export interface TrafficConfig {
  pattern: TrafficPattern;
  qps: number;
  seed: number;
  layout?: QpnLayout; // default 'dense'
  firstQpn?: number; // default 16: the engine's QPNs start at 16 (rxe_param.h: QP index range 16..0x20000) [sources: qpn-alloc]
  /** Share of packets that update hardware fields of the context (dirty). RC: every one (1). */
  writeFraction?: number;
}

export interface TrafficSnapshot {
  cfg: TrafficConfig;
  rng: number[];
  cursor: number;
  epochPos: number;
  group: Int32Array;
  packets: number;
}

const TAG_LAYOUT = 1;
const TAG_PERM = 2;
const TAG_DRAW = 3;

export function validateTraffic(cfg: TrafficConfig): string | null {
  const p = cfg.pattern;
  const n = cfg.qps;
  if (!Number.isInteger(n) || n < 1) return `qps must be a positive integer, got ${n}`;
  if (cfg.writeFraction !== undefined && !(cfg.writeFraction >= 0 && cfg.writeFraction <= 1)) return `writeFraction must be in [0, 1], got ${cfg.writeFraction}`;
  const frac = (x: number | undefined, name: string) => (x !== undefined && !(x >= 0 && x <= 1) ? `${name} must be in [0, 1], got ${x}` : null);
  const size = (x: number | undefined, name: string, min: number) =>
    x !== undefined && !(Number.isInteger(x) && x >= min && x <= n) ? `${name} must be an integer in ${min}..qps (${n}), got ${x}` : null;
  switch (p?.kind) {
    case 'uniform': return null;
    case 'zipf': return !(p.s >= 0 && p.s <= 10) ? `zipf s must be in [0, 10], got ${p.s}` : null;
    case 'hotset': return size(p.hotSize, 'hotSize', 1) ?? frac(p.hotFraction, 'hotFraction')
      ?? (!(Number.isInteger(p.shiftEvery) && p.shiftEvery >= 1) ? `shiftEvery must be a positive integer, got ${p.shiftEvery}` : null);
    case 'scan': return size(p.hotSize, 'hotSize', 0) ?? frac(p.hotFraction, 'hotFraction');
    case 'incast': return size(p.fanIn, 'fanIn', 1)
      ?? (!(Number.isInteger(p.burst) && p.burst >= 1) ? `burst must be a positive integer, got ${p.burst}` : null);
    default: return `pattern.kind must be uniform, zipf, hotset, scan or incast, got ${String((p as { kind?: unknown })?.kind)}`;
  }
}

export class Traffic {
  /** Index → QPN of the active QPs. */
  readonly qpns: Int32Array;
  private readonly perm: Int32Array | null;
  private readonly zipf: ZipfAlias | null;
  private rng: Rng;
  private readonly writeFraction: number;
  private cursor = 0; // scan position, hot-set offset or incast packet-in-epoch
  private epochPos = 0; // packets since the hot set last moved
  private group: Int32Array;
  private readonly swaps: Int32Array;
  /** Packets generated so far. */
  packets = 0;
  /** Whether the last packet from next() writes hardware-updated fields. */
  write = true;

  constructor(private readonly cfg: TrafficConfig) {
    const err = validateTraffic(cfg);
    if (err) throw new RangeError(err);
    const n = cfg.qps;
    this.qpns = activeQpns(n, cfg.layout ?? 'dense', cfg.firstQpn ?? 16, deriveSeed(cfg.seed, TAG_LAYOUT));
    const k = cfg.pattern.kind;
    this.perm = k === 'uniform' ? null : permutation(n, deriveSeed(cfg.seed, TAG_PERM));
    this.zipf = cfg.pattern.kind === 'zipf' ? new ZipfAlias(n, cfg.pattern.s) : null;
    this.rng = new Rng(deriveSeed(cfg.seed, TAG_DRAW));
    this.writeFraction = cfg.writeFraction ?? 1;
    this.group = new Int32Array(cfg.pattern.kind === 'incast' ? cfg.pattern.fanIn : 0);
    this.swaps = new Int32Array(this.group.length);
  }

  get config(): TrafficConfig {
    return this.cfg;
  }

  /** Index (0..N-1) of the next packet's QP. */
  /** The permutation of QPs the skewed patterns draw from (built by the constructor for them). */
  private get order(): Int32Array {
    if (!this.perm) throw new Error('traffic: this pattern has no QP permutation');
    return this.perm;
  }

  private zipfOf() {
    if (!this.zipf) throw new Error('traffic: not a zipf pattern');
    return this.zipf;
  }

  nextIndex(): number {
    const p = this.cfg.pattern;
    const n = this.cfg.qps;
    this.packets++;
    switch (p.kind) {
      case 'uniform':
        return this.rng.int(0, n - 1);
      case 'zipf':
        return this.order[this.zipfOf().sample(this.rng.float())];
      case 'hotset': {
        if (++this.epochPos > p.shiftEvery) { this.epochPos = 1; this.cursor = (this.cursor + p.hotSize) % n; }
        if (this.rng.float() < p.hotFraction) return this.order[(this.cursor + this.rng.int(0, p.hotSize - 1)) % n];
        return this.rng.int(0, n - 1);
      }
      case 'scan': {
        const hot = p.hotSize ?? 0;
        if (hot > 0 && this.rng.float() < (p.hotFraction ?? 0)) return this.order[this.rng.int(0, hot - 1)];
        const i = this.cursor;
        this.cursor = i + 1 === n ? 0 : i + 1;
        return i;
      }
      case 'incast': {
        const k = this.cursor;
        if (k === 0) this.newGroup(p.fanIn);
        this.cursor = k + 1 === p.fanIn * p.burst ? 0 : k + 1;
        return this.group[k % p.fanIn];
      }
    }
  }

  /** QPN of the next packet; sets `write`. */
  next(): number {
    const q = this.qpns[this.nextIndex()];
    const wf = this.writeFraction;
    this.write = wf >= 1 ? true : wf <= 0 ? false : this.rng.float() < wf;
    return q;
  }

  /** fanIn distinct QPs: a partial Fisher-Yates over `perm`, undone afterwards (perm stays fixed). */
  private newGroup(fanIn: number): void {
    const perm = this.order;
    const n = this.cfg.qps;
    const swaps = this.swaps;
    for (let i = 0; i < fanIn; i++) {
      const j = this.rng.int(i, n - 1);
      swaps[i] = j;
      const t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
      this.group[i] = perm[i];
    }
    for (let i = fanIn - 1; i >= 0; i--) {
      const j = swaps[i];
      const t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
  }

  snapshot(): TrafficSnapshot {
    return { cfg: this.cfg, rng: this.rng.state(), cursor: this.cursor, epochPos: this.epochPos, group: this.group.slice(), packets: this.packets };
  }

  static restore(s: TrafficSnapshot): Traffic {
    const t = new Traffic(s.cfg);
    t.rng = new Rng(s.rng);
    t.cursor = s.cursor;
    t.epochPos = s.epochPos;
    t.group = s.group.slice();
    t.packets = s.packets;
    return t;
  }
}
