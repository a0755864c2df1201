// Which QPNs the active QPs have, and seeded shuffles. Two layouts:
//   dense     - firstQpn, firstQpn+1, ... (one process creating QPs in order on a fresh NIC);
//   scattered - distinct QPNs drawn uniformly from [firstQpn, 2^24) (MODEL: many processes or VMs
//               creating and destroying QPs leave the live QPNs spread out; the public record does
//               not give real layouts). With a banked cache (set = low QPN bits) scattered QPNs
//               load the sets unevenly, so the knee starts before N = C, as the CX3 data shows
//               (the FaSST sweep: 88 QPs reach only 70% of peak) [sources: fasst, model-cache].
// The scattered list for N QPs is the first N of one seeded sequence, so a sweep's points are
// nested (the QPs at 88 are among those at 176) and curves do not jitter between points.
import { QPN_LIMIT } from './cacheTypes.ts';
import { Rng } from '../kit/rng.ts';

export type QpnLayout = 'dense' | 'scattered';

/** A well-mixed 31-bit seed for a named sub-stream (murmur3 finaliser over seed and tag). */
export function deriveSeed(seed: number, tag: number): number {
  let h = (seed ^ Math.imul(tag + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) & 0x7fffffff;
}

export function activeQpns(n: number, layout: QpnLayout, firstQpn: number, seed: number): Int32Array {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`qps must be a positive integer, got ${n}`);
  if (!Number.isInteger(firstQpn) || firstQpn < 0) throw new RangeError(`firstQpn must be a non-negative integer, got ${firstQpn}`);
  if (firstQpn + n > QPN_LIMIT) throw new RangeError(`qps ${n} from QPN ${firstQpn} overflows the 24-bit QPN space`);
  const out = new Int32Array(n);
  if (layout === 'dense') {
    for (let i = 0; i < n; i++) out[i] = firstQpn + i;
    return out;
  }
  if (n > (QPN_LIMIT - firstQpn) / 2) throw new RangeError(`scattered layout needs qps ≤ half the QPN space, got ${n}`);
  const taken = new Uint32Array(QPN_LIMIT / 32);
  const rng = new Rng(seed);
  for (let i = 0; i < n;) {
    const q = rng.int(firstQpn, QPN_LIMIT - 1);
    const bit = 1 << (q & 31);
    if (taken[q >>> 5] & bit) continue;
    taken[q >>> 5] |= bit;
    out[i++] = q;
  }
  return out;
}

/** Seeded Fisher-Yates permutation of 0..n-1. */
export function permutation(n: number, seed: number): Int32Array {
  const p = new Int32Array(n);
  for (let i = 0; i < n; i++) p[i] = i;
  const rng = new Rng(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
  return p;
}
