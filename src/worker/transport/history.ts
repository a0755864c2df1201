// Reading and moving through what happened: step back one event instant, jump to the previous
// or next event of a kind, the causal chain of an event, a window of the full log (filtered and
// searched here, where the events are), and the trace as JSON or CSV. Every move is a seek on
// the Timeline, i.e. restore-a-checkpoint-and-replay, so the result equals a fresh run.
//
// The trace keeps only a window of its newest events. The log, the search and the exports say
// how much of the run they hold; the why? chain stops at the window's start and says so; step
// back and the backward jump look further back than the window by restoring an earlier
// checkpoint and replaying, which regenerates the events there.
import type { SimEvent } from '../../core/index.ts';
import type { Timeline } from './timeline.ts';

export interface LogQuery {
  /** Event kinds to show (null: all). */
  kinds: string[] | null;
  /** Only events that concern this QP (packets count for both ends). */
  qp: { host: number; qpn: number } | null;
  /** Case-insensitive text matched against the event's kind, QP (A·0x100) and field values. */
  text: string;
  offset: number;
  limit: number;
}

export interface LogRow { i: number; e: SimEvent }
/** `count`: events since t = 0; `from`: the oldest one still kept (earlier ones left the window). */
export interface LogPage { total: number; offset: number; rows: LogRow[]; count: number; from: number }
/** `cut` on the last link: its cause left the trace window, so the chain stops short of its root. */
export interface WhyLink { i: number; e: SimEvent; cut?: true }

/** How far back step back and the backward jump replay, in engine steps, before they give up. */
const LOOK_BACK_STEPS = 4_000_000;

const hex = (n: number) => `0x${n.toString(16)}`;
const letter = (h: number) => String.fromCharCode(65 + h);

/** What a text search reads of an event: its kind, where it happened, and every field value. */
export function searchText(e: SimEvent): string {
  const parts: string[] = [e.kind];
  const r: Record<string, unknown> = { ...e };
  if (typeof r.host === 'number') parts.push(`host ${letter(r.host)}`, typeof r.qpn === 'number' ? `${letter(r.host)}·${hex(r.qpn)}` : '');
  if (e.kind === 'pkt') parts.push(`${letter(e.src)}·${hex(e.srcQpn)}`, `${letter(e.dst)}·${hex(e.dstQpn)}`);
  if (typeof r.wrId === 'number') parts.push(`wr_id ${r.wrId}`);
  for (const [k, v] of Object.entries(r)) {
    if (k === 't' || k === 'kind') continue;
    if (typeof v === 'string') parts.push(v);
    else if (Array.isArray(v)) parts.push(v.join(' '));
    else if (typeof v === 'number' && (k === 'qpn' || k.endsWith('Qpn') || k === 'victim')) parts.push(hex(v));
  }
  return parts.join(' ').toLowerCase();
}

function concerns(e: SimEvent, host: number, qpn: number): boolean {
  if (e.kind === 'pkt') return (e.src === host && e.srcQpn === qpn) || (e.dst === host && e.dstQpn === qpn);
  const r = e as { host?: number; qpn?: number };
  return r.host === host && r.qpn === qpn;
}

export class History {
  private cache: { key: string; count: number; matches: number[] } | null = null;

  constructor(private readonly tl: () => Timeline) {}

  private get sim() { return this.tl().sim; }

  /**
   * The instant to go back to: the previous instant at which something happened, before the
   * latest event at or before now. -1 when nothing earlier exists. When the window holds no
   * such instant, the timeline looks further back (restore an earlier checkpoint and replay).
   */
  backTarget(): number {
    const tl = this.tl();
    const ev = tl.sim.events();
    const now = tl.now;
    let k = ev.length - 1;
    while (k >= 0 && ev[k].t > now) k--;
    const latest = k >= 0 ? ev[k].t : tl.sim.eventsFrom() > 0 ? tl.lookBack((e) => e.t <= now, now, LOOK_BACK_STEPS) : null;
    if (latest === null) return -1;
    while (k >= 0 && ev[k].t >= latest) k--;
    if (k >= 0) return ev[k].t;
    const earlier = tl.sim.eventsFrom() > 0 ? tl.lookBack((e) => e.t < latest, latest, LOOK_BACK_STEPS) : null;
    return earlier ?? (latest > 0 ? 0 : -1);
  }

