// Every QP's context as columns of typed arrays (struct of arrays): a million QPs cost a few
// hundred bytes each and no per-QP objects until a QP has work queued (see runtime.ts).
import { CONTEXT_FIELDS, type FieldName } from './context.ts';

type Column = Uint8Array | Uint16Array | Uint32Array;
const make = (bits: number, n: number): Column =>
  bits === 8 ? new Uint8Array(n) : bits === 16 ? new Uint16Array(n) : new Uint32Array(n);

/**
 * First QPN on each host. Real devices number QPs from a small base (rxe from 16; QPN 0 and 1
 * are SMI and GSI). The model gives each host its own range (0x100, 0x200, …) only so that a
 * person can tell the two ends of a connection apart; the namespaces are per host anyway.
 */
export const qpnBase = (host: number): number => (host + 1) << 8;

export interface QpStoreSnapshot {
  n: number;
  cols: Record<string, Column>;
  host: Uint8Array;
  lc: Uint8Array;
  type: Uint8Array;
  qpn: Uint32Array;
  slotOf: Int32Array[];
  gone?: Uint8Array;
  opened?: Uint8Array;
  free?: { idx: number; at: number }[][];
}

export class QpStore {
  n = 0;
  /** Context columns, one per field of CONTEXT_FIELDS. */
  f: Record<FieldName, Column>;
  /** Engine columns: owning host, lifecycle code (lifecycle.ts), transport index, QPN. */
  host: Uint8Array;
  lc: Uint8Array;
  type: Uint8Array;
  qpn: Uint32Array;
  /** Per host: slot of QPN (qpnBase(host) + i) at index i (−1 once destroyed). */
  slotOf: Int32Array[];
  /** 1 for a destroyed QP's slot (its QPN no longer leads to it). */
  gone: Uint8Array;
  /**
   * 1 once the QP has reached RTS since its last RESET: libmlx5 opens the send path only then
   * (providers/mlx5 verbs.c set_qp_operational_state; the mlx5 profile reads it at post).
   */
  opened: Uint8Array;
  /** Per host: QPN indexes freed by destroy, and when, for reuse (oldest first). */
  free: { idx: number; at: number }[][];

  constructor(hosts: number, capacity = 64) {
    this.f = {} as Record<FieldName, Column>;
    for (const d of CONTEXT_FIELDS) this.f[d.name] = make(d.bits, capacity);
    this.host = new Uint8Array(capacity);
    this.lc = new Uint8Array(capacity);
    this.type = new Uint8Array(capacity);
    this.qpn = new Uint32Array(capacity);
    this.gone = new Uint8Array(capacity);
    this.opened = new Uint8Array(capacity);
    this.slotOf = Array.from({ length: hosts }, () => new Int32Array(0));
    this.free = Array.from({ length: hosts }, () => []);
  }

  get capacity(): number {
    return this.host.length;
  }

  /** A new QP in RESET; returns its slot. QPNs are per host, in creation order. */
  alloc(host: number, type: number): number {
    if (this.n === this.capacity) this.grow(this.capacity * 2);
    const slot = this.n++;
    const idx = this.countOn(host);
    const table = this.slotOf[host].length > idx ? this.slotOf[host] : this.growIndex(host, idx + 1);
    table[idx] = slot;
    this.host[slot] = host;
    this.type[slot] = type;
    this.lc[slot] = 0;
    this.opened[slot] = 0;
    this.qpn[slot] = qpnBase(host) + idx;
    this.slotCount[host] = idx + 1;
    return slot;
  }

  /**
   * A new QP in RESET that takes the lowest freed QPN of `host` whose quarantine is over (freed
   * at or before `now − quarantineNs`), or a fresh QPN when none is. Returns its slot.
   */
  allocReusing(host: number, type: number, now: number, quarantineNs: number): number {
    const list = this.free[host];
    let best = -1;
    for (let i = 0; i < list.length; i++) {
      if (list[i].at + quarantineNs <= now && (best < 0 || list[i].idx < list[best].idx)) best = i;
    }
    if (best < 0) return this.alloc(host, type);
    const { idx } = list.splice(best, 1)[0];
    if (this.n === this.capacity) this.grow(this.capacity * 2);
    const slot = this.n++;
    this.slotOf[host][idx] = slot;
    this.host[slot] = host;
    this.type[slot] = type;
    this.lc[slot] = 0;
    this.qpn[slot] = qpnBase(host) + idx;
    return slot;
  }

