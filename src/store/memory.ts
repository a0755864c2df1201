// The NIC-memory lab's store: a mirror of the worker's latest frame (keeping the last cache grid,
// since the worker resends a grid only when it changed) plus the lab's UI state. Only the lab's
// wiring writes frames into it; views read it through narrow selectors.
import { useStore } from 'zustand';
import type { CapacityInput, Protection } from '../core/memory/index.ts';
import type { AccessRec, CacheGrid, MemFrame } from '../worker/memory/types.ts';
import { createLabStore, type KitState } from './kit.ts';

export type MemoryTab = 'cache' | 'walk' | 'timing' | 'cliff' | 'compare' | 'capacity';

export interface Flash { seq: number; recs: AccessRec[] }

/** The race panel's inputs (they travel in a share link). */
export interface RaceSettings { offset: number; protection: Protection }

export interface MemorySlice {
  grid: CacheGrid | null;
  compareGrids: { a: CacheGrid | null; b: CacheGrid | null };
  /** The accesses of the latest frame that had any, for flashing. */
  flash: Flash;
  compareFlash: { a: Flash; b: Flash };
  tab: MemoryTab;
  /** The capacity calculator's inputs once the person changed one (null: follow the lab). */
  capacityInput: CapacityInput | null;
  race: RaceSettings;
  /** The sentence the screen reader hears when the hit rate moves. */
  announce: string;
  setTab(t: MemoryTab): void;
  setCapacityInput(i: CapacityInput | null): void;
  setRace(r: RaceSettings): void;
}

export type MemoryState = KitState<MemFrame> & MemorySlice;

/** Announce a hit-rate move of at least this much (absolute). */
const ANNOUNCE_STEP = 0.05;

export function hitRateSentence(f: MemFrame): string {
  const r = f.live.readout;
  const pct = `${(r.hitRate * 100).toFixed(r.hitRate > 0.995 || r.hitRate < 0.005 ? 0 : 1)}%`;
  return `Hit rate ${pct} with ${int(f.config.qps)} active QPs on ${int(f.config.entries)} cached contexts; ${r.mops.toFixed(2)} Mops.`;
}

// Made on first use: the first Intl formatter in a thread sets up ICU (~30 ms), kept off page load.
let INT: Intl.NumberFormat | null = null;
const int = (n: number) => (INT ??= new Intl.NumberFormat('en')).format(n);

/** Same windows (the worker resends the whole series each frame). */
export function sameSeries(a: MemFrame['live']['series'], b: MemFrame['live']['series']): boolean {
  return a.length === b.length && (a.length === 0 || (a[a.length - 1].packets === b[b.length - 1].packets && a[0].packets === b[0].packets));
}

/** A sweep frame that reports nothing new (same points, same progress). */
export function sameSweep(a: MemFrame['sweep'], b: MemFrame['sweep']): boolean {
  return a.key === b.key && a.points.length === b.points.length && a.progress === b.progress && a.done === b.done
    && a.computing === b.computing && a.list.length === b.list.length && a.presetUnmodified === b.presetUnmodified;
}

export function sameConfig(a: MemFrame['config'], b: MemFrame['config']): boolean {
  for (const k of Object.keys(b) as Array<keyof MemFrame['config']>) {
    const x = a[k];
    const y = b[k];
    if (Array.isArray(x) && Array.isArray(y)) { if (x.length !== y.length || x.some((v, i) => v !== y[i])) return false; }
    else if (x !== y) return false;
  }
  return Object.keys(a).length === Object.keys(b).length;
}

let announcedRate = -1;
let announcedKey = '';

/** Merge a frame: keep objects that did not change (views selecting them do not re-render), the
 *  last cache grid (the worker resends one only when it changed), and the flashes. */
