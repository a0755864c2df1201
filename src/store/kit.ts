// The store kit: the slices every instrument's store has (the latest frame, a notice, help,
// share, the lesson catalogue and column), composed with the instrument's own slice. A store is
// a mirror of the worker's frames plus UI state; only the app's wiring writes frames into it.
import { createStore, type StoreApi } from 'zustand';
import type { KitFrame, LessonInfo } from '../worker/kit/types.ts';

export interface Notice {
  kind: 'error' | 'info';
  text: string;
  id: number;
  /** Where the person acted, so the notice shows there ('settings', …); otherwise a toast. */
  where?: string;
}

/** The instrument's worker was lost: being restarted, restored, or not restorable (shown as an alert). */
export interface WorkerNotice {
  phase: 'restarting' | 'restored' | 'failed';
  text: string;
  id: number;
  /** Failure detected → restored frame shown, in ms (once restored). */
  ms?: number;
}

export interface ShareState { open: boolean; url: string; copied: boolean; error?: string }

export interface KitState<F extends KitFrame> {
  frame: F | null;
  notice: Notice | null;
  worker: WorkerNotice | null;
  helpOpen: boolean;
  share: ShareState;
  lessons: LessonInfo[];
  lessonOpen: boolean;
  /** Steps done per lesson, as saved in this browser (the table of contents). */
  saved: Record<string, boolean[]>;
  setSaved(s: Record<string, boolean[]>): void;
  applyFrame(f: F): void;
  showNotice(kind: Notice['kind'], text: string, where?: string): void;
  clearNotice(): void;
  /** A lost worker stops playback at once: the last frame no longer plays (the restored one will say so too). */
  setWorker(w: Omit<WorkerNotice, 'id'> | null): void;
  setHelp(open: boolean): void;
  setShare(s: ShareState): void;
  setLessons(l: LessonInfo[]): void;
  setLessonOpen(open: boolean): void;
}

type Set<S> = StoreApi<S>['setState'];
type Get<S> = StoreApi<S>['getState'];

let noticeSeq = 0;

/**
 * A store with the kit's slices and the instrument's slice `own`. `onFrame` merges a new frame
 * into the instrument's state (e.g. keep objects that did not change, append to a log).
 */
export function createLabStore<F extends KitFrame, X extends object>(
  own: (set: Set<KitState<F> & X>, get: Get<KitState<F> & X>) => X,
  onFrame: (state: KitState<F> & X, f: F) => Partial<KitState<F> & X> = () => ({}),
  opts: { lessonOpen?: boolean } = {},
) {
  type S = KitState<F> & X;
  return createStore<S>()((set, get) => {
    const kit: KitState<F> = {
      frame: null,
      notice: null,
      worker: null,
      helpOpen: false,
      share: { open: false, url: '', copied: false },
      lessons: [],
      lessonOpen: opts.lessonOpen ?? true,
      saved: {},
      setSaved: (saved) => set({ saved } as Partial<S>),
      applyFrame: (f) => set({ frame: f, ...onFrame(get(), f) } as Partial<S>),
      showNotice: (kind, text, where) => set({ notice: { kind, text, id: ++noticeSeq, where } } as Partial<S>),
      clearNotice: () => set({ notice: null } as Partial<S>),
      setWorker: (w) => {
        const f = get().frame;
        const stop = w?.phase === 'restarting' && f && (f.playing || f.busy);
        set({ worker: w && { ...w, id: ++noticeSeq }, ...(stop ? { frame: { ...f, playing: false, busy: false } } : {}) } as Partial<S>);
      },
      setHelp: (helpOpen) => set({ helpOpen } as Partial<S>),
      setShare: (share) => set({ share } as Partial<S>),
      setLessons: (lessons) => set({ lessons } as Partial<S>),
      setLessonOpen: (lessonOpen) => set({ lessonOpen } as Partial<S>),
    };
    return { ...kit, ...own(set, get) } as S;
  });
}
