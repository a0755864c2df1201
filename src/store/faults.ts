// The Faults instrument's store: the kit's slices, the per-QP facts kept from the last frame
// that carried them (frames resend them only when the storm's settings change), and the
// instrument's UI state (tab, the QP under the pointer).
import { useStore } from 'zustand';
import type { FaultsFrame, GridStatic, ReportWhyReply } from '../worker/faults/types.ts';
import { createLabStore, type KitState } from './kit.ts';

export type FaultsTab = 'storm' | 'policies' | 'compare' | 'explorer' | 'reset';

export interface FaultsSlice {
  grid: GridStatic | null;
  tab: FaultsTab;
  /** Index (in the grid) of the QP the person points at or selected with the keyboard. */
  picked: number | null;
  /** The picked QP's report "why?", while open (it belongs to that QP of this storm). */
  why: ReportWhyReply | null;
  setTab(t: FaultsTab): void;
  pick(i: number | null): void;
  setWhy(w: ReportWhyReply | null): void;
}

export type FaultsState = KitState<FaultsFrame> & FaultsSlice;

export const faultsStore = createLabStore<FaultsFrame, FaultsSlice>(
  (set) => ({
    grid: null,
    tab: 'storm',
    picked: null,
    why: null,
    setTab: (tab) => set({ tab }),
    pick: (picked) => set((s) => ({ picked, why: s.why && s.why.i === picked ? s.why : null })),
    setWhy: (why) => set({ why }),
  }),
  (s, f) => {
    const patch: Partial<FaultsState> = {};
    if (f.grid) {
      patch.grid = f.grid;
      patch.why = null; // a new storm: the old answer is about QPs that are gone
      if (s.picked !== null && s.picked >= f.grid.qpn.length) patch.picked = null;
    }
    return patch;
  },
  // The lesson column opens as in every instrument (views/shell/LabShell.tsx): same place, same state.
);

export function useFaults<T>(selector: (s: FaultsState) => T): T {
  return useStore(faultsStore, selector);
}
