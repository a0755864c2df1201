// The transport instrument's store: the kit's slices, the event log and the context changes
// derived from frames, the reference data, the selected QP, and the instrument's UI state (the
// inspector tab, modify_qp drafts, the log's filters). Views read it through narrow selectors.
import { useStore } from 'zustand';
import type { SimEvent } from '../core/index.ts';
import type { Frame, QpView, ReferenceData } from '../worker/transport/types.ts';
import { createLabStore, type KitState } from './kit.ts';

export const LOG_CAP = 3000;

export interface QpRef { host: number; qpn: number }
export type InspectorTab = 'state' | 'modify' | 'context' | 'post';
export type LogGroup = 'state' | 'work' | 'packets' | 'completions' | 'faults';

/** A modify_qp being composed. `target` '' means "no state change" (no IBV_QP_STATE). */
export interface Draft {
  target: string;
  checked: string[];
  values: Record<string, number | string>;
  /** A from-state to check the call from instead of the QP's own (what-if: checked, never sent). */
  from?: string;
}

export interface ModifyReply {
  key: string;
  ok: boolean;
  errno?: string;
  reason?: string;
  detail?: string;
  missing: string[];
  unexpected: string[];
  mask: string[];
  from: string;
  to: string;
  seq: number;
}

/** A causal chain being shown: its events (absolute trace indices), root last (`cut`: the chain left the kept window), and what they touch. */
export interface WhyView { chain: Array<{ i: number; e: SimEvent; cut?: true }>; qps: string[]; packets: number[] }

/**
 * Evidence of the current lesson step, kept in view however much follows it (issue 17): the
 * first notable events (losses, NAKs, retries, errors, async events, refusals) at or after the
 * instant the step began, with their absolute trace indices.
 */
export interface Pinned {
  key: string | null; t0: number; items: Array<{ i: number; e: SimEvent }>;
  /** Frames skipped events since the step began (top speed, a long reveal): the view asks the worker's trace for them. */
  gap?: boolean;
}
export const PINNED_MAX = 6;

/** An event a step's reader must not lose: what went wrong, or what answered it. */
export function notable(e: SimEvent): boolean {
  switch (e.kind) {
    case 'pkt': return e.drop !== undefined || (e.syndrome !== undefined && e.syndrome !== 'ACK');
    case 'rx': return e.outcome === 'nak' || e.outcome === 'rnr-nak' || e.outcome.startsWith('dropped') || e.outcome === 'out-of-sequence';
    case 'cqe': case 'cqe-lost': return e.status !== 'IBV_WC_SUCCESS';
    case 'state': return e.to === 'ERR' || e.to === 'SQE';
    case 'retry': case 'wr-error': case 'fault': case 'async': case 'post-refused': case 'modify-refused': return true;
    default: return false;
  }
}

/** The pinned evidence after frame `f`: restarted when the lesson step changes, rebuilt when the log is. */
export function nextPinned(p: Pinned, f: Pick<Frame, 'lesson' | 't' | 'events' | 'eventsFrom' | 'resetLog' | 'logGap'>): Pinned {
  const key = f.lesson ? `${f.lesson.id}:${f.lesson.step}` : null;
  if (key === null) return p.key === null && p.items.length === 0 && !p.gap ? p : { key: null, t0: 0, items: [] };
  const fresh = key !== p.key;
  // A seek back before the step's start moves the start with it.
  const t0 = fresh ? f.t : Math.min(p.t0, f.t);
  // A gap is the same story with events skipped: what was pinned stays, and the view fetches the rest.
  const items = fresh || f.resetLog ? [] : [...p.items];
  const gap = !fresh && !f.resetLog && (p.gap === true || (f.logGap === true && items.length < PINNED_MAX));
  const before = items.length;
  const from = f.eventsFrom ?? 0;
  for (let k = 0; k < f.events.length && items.length < PINNED_MAX; k++) {
    const e = f.events[k];
    if (e.t >= t0 && notable(e)) items.push({ i: from + k, e });
  }
  return !fresh && t0 === p.t0 && items.length === before && !f.resetLog && gap === (p.gap === true) ? p : { key, t0, items, ...(gap ? { gap } : {}) };
}

export interface TransportSlice {
  pinned: Pinned;
  log: SimEvent[];
  /** Absolute trace index of log[0]. */
  logFrom: number;
  why: WhyView | null;
  setWhy(w: Array<{ i: number; e: SimEvent; cut?: true }> | null): void;
  /** Counts log resets (a new scenario, a seek back, a fork): views show a reset log at once. */
  logEpoch: number;
  reference: ReferenceData | null;
  selected: QpRef | null;
  /** Context fields that changed in the last frame, per `${host}/${qpn}` (for highlighting). */
  changed: Record<string, string[]>;
  tab: InspectorTab;
  drafts: Record<string, Draft>;
  modifyReply: ModifyReply | null;
  logGroups: Record<LogGroup, boolean>;
  logSelectedOnly: boolean;
  setReference(r: ReferenceData): void;
  select(q: QpRef | null): void;
  setTab(t: InspectorTab): void;
  setDraft(key: string, d: Draft): void;
  setModifyReply(r: ModifyReply | null): void;
  toggleGroup(g: LogGroup): void;
  setSelectedOnly(on: boolean): void;
}

