// Reading and moving through what happened: step back one event instant, jump to the previous
// or next event of a kind, the causal chain of an event, a window of the full log (filtered and
// searched here, where every event is kept), and the trace as JSON or CSV. Every move is a seek
// on the Timeline, i.e. restore-a-checkpoint-and-replay, so the result equals a fresh run.
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
export interface LogPage { total: number; offset: number; rows: LogRow[]; count: number }
export interface WhyLink { i: number; e: SimEvent }

const hex = (n: number) => `0x${n.toString(16)}`;
const letter = (h: number) => String.fromCharCode(65 + h);

/** What a text search reads of an event: its kind, where it happened, and every field value. */
export function searchText(e: SimEvent): string {
  const parts: string[] = [e.kind];
  const r = e as unknown as Record<string, unknown>;
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
   * latest event at or before now. -1 when nothing earlier exists.
   */
  backTarget(): number {
    const ev = this.sim.events();
    const now = this.sim.now;
    let k = ev.length - 1;
    while (k >= 0 && ev[k].t > now) k--;
    if (k < 0) return -1;
    const last = ev[k].t;
    while (k >= 0 && ev[k].t >= last) k--;
    return k < 0 ? (last > 0 ? 0 : -1) : ev[k].t;
  }

  /** Time of the previous (dir -1, strictly before now) or next (dir 1, strictly after) event of `kind`; null if none. */
  find(kind: string, dir: -1 | 1): number | null {
    const tl = this.tl();
    const ev = tl.sim.events();
    const now = tl.now;
    if (dir < 0) {
      for (let k = ev.length - 1; k >= 0; k--) if (ev[k].kind === kind && ev[k].t < now) return ev[k].t;
      return null;
    }
    // Forward: the future is not kept after a seek, so simulate on until one appears.
    const from = tl.sim.eventsFrom() + ev.length;
    const start = now;
    for (let guard = 0; guard < 10_000 && tl.now < tl.end; guard++) {
      tl.advance(Math.min(tl.end, tl.now + 20_000));
      const all = tl.sim.events();
      const first = tl.sim.eventsFrom();
      for (let k = Math.max(0, from - first); k < all.length; k++) if (all[k].kind === kind && all[k].t > start) return all[k].t;
    }
    return null;
  }

  why(i: number): WhyLink[] {
    const s = this.sim;
    const ev = s.events();
    const from = s.eventsFrom();
    return s.why(i).map((k) => ({ i: k, e: ev[k - from] }));
  }

  query(q: LogQuery): LogPage {
    const s = this.sim;
    const ev = s.events();
    const first = s.eventsFrom();
    const key = JSON.stringify([q.kinds, q.qp, q.text.trim().toLowerCase(), first]);
    let c = this.cache;
    if (!c || c.key !== key || c.count > s.world.trace.count) c = { key, count: first, matches: [] };
    const kinds = q.kinds ? new Set(q.kinds) : null;
    const text = q.text.trim().toLowerCase();
    // Incremental: only events added since the last query are examined.
    for (let k = c.count - first; k < ev.length; k++) {
      const e = ev[k];
      if (kinds && !kinds.has(e.kind)) continue;
      if (q.qp && !concerns(e, q.qp.host, q.qp.qpn)) continue;
      if (text && !searchText(e).includes(text)) continue;
      c.matches.push(first + k);
    }
    c.count = first + ev.length;
    this.cache = c;
    const total = c.matches.length;
    const offset = Math.max(0, Math.min(Math.trunc(q.offset) || 0, Math.max(0, total - 1)));
    const limit = Math.max(0, Math.min(500, Math.trunc(q.limit) || 0));
    const rows = c.matches.slice(offset, offset + limit).map((i) => ({ i, e: ev[i - first] }));
    return { total, offset, rows, count: s.world.trace.count };
  }

  /** Forget cached matches (the trace was rewound or replaced). */
  reset(): void {
    this.cache = null;
  }

  /** The kept trace as JSON (index, cause and every field) or CSV (one row per event, fields as JSON). */
  exportTrace(format: 'json' | 'csv'): string {
    const s = this.sim;
    const ev = s.events();
    const causes = s.causes();
    const first = s.eventsFrom();
    if (format === 'json') {
      return JSON.stringify({ title: s.scenario.title, traceHash: s.summary().traceHash, t: s.now, events: ev.map((e, k) => ({ i: first + k, causedBy: causes[k], ...e })) }, null, 1);
    }
    const q = (x: string) => `"${x.replace(/"/g, '""')}"`;
    const lines = ['i,t_ns,kind,host,qpn,caused_by,fields'];
    ev.forEach((e, k) => {
      const { t, kind, ...rest } = e as SimEvent & Record<string, unknown>;
      const host = typeof rest.host === 'number' ? rest.host : '';
      const qpn = typeof rest.qpn === 'number' ? hex(rest.qpn) : '';
      lines.push([first + k, t, kind, host, qpn, causes[k], q(JSON.stringify(rest))].join(','));
    });
    return `${lines.join('\n')}\n`;
  }
}