function onFrame(s: MemoryState, incoming: MemFrame): Partial<MemoryState> {
    // Keep the previous config object when nothing in it changed, so views that select it do not re-render every frame.
  const prev = s.frame;
  let f = incoming;
  if (prev) {
    f = { ...incoming };
    if (sameConfig(prev.config, incoming.config)) f.config = prev.config;
    if (sameSweep(prev.sweep, incoming.sweep)) f.sweep = prev.sweep;
    else if (prev.sweep.key === incoming.sweep.key && prev.sweep.points.length === incoming.sweep.points.length) {
      f.sweep = { ...incoming.sweep, points: prev.sweep.points, targets: prev.sweep.targets };
    }
    if (prev.preset.id === incoming.preset.id) f.preset = prev.preset;
    if (sameSeries(prev.live.series, incoming.live.series) || prev.live.lastMiss?.n === incoming.live.lastMiss?.n) {
      f.live = { ...incoming.live };
      if (sameSeries(prev.live.series, incoming.live.series)) f.live.series = prev.live.series;
      if (prev.live.lastMiss?.n === incoming.live.lastMiss?.n) f.live.lastMiss = prev.live.lastMiss;
    }
    const pw = prev.walk;
    const nw = incoming.walk;
    if (pw && nw && pw.walk.qpn === nw.walk.qpn && pw.following === nw.following && pw.memory.totalBytes === nw.memory.totalBytes
      && pw.geometry.levels === nw.geometry.levels && pw.geometry.onChipLevels === nw.geometry.onChipLevels && pw.costNs === nw.costNs && pw.walk.present === nw.walk.present) f.walk = pw;
  }
  const patch: Partial<MemoryState> = { frame: f };
  if (f.live.grid) patch.grid = f.live.grid;
  if (f.live.recent.length) patch.flash = { seq: f.seq, recs: f.live.recent };
  // A new configuration starts a new run: lookups of the old one no longer exist (nor their "why?").
  else if (s.flash.recs.length > 0 && f.live.packets < s.flash.recs[s.flash.recs.length - 1].n) patch.flash = { seq: f.seq, recs: [] };
  if (f.compare) {
    const g = { a: f.compare.a.grid ?? s.compareGrids.a, b: f.compare.b.grid ?? s.compareGrids.b };
    if (g.a !== s.compareGrids.a || g.b !== s.compareGrids.b) patch.compareGrids = g;
    if (f.compare.a.recent.length) patch.compareFlash = { a: { seq: f.seq, recs: f.compare.a.recent }, b: { seq: f.seq, recs: f.compare.b.recent } };
  } else if (s.compareGrids.a || s.compareGrids.b) {
    patch.compareGrids = { a: null, b: null };
  }
  const r = f.live.readout;
  const key = `${f.config.qps}/${f.config.entries}/${f.config.policy}`;
  if (r.valid && (key !== announcedKey ? Math.abs(r.hitRate - announcedRate) >= 0.005 : Math.abs(r.hitRate - announcedRate) >= ANNOUNCE_STEP)) {
    if (key === announcedKey || f.live.series.length >= 6) {
      announcedRate = r.hitRate;
      announcedKey = key;
      patch.announce = hitRateSentence(f);
    }
  }
  return patch;
}

export const memoryStore = createLabStore<MemFrame, MemorySlice>(
  (set) => ({
    grid: null,
    compareGrids: { a: null, b: null },
    flash: { seq: 0, recs: [] },
    compareFlash: { a: { seq: 0, recs: [] }, b: { seq: 0, recs: [] } },
    tab: 'cache',
    capacityInput: null,
    race: { offset: 6, protection: 'none' },
    announce: '',
    setTab: (tab) => set({ tab }),
    setCapacityInput: (capacityInput) => set({ capacityInput }),
    setRace: (race) => set({ race }),
  }),
  onFrame,
  // The lesson column opens as in every instrument (views/shell/LabShell.tsx): same place, same state.
);

export function useMemory<T>(selector: (s: MemoryState) => T): T {
  return useStore(memoryStore, selector);
}