export type TransportState = KitState<Frame> & TransportSlice;

export const qpKey = (host: number, qpn: number): string => `${host}/${qpn}`;

function diffContexts(prev: Frame | null, next: Frame): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!prev) return out;
  const before = new Map(prev.world.qps.map((q) => [qpKey(q.host, q.qpn), q]));
  for (const q of next.world.qps) {
    const p = before.get(qpKey(q.host, q.qpn));
    if (!p) continue;
    const ch = Object.keys(q.ctx).filter((k) => (q.ctx as Record<string, number>)[k] !== (p.ctx as Record<string, number>)[k]);
    if (ch.length) out[qpKey(q.host, q.qpn)] = ch;
  }
  return out;
}

function appendCapped(log: SimEvent[], add: SimEvent[]): SimEvent[] {
  if (add.length === 0) return log;
  const next = log.concat(add);
  return next.length > LOG_CAP ? next.slice(next.length - LOG_CAP) : next;
}

export const transportStore = createLabStore<Frame, TransportSlice>(
  (set) => ({
    log: [],
    logFrom: 0,
    why: null,
    setWhy: (chain) => set({ why: chain ? whyView(chain) : null }),
    logEpoch: 0,
    pinned: { key: null, t0: 0, items: [] },
    reference: null,
    selected: null,
    changed: {},
    tab: 'state',
    drafts: {},
    modifyReply: null,
    logGroups: { state: true, work: true, packets: true, completions: true, faults: true },
    logSelectedOnly: false,
    setReference: (reference) => set({ reference }),
    select: (selected) => set({ selected }),
    setTab: (tab) => set({ tab }),
    setDraft: (key, d) => set((s) => ({ drafts: { ...s.drafts, [key]: d } })),
    setModifyReply: (modifyReply) => set({ modifyReply }),
    toggleGroup: (g) => set((s) => ({ logGroups: { ...s.logGroups, [g]: !s.logGroups[g] } })),
    setSelectedOnly: (logSelectedOnly) => set({ logSelectedOnly }),
  }),
  (s, f) => {
    // A new scenario, a seek backwards or a fork replaces the log; otherwise new events are appended.
    // A gap (more events than a frame carries) restarts the log from the frame's events: the log's
    // lines must stay contiguous, each one's absolute index is logFrom plus its place.
    const log = f.resetLog || f.logGap ? f.events.slice(-LOG_CAP) : appendCapped(s.log, f.events);
    const logFrom = (f.eventsFrom ?? 0) + f.events.length - log.length;
    const changed = f.resetLog ? {} : { ...s.changed, ...diffContexts(s.frame, f) };
    const sel = s.selected;
    // The grid lists every QP (the full views only a few at scale), so a pick there is kept.
    const g = f.world.grid;
    const has = (q: QpRef) => { for (let i = 0; i < g.n; i++) if (g.host[i] === q.host && g.qpn[i] === q.qpn) return true; return false; };
    const selected = sel && has(sel) ? sel : g.n > 0 ? { host: g.host[0], qpn: g.qpn[0] } : null;
    // A chain shown for a past that was rewound away no longer describes the trace.
    const why = f.resetLog && s.why && s.why.chain[0] && s.why.chain[0].i >= (f.eventsFrom ?? 0) + f.events.length ? null : s.why;
    // A work or memory budget stopped the run: said once, in words, where errors are said.
    if (f.stopped && s.frame?.stopped !== f.stopped) {
      transportStore.getState().showNotice('error', `${f.stopped.charAt(0).toUpperCase()}${f.stopped.slice(1)}. Playing stopped here; the instant reached is kept, and seeking back still works.`);
    }
    return { log, logFrom, changed, selected, why, logEpoch: f.resetLog ? s.logEpoch + 1 : s.logEpoch, pinned: nextPinned(s.pinned, f) };
  },
);

function whyView(chain: Array<{ i: number; e: SimEvent; cut?: true }>): WhyView {
  const qps = new Set<string>();
  const packets: number[] = [];
  for (const { e } of chain) {
    const r = e as { host?: number; qpn?: number };
    if (e.kind === 'pkt') { packets.push(e.id); qps.add(qpKey(e.src, e.srcQpn)); }
    else if (typeof r.host === 'number' && typeof r.qpn === 'number') qps.add(qpKey(r.host, r.qpn));
  }
  return { chain, qps: [...qps], packets };
}

export function useTransport<T>(selector: (s: TransportState) => T): T {
  return useStore(transportStore, selector);
}

export function selectedQp(s: TransportState): QpView | undefined {
  const sel = s.selected;
  return sel ? s.frame?.world.qps.find((q) => q.host === sel.host && q.qpn === sel.qpn) : undefined;
}