  /** Time of the previous (dir -1, strictly before now) or next (dir 1, strictly after) event of `kind`; null if none. */
  find(kind: string, dir: -1 | 1): number | null {
    const tl = this.tl();
    const ev = tl.sim.events();
    const now = tl.now;
    if (dir < 0) {
      for (let k = ev.length - 1; k >= 0; k--) if (ev[k].kind === kind && ev[k].t < now) return ev[k].t;
      if (tl.sim.eventsFrom() === 0) return null;
      return tl.lookBack((e) => e.kind === kind && e.t < now, ev.length > 0 ? Math.min(ev[0].t, now) : now, LOOK_BACK_STEPS);
    }
    // Forward: the future is not kept after a seek, so simulate on until one appears.
    const start = now;
    let from = tl.sim.eventsFrom() + ev.length;
    for (let guard = 0; guard < 10_000 && tl.now < tl.end && !tl.sim.stopped; guard++) {
      tl.advance(Math.min(tl.end, tl.now + 20_000));
      const tr = tl.sim.world.trace;
      for (let i = Math.max(from, tr.first); i < tr.count; i++) { const e = tr.at(i); if (e && e.kind === kind && e.t > start) return e.t; }
      from = tr.count;
    }
    return null;
  }

  why(i: number): WhyLink[] {
    const s = this.sim;
    const tr = s.world.trace;
    const chain: WhyLink[] = s.why(i).flatMap((k) => { const e = tr.at(k); return e ? [{ i: k, e }] : []; });
    const last = chain.at(-1);
    // The chain ends at a root (cause -1) or where the cause is no longer kept: say which.
    if (last && (tr.causeOf(last.i) ?? -1) >= 0) last.cut = true;
    return chain;
  }

  query(q: LogQuery): LogPage {
    const s = this.sim;
    const ev = s.events();
    const first = s.eventsFrom();
    const key = JSON.stringify([q.kinds, q.qp, q.text.trim().toLowerCase()]);
    let c = this.cache;
    if (!c || c.key !== key || c.count > s.world.trace.count) c = { key, count: first, matches: [] };
    const kinds = q.kinds ? new Set(q.kinds) : null;
    const text = q.text.trim().toLowerCase();
    // Incremental: only events added since the last query are examined.
    for (let k = Math.max(0, c.count - first); k < ev.length; k++) {
      const e = ev[k];
      if (kinds && !kinds.has(e.kind)) continue;
      if (q.qp && !concerns(e, q.qp.host, q.qp.qpn)) continue;
      if (text && !searchText(e).includes(text)) continue;
      c.matches.push(first + k);
    }
    c.count = first + ev.length;
    // Matches whose events left the window are dropped, so they never outnumber the kept events.
    let dead = 0;
    while (dead < c.matches.length && c.matches[dead] < first) dead++;
    if (dead > 0) c.matches.splice(0, dead);
    this.cache = c;
    const total = c.matches.length;
    const offset = Math.max(0, Math.min(Math.trunc(q.offset) || 0, Math.max(0, total - 1)));
    const limit = Math.max(0, Math.min(500, Math.trunc(q.limit) || 0));
    const rows = c.matches.slice(offset, offset + limit).map((i) => ({ i, e: ev[i - first] }));
    return { total, offset, rows, count: s.world.trace.count, from: first };
  }

  /** Log matches held for the last query (never more than the kept events). */
  get held(): number { return this.cache?.matches.length ?? 0; }

  /** Forget cached matches (the trace was rewound or replaced). */
  reset(): void {
    this.cache = null;
  }

  /** What an export holds of the run: the kept window, in words. */
  private static coverage(from: number, count: number): string {
    return from === 0 ? `all ${count} events of the run` : `events #${from} to #${count - 1} of ${count}: the ${from} before them are no longer kept (the trace keeps its newest events; the hash covers every one)`;
  }

  /** The kept trace as JSON (index, cause and every field) or CSV (one row per event, fields as JSON). */
  exportTrace(format: 'json' | 'csv'): string {
    const s = this.sim;
    const ev = s.events();
    const causes = s.causes();
    const first = s.eventsFrom();
    const count = s.world.trace.count;
    const sum = s.summary();
    const traceHash = sum.traceHash;
    const holds = History.coverage(first, count);
    if (format === 'json') {
      // The hardware counters as the profile's driver names them, and those the model cannot produce (never a 0 for them).
      return JSON.stringify({ title: s.scenario.title, traceHash, t: s.now, count, from: first, holds, counters: sum.counters, countersNotModelled: sum.countersNotModelled, events: ev.map((e, k) => ({ i: first + k, causedBy: causes[k], ...e })) }, null, 1);
    }
    const q = (x: string) => `"${x.replace(/"/g, '""')}"`;
    const lines = [`# ${holds}; trace hash ${traceHash}`, 'i,t_ns,kind,host,qpn,caused_by,fields'];
    ev.forEach((e, k) => {
      const { t, kind, ...rest } = e as SimEvent & Record<string, unknown>;
      const host = typeof rest.host === 'number' ? rest.host : '';
      const qpn = typeof rest.qpn === 'number' ? hex(rest.qpn) : '';
      lines.push([first + k, t, kind, host, qpn, causes[k], q(JSON.stringify(rest))].join(','));
    });
    return `${lines.join('\n')}\n`;
  }
}