  /** Destroy: the QPN stops leading to this slot and becomes free for reuse. */
  release(slot: number, now: number): void {
    const host = this.host[slot];
    const idx = this.qpn[slot] - qpnBase(host);
    if (this.gone[slot] || this.slotOf[host][idx] !== slot) return;
    this.slotOf[host][idx] = -1;
    this.gone[slot] = 1;
    this.free[host].push({ idx, at: now });
  }

  private slotCount: number[] = [];
  countOn(host: number): number {
    return this.slotCount[host] ?? 0;
  }

  /** Slot of (host, qpn), or -1. */
  find(host: number, qpn: number): number {
    const t = this.slotOf[host];
    if (!t) return -1;
    const i = qpn - qpnBase(host);
    return i >= 0 && i < this.countOn(host) ? t[i] : -1;
  }

  get(field: FieldName, slot: number): number {
    return this.f[field][slot];
  }

  set(field: FieldName, slot: number, value: number): void {
    this.f[field][slot] = value;
  }

  private grow(cap: number): void {
    for (const d of CONTEXT_FIELDS) {
      const c = make(d.bits, cap);
      c.set(this.f[d.name]);
      this.f[d.name] = c;
    }
    const g8 = (a: Uint8Array) => { const b = new Uint8Array(cap); b.set(a); return b; };
    this.host = g8(this.host);
    this.lc = g8(this.lc);
    this.type = g8(this.type);
    this.gone = g8(this.gone);
    this.opened = g8(this.opened);
    const q = new Uint32Array(cap);
    q.set(this.qpn);
    this.qpn = q;
  }

  private growIndex(host: number, need: number): Int32Array {
    const t = new Int32Array(Math.max(need, this.slotOf[host].length * 2, 16));
    t.set(this.slotOf[host]);
    this.slotOf[host] = t;
    return t;
  }

  /** Bytes held per QP by the columns (for the capacity report). */
  bytesPerQp(): number {
    return CONTEXT_FIELDS.reduce((s, d) => s + d.bits / 8, 0) + 1 + 1 + 1 + 1 + 4 + 4;
  }

  snapshot(): QpStoreSnapshot {
    const cols: Record<string, Column> = {};
    for (const d of CONTEXT_FIELDS) cols[d.name] = this.f[d.name].slice(0, this.n);
    return {
      n: this.n, cols,
      host: this.host.slice(0, this.n), lc: this.lc.slice(0, this.n),
      type: this.type.slice(0, this.n), qpn: this.qpn.slice(0, this.n),
      slotOf: this.slotOf.map((t, h) => t.slice(0, this.countOn(h))),
      gone: this.gone.slice(0, this.n), opened: this.opened.slice(0, this.n), free: this.free.map((l) => l.map((x) => ({ ...x }))),
    };
  }

  static restore(s: QpStoreSnapshot): QpStore {
    const st = new QpStore(s.slotOf.length, Math.max(64, s.n));
    st.n = s.n;
    for (const d of CONTEXT_FIELDS) st.f[d.name].set(s.cols[d.name]);
    st.host.set(s.host);
    st.lc.set(s.lc);
    st.type.set(s.type);
    st.qpn.set(s.qpn);
    st.slotOf = s.slotOf.map((t) => { const c = new Int32Array(Math.max(16, t.length)); c.set(t); return c; });
    st.slotCount = s.slotOf.map((t) => t.length);
    if (s.gone) st.gone.set(s.gone);
    if (s.opened) st.opened.set(s.opened);
    if (s.free) st.free = s.free.map((l) => l.map((x) => ({ ...x })));
    return st;
  }
}
