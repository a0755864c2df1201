// The UI's one store: a mirror of the latest frame from the worker, plus UI-only state.
// Views read it through narrow selectors; only app wiring writes frames into it.
import { createStore, useStore } from 'zustand';
import type { SimEvent } from '../core/index.ts';
import type { Frame, QpView, ReferenceData } from '../worker/types.ts';
import type { LessonInfo } from '../worker/lessonRunner.ts';

export const LOG_CAP = 3000;

export interface QpRef { host: number; qpn: number }
export interface Toast { kind: 'error' | 'info'; text: string; id: number }

export interface SimState {
  frame: Frame | null;
  log: SimEvent[];
  reference: ReferenceData | null;
  /** The lesson catalogue (static); progress arrives in each frame. */
  lessons: LessonInfo[];
  selected: QpRef | null;
  helpOpen: boolean;
  toast: Toast | null;
  /** The refusal or result of the last command the person issued, shown where they acted. */
  lastReply: { ok: boolean; detail?: string; errno?: string; reason?: string; missing?: string[]; unexpected?: string[]; at: number } | null;
  /** Context fields that changed in the last frame, per `${host}/${qpn}` (for highlighting). */
  changed: Record<string, string[]>;
  applyFrame(f: Frame): void;
  setReference(r: ReferenceData): void;
  setLessons(l: LessonInfo[]): void;
  select(q: QpRef | null): void;
  setHelp(open: boolean): void;
  showToast(kind: Toast['kind'], text: string): void;
  clearToast(): void;
  setReply(r: SimState['lastReply']): void;
}

let toastSeq = 0;

function diffContexts(prev: Frame | null, next: Frame): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!prev) return out;
  const before = new Map(prev.world.qps.map((q) => [`${q.host}/${q.qpn}`, q]));
  for (const q of next.world.qps) {
    const p = before.get(`${q.host}/${q.qpn}`);
    if (!p) continue;
    const ch = Object.keys(q.ctx).filter((k) => (q.ctx as Record<string, number>)[k] !== (p.ctx as Record<string, number>)[k]);
    if (ch.length) out[`${q.host}/${q.qpn}`] = ch;
  }
  return out;
}

export const simStore = createStore<SimState>()((set, get) => ({
  frame: null,
  log: [],
  reference: null,
  lessons: [],
  selected: null,
  helpOpen: false,
  toast: null,
  lastReply: null,
  changed: {},
  applyFrame(f) {
    const prev = get().frame;
    const log = f.resetLog ? f.events.slice(-LOG_CAP) : appendCapped(get().log, f.events);
    const changed = f.resetLog ? {} : { ...get().changed, ...diffContexts(prev, f) };
    const sel = get().selected;
    const selected = sel && f.world.qps.some((q) => q.host === sel.host && q.qpn === sel.qpn) ? sel : f.world.qps[0] ? { host: f.world.qps[0].host, qpn: f.world.qps[0].qpn } : null;
    set({ frame: f, log, changed, selected });
  },
  setReference: (reference) => set({ reference }),
  setLessons: (lessons) => set({ lessons }),
  select: (selected) => set({ selected }),
  setHelp: (helpOpen) => set({ helpOpen }),
  showToast: (kind, text) => set({ toast: { kind, text, id: ++toastSeq } }),
  clearToast: () => set({ toast: null }),
  setReply: (lastReply) => set({ lastReply }),
}));

function appendCapped(log: SimEvent[], add: SimEvent[]): SimEvent[] {
  if (add.length === 0) return log;
  const next = log.concat(add);
  return next.length > LOG_CAP ? next.slice(next.length - LOG_CAP) : next;
}

export function useSim<T>(selector: (s: SimState) => T): T {
  return useStore(simStore, selector);
}

export function selectedQp(s: SimState): QpView | undefined {
  const sel = s.selected;
  return sel ? s.frame?.world.qps.find((q) => q.host === sel.host && q.qpn === sel.qpn) : undefined;
}
