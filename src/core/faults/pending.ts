// The faulted QPs waiting for a NIC's error engine, ordered by the arbitration policy. Plain
// data (typed arrays and numbers) so checkpoints can deep-copy it; O(log n) per push and pop.
//
//  fifo           (detection time, QPN)                        — what every real driver shows;
//                 MODEL (claim fifo-ties): ties in the same ns go by QPN, ascending
//  priority       (−class priority, detection time, QPN)       — strict priority by class
//  oldest-first   (post time of the oldest outstanding WR, detection time, QPN)
//  round-robin    one QP from each class that has any waiting, in class order (the next class
//                 after the last one served, wrapping); FIFO inside a class. Round-robin among
//                 queues, as an arbiter among tenants would do it: by QPN it would equal FIFO
//                 whenever failures arrive in QPN order, which per-QP retry timers make them do.
//  weighted-fair  stride scheduling over per-class FIFOs: each service advances the class's
//                 pass by STRIDE / weight; the class with the lowest pass goes next
// The four alternatives to FIFO are hardware design options (claims.ts policies-are-alternatives).
import type { PolicyName } from '../model/stormSchema.ts';

export interface KHeap { n: number; k1: Float64Array; k2: Float64Array; k3: Float64Array; v: Int32Array }

export interface Pending {
  policy: PolicyName;
  size: number;
  main: KHeap;
  /** Unused since round-robin went by class (kept so old checkpoints keep their shape). */
  behind: KHeap;
  /** round-robin: the class served last (-1 before any). */
  cursor: number;
  perClass: KHeap[];
  pass: number[];
  vt: number;
}

export const STRIDE = 1 << 20;
const CLASSES = 16;

function heap(cap = 16): KHeap {
  return { n: 0, k1: new Float64Array(cap), k2: new Float64Array(cap), k3: new Float64Array(cap), v: new Int32Array(cap) };
}

export function newPending(policy: PolicyName): Pending {
  return {
    policy, size: 0, main: heap(), behind: heap(), cursor: -1,
    perClass: policy === 'weighted-fair' || policy === 'round-robin' ? Array.from({ length: CLASSES }, () => heap(4)) : [],
    pass: new Array<number>(CLASSES).fill(0), vt: 0,
  };
}

function less(h: KHeap, i: number, a: number, b: number, c: number): boolean {
  const x = h.k1[i];
  if (x !== a) return x < a;
  const y = h.k2[i];
  if (y !== b) return y < b;
  return h.k3[i] < c;
}

function hpush(h: KHeap, a: number, b: number, c: number, v: number): void {
  if (h.n === h.v.length) {
    const cap = h.n * 2;
    const g = (x: Float64Array) => { const y = new Float64Array(cap); y.set(x); return y; };
    h.k1 = g(h.k1); h.k2 = g(h.k2); h.k3 = g(h.k3);
    const nv = new Int32Array(cap); nv.set(h.v); h.v = nv;
  }
  let i = h.n++;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (less(h, p, a, b, c)) break;
    h.k1[i] = h.k1[p]; h.k2[i] = h.k2[p]; h.k3[i] = h.k3[p]; h.v[i] = h.v[p];
    i = p;
  }
  h.k1[i] = a; h.k2[i] = b; h.k3[i] = c; h.v[i] = v;
}

function hpop(h: KHeap): number {
  const top = h.v[0];
  const last = --h.n;
  if (last > 0) {
    const a = h.k1[last], b = h.k2[last], c = h.k3[last], v = h.v[last];
    let i = 0;
    for (;;) {
      let m = 2 * i + 1;
      if (m >= last) break;
      if (m + 1 < last && less(h, m + 1, h.k1[m], h.k2[m], h.k3[m])) m++;
      if (!less(h, m, a, b, c)) break;
      h.k1[i] = h.k1[m]; h.k2[i] = h.k2[m]; h.k3[i] = h.k3[m]; h.v[i] = h.v[m];
      i = m;
    }
    h.k1[i] = a; h.k2[i] = b; h.k3[i] = c; h.v[i] = v;
  }
  return top;
}

/** What a waiting QP is ordered by. */
export interface PendingKey { detectAt: number; qpn: number; priority: number; oldest: number; cls: number }

export function pushPending(p: Pending, slot: number, k: PendingKey): void {
  p.size++;
  switch (p.policy) {
    case 'fifo': return hpush(p.main, k.detectAt, k.qpn, 0, slot);
    case 'priority': return hpush(p.main, -k.priority, k.detectAt, k.qpn, slot);
    case 'oldest-first': return hpush(p.main, k.oldest, k.detectAt, k.qpn, slot);
    case 'round-robin': return hpush(p.perClass[k.cls], k.detectAt, k.qpn, 0, slot);
    case 'weighted-fair': {
      const q = p.perClass[k.cls];
      // A class that was idle re-enters at the current virtual time: no credit for idling.
      if (q.n === 0) p.pass[k.cls] = Math.max(p.pass[k.cls], p.vt);
      return hpush(q, k.detectAt, k.qpn, 0, slot);
    }
  }
}

/** Next slot to service, or -1. `weights[c]` is class c's weight (weighted-fair only). */
export function popPending(p: Pending, weights: readonly number[]): number {
  if (p.size === 0) return -1;
  p.size--;
  switch (p.policy) {
    case 'round-robin': {
      const n = p.perClass.length;
      for (let i = 1; i <= n; i++) {
        const c = (((p.cursor + i) % n) + n) % n;
        if (p.perClass[c].n > 0) { p.cursor = c; return hpop(p.perClass[c]); }
      }
      return -1; // unreachable: size > 0 means some class waits
    }
    case 'weighted-fair': {
      let best = -1;
      for (let c = 0; c < p.perClass.length; c++) {
        if (p.perClass[c].n > 0 && (best < 0 || p.pass[c] < p.pass[best])) best = c;
      }
      p.vt = p.pass[best];
      p.pass[best] += STRIDE / Math.max(1, weights[best] ?? 1);
      return hpop(p.perClass[best]);
    }
    default: return hpop(p.main);
  }
}

/** Every waiting slot (any order): to rebuild under another policy. */
export function pendingSlots(p: Pending): number[] {
  const out: number[] = [];
  const take = (h: KHeap) => { for (let i = 0; i < h.n; i++) out.push(h.v[i]); };
  take(p.main); take(p.behind);
  for (const h of p.perClass) take(h);
  return out;
}
