// The interleaving explorer: up to 6 QPs fail in the same instant. In which order does the
// hardware detect them? No public source says: firmware writes its EQEs in an order no driver
// code shows [sources: eq-order, model-faults], so every order is possible. For each order this runs the channel — error engine under
// the policy, the async EQ (size, budget, overrun preset), the driver's FIFO with its QUERY_QP —
// and records what software sees; orders with the same visible outcome are grouped, and any
// single order can be stepped through. Pure: the same rules as engine.ts and eq.ts, in miniature.
import type { ClassSpec, PolicyName } from '../model/stormSchema.ts';
import type { OverrunMode } from './presets.ts';
import { newPending, popPending, pushPending } from './pending.ts';

export interface ExplorerFault { qpn: number; cls?: number; /** its context is not cached: the engine fetches it */ miss?: boolean }

export interface ExplorerInput {
  faults: readonly ExplorerFault[];
  policy: PolicyName;
  classes?: readonly ClassSpec[];
  /** EQ slots (after spare entries and rounding), entries already in use, handler budget. */
  eqSize: number;
  eqUsed?: number;
  budget: number;
  overrun: OverrunMode;
  serviceNs?: number;
  fetchNs?: number;
  irqNs?: number;
  eqeNs?: number;
  queryNs?: number;
}

export interface ExplorerStep { t: number; what: 'detect' | 'service' | 'eqe' | 'overrun' | 'device-fatal' | 'irq' | 'consume' | 'query' | 'report'; qpn?: number; eqUsed: number }
export interface Outcome { reported: number[]; reportNs: number[]; lost: number[]; deviceFatal: boolean }
export interface OutcomeGroup extends Outcome { key: string; count: number; orders: number[][] }

export const MAX_EXPLORER_FAULTS = 6;

/** Every order of `xs` (Heap's algorithm), deterministic. */
export function permutations<T>(xs: readonly T[]): T[][] {
  const a = [...xs];
  const out: T[][] = [a.slice()];
  const c = new Array<number>(a.length).fill(0);
  let i = 0;
  while (i < a.length) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i];
      [a[j], a[i]] = [a[i], a[j]];
      out.push(a.slice());
      c[i]++;
      i = 0;
    } else { c[i] = 0; i++; }
  }
  return out;
}

/** Run the channel for one detection order (QPNs); returns the steps and the visible outcome. */
export function stepThrough(input: ExplorerInput, order: readonly number[]): { steps: ExplorerStep[]; outcome: Outcome } {
  const s = { service: input.serviceNs ?? 500, fetch: input.fetchNs ?? 600, irq: input.irqNs ?? 2000, eqe: input.eqeNs ?? 100, query: input.queryNs ?? 10_000 };
  const byQpn = new Map(input.faults.map((f) => [f.qpn, f]));
  const classes = input.classes ?? [];
  const steps: ExplorerStep[] = [];
  let used = input.eqUsed ?? 0;
  const log = (t: number, what: ExplorerStep['what'], qpn?: number) => steps.push({ t, what, qpn, eqUsed: used });
  // Detection at t = 0 in this order: FIFO sees the order itself (ranks stand for sub-ns times).
  const pending = newPending(input.policy);
  order.forEach((qpn, rank) => {
    const f = byQpn.get(qpn);
    if (!f) return;
    const cls = f.cls ?? 0;
    pushPending(pending, qpn, { detectAt: rank, qpn, priority: classes[cls]?.priority ?? 0, oldest: 0, cls });
    log(0, 'detect', qpn);
  });
  // The error engine writes EQEs at these times, in this order.
  const weights = classes.map((c) => c.weight);
  const writes: { t: number; qpn: number }[] = [];
  let t = 0;
  for (let q = popPending(pending, weights); q >= 0; q = popPending(pending, weights)) {
    log(t, 'service', q);
    t += s.service + (byQpn.get(q)?.miss ? s.fetch : 0);
    writes.push({ t, qpn: q });
  }
  // The EQ, its interrupt and the driver's FIFO, event by event in time order.
  const lost: number[] = [];
  const reported: number[] = [];
  const reportNs: number[] = [];
  const eq: number[] = [];
  let dead = false;
  let irqAt = -1;
  let driverFree = 0;
  let w = 0;
  const consumeAt = (at: number) => {
    const n = Math.min(input.budget, eq.length);
    const done = at + n * s.eqe;
    const batch = eq.splice(0, n);
    used -= n;
    log(done, 'consume');
    for (const q of batch) {
      const start = Math.max(done, driverFree);
      log(start, 'query', q);
      driverFree = start + s.query;
      reported.push(q); reportNs.push(driverFree);
      log(driverFree, 'report', q);
    }
    irqAt = eq.length > 0 ? done + s.irq : -1;
  };
  while (w < writes.length || (irqAt >= 0 && !dead)) {
    const next = w < writes.length ? writes[w].t : Infinity;
    if (irqAt >= 0 && irqAt <= next && !dead) { log(irqAt, 'irq'); consumeAt(irqAt); continue; }
    const { qpn } = writes[w++];
    if (dead) { lost.push(qpn); continue; }
    if (used >= input.eqSize) {
      log(next, 'overrun', qpn);
      lost.push(qpn);
      if (input.overrun !== 'report-continue') { dead = true; log(next, 'device-fatal'); }
      continue;
    }
    eq.push(qpn); used++;
    log(next, 'eqe', qpn);
    if (irqAt < 0) irqAt = next + s.irq;
  }
  if (dead) for (const q of eq) lost.push(q);
  steps.sort((a, b) => a.t - b.t);
  // After a fatal overrun, DEVICE_FATAL reaches software and covers every QP: none is lost.
  return { steps, outcome: { reported, reportNs, lost: dead ? [] : lost.sort((a, b) => a - b), deviceFatal: dead } };
}

/** Every detection order, grouped by what software sees. */
export function exploreInterleavings(input: ExplorerInput, keepOrders = 6): { orders: number; groups: OutcomeGroup[] } {
  if (input.faults.length > MAX_EXPLORER_FAULTS) throw new RangeError(`at most ${MAX_EXPLORER_FAULTS} simultaneous faults (got ${input.faults.length})`);
  if (new Set(input.faults.map((f) => f.qpn)).size !== input.faults.length) throw new RangeError('each fault needs its own QPN');
  const perms = permutations(input.faults.map((f) => f.qpn));
  const groups = new Map<string, OutcomeGroup>();
  for (const order of perms) {
    const { outcome } = stepThrough(input, order);
    const key = `${outcome.deviceFatal ? 'fatal' : ''}|${outcome.reported.join(',')}|${outcome.lost.join(',')}`;
    let g = groups.get(key);
    if (!g) { g = { key, count: 0, orders: [], ...outcome }; groups.set(key, g); }
    g.count++;
    if (g.orders.length < keepOrders) g.orders.push(order);
  }
  return { orders: perms.length, groups: [...groups.values()].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1)) };
}
