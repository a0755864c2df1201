// The work and memory budget of one run. A scenario that passes validation can still ask for
// more than a machine gives (a flood of posts for seconds of simulated time, completions piling
// up in CQs nobody polls): the budget stops such a run cleanly, at a deterministic step, with
// one line saying why, instead of an out-of-memory crash or a stack trace.
//
// Work is counted in steps (one scheduled item or one command) from t = 0 along the current
// timeline: a checkpoint keeps the count, so a replay stops at exactly the step a fresh run
// stops at. Memory is an estimate of the model's state in bytes, taken every
// MEMORY_CHECK_STEPS steps (absolute multiples, so replays check at the same steps too).
import type { World } from '../world/world.ts';

/** Steps a run may take from t = 0 (≈ 2–3 minutes of one core for the transport engine). */
export const DEFAULT_MAX_STEPS = 50_000_000;
/** Estimated bytes the model's state may hold (the trace window not included: it is bounded by itself). */
export const DEFAULT_MAX_BYTES = 1 << 30;
/** Events the trace keeps in memory by default (≈ 17 MB at the measured ≈ 165 B per event). */
export const DEFAULT_TRACE_KEEP = 100_000;
export const MEMORY_CHECK_STEPS = 1 << 16;

/**
 * Bytes per structure, measured in Node 20 with `process.memoryUsage()` after a full GC
 * (heapUsed + arrayBuffers over 100k–500k instances): a receive WQE 77, a send WQE with its
 * share of packets in flight 249, an event with its cause link 165, a context-cache entry 53.
 * The others are the same kind of plain object and are estimated from their field counts.
 */
const B = { recv: 80, send: 250, cqe: 96, item: 120, runtime: 700, qp: 120, mr: 400, command: 200, resp: 100 } as const;

export interface StateBytes {
  total: number;
  /** The largest part, in words (what a stop message names). */
  largest: { what: string; bytes: number; count: number };
}

/** The model's state in estimated bytes, and its largest part. */
export function stateBytes(w: World): StateBytes {
  let sends = 0, recvs = 0, resp = 0, cqes = 0;
  w.rt.each((r) => { sends += r.sq.length; recvs += r.rq.length; resp += r.reads.length + r.res.length; });
  for (const q of w.srqs) recvs += q.wqes.length;
  for (const h of w.hosts) for (const c of h.cqs) cqes += c.entries.length;
  const parts = [
    { what: 'send WQEs queued', count: sends, bytes: sends * B.send },
    { what: 'receive WQEs posted', count: recvs, bytes: recvs * B.recv },
    { what: 'completions waiting unpolled in CQs', count: cqes, bytes: cqes * B.cqe },
    { what: 'scheduled work items (packets in flight, timers)', count: w.heap.size, bytes: w.heap.size * B.item },
    { what: 'per-QP runtime records', count: w.rt.size, bytes: w.rt.size * B.runtime + resp * B.resp },
    { what: 'QPs', count: w.qps.n, bytes: w.qps.n * B.qp },
    { what: 'memory regions', count: w.mrs.length, bytes: w.mrs.length * B.mr },
    { what: 'recorded commands', count: w.commands.length, bytes: w.commands.length * B.command },
  ];
  let total = 0;
  let largest = parts[0];
  for (const p of parts) { total += p.bytes; if (p.bytes > largest.bytes) largest = p; }
  return { total, largest };
}

export type StopReason = 'work' | 'memory';

/** Why and where a run stopped. `message` is one line, for a person. */
export interface Stopped { reason: StopReason; t: number; steps: number; message: string }

/** Thousands separated by commas (no Intl: the core does not depend on locale data). */
const n = (x: number) => String(Math.round(x)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const mb = (x: number) => `${n(Math.round(x / (1 << 20)))} MB`;

export function stopMessage(reason: StopReason, t: number, limit: number, state?: StateBytes): string {
  const at = `the run stopped at ${n(t)} ns`;
  if (reason === 'work' || !state) return `${at}: it used its ${reason} budget of ${reason === 'work' ? `${n(limit)} steps` : mb(limit)}`;
  const l = state.largest;
  return `${at}: the model's state passed its memory budget of ${mb(limit)} (about ${mb(state.total)}; the most: ${n(l.count)} ${l.what})`;
}
