// The Faults instrument's store: the kit's slices, the per-QP facts kept from the last frame
// that carried them (frames resend them only when the storm's settings change), and the
// instrument's UI state (tab, the QP under the pointer).
import { useStore } from 'zustand';
import type { FaultsFrame, GridStatic } from '../worker/faults/types.ts';
import { createLabStore, type KitState } from './kit.ts';

export type FaultsTab = 'storm' | 'policies' | 'compare' | 'explorer' | 'reset';

export interface FaultsSlice {
  grid: GridStatic | null;
  tab: FaultsTab;
  /** Index (in the grid) of the QP the person points at or selected with the keyboard. */
  picked: number | null;
  setTab(t: FaultsTab): void;
  pick(i: number | null): void;
}

export type FaultsState = KitState<FaultsFrame> & FaultsSlice;

export const faultsStore = createLabStore<FaultsFrame, FaultsSlice>(
  (set) => ({
    grid: null,
    tab: 'storm',
    picked: null,
    setTab: (tab) => set({ tab }),
    pick: (picked) => set({ picked }),
  }),
  (s, f) => {
    const patch: Partial<FaultsState> = {};
    if (f.grid) {
      patch.grid = f.grid;
      if (s.picked !== null && s.picked >= f.grid.qpn.length) patch.picked = null;
    }
    return patch;
  },
  { lessonOpen: false },
);

export function useFaults<T>(selector: (s: FaultsState) => T): T {
  return useStore(faultsStore, selector);
}
