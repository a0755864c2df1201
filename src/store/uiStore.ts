// UI-only state the views share and that simStore does not hold: the inspector tab (which adds
// the State diagram tab), the modify_qp drafts per QP, the last modify reply, the event-log
// filters and the share dialog. Nothing here is model state.
import { createStore, useStore } from 'zustand';

export type InspectorTab = 'state' | 'modify' | 'context' | 'post';
export type LogGroup = 'state' | 'work' | 'packets' | 'completions' | 'faults';

/** A modify_qp being composed. `target` '' means "no state change" (no IBV_QP_STATE). */
export interface Draft {
  target: string;
  checked: string[];
  values: Record<string, number | string>;
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

export interface UiState {
  tab: InspectorTab;
  drafts: Record<string, Draft>;
  modifyReply: ModifyReply | null;
  logGroups: Record<LogGroup, boolean>;
  logSelectedOnly: boolean;
  share: { open: boolean; url: string; copied: boolean; error?: string };
  /** The guided-lesson column beside the instrument. */
  lessonOpen: boolean;
  setLessonOpen(open: boolean): void;
  setTab(t: InspectorTab): void;
  setDraft(key: string, d: Draft): void;
  setModifyReply(r: ModifyReply | null): void;
  toggleGroup(g: LogGroup): void;
  setSelectedOnly(on: boolean): void;
  setShare(s: UiState['share']): void;
}

export const qpKey = (host: number, qpn: number): string => `${host}/${qpn}`;

export const uiStore = createStore<UiState>()((set) => ({
  tab: 'state',
  drafts: {},
  modifyReply: null,
  logGroups: { state: true, work: true, packets: true, completions: true, faults: true },
  logSelectedOnly: false,
  share: { open: false, url: '', copied: false },
  lessonOpen: true,
  setLessonOpen: (lessonOpen) => set({ lessonOpen }),
  setTab: (tab) => set({ tab }),
  setDraft: (key, d) => set((s) => ({ drafts: { ...s.drafts, [key]: d } })),
  setModifyReply: (modifyReply) => set({ modifyReply }),
  toggleGroup: (g) => set((s) => ({ logGroups: { ...s.logGroups, [g]: !s.logGroups[g] } })),
  setSelectedOnly: (logSelectedOnly) => set({ logSelectedOnly }),
  setShare: (share) => set({ share }),
}));

export function useUi<T>(selector: (s: UiState) => T): T {
  return useStore(uiStore, selector);
}
