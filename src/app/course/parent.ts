// Progress to the page that embeds this one: `{ type: 'qpscope:progress', lab, lesson, step,
// steps, done, stepsDone, firstTry }` by postMessage, to the parent only, and only when the
// parent's origin is on the host's allowlist: `qpscope-embed.json` next to index.html,
// `{ "parentOrigins": ["https://lms.example.edu"] }` (docs/hosting.md). The target origin of every
// message is that allowed origin, never '*': should the frame have been moved under another
// parent meanwhile, the browser drops the message. No allowlist, an empty one, or a parent not on
// it: nothing is sent. Storage is not needed for any of this (a frame may be refused it).
import * as v from 'valibot';
import type { StoreApi } from 'zustand';
import type { KitFrame } from '../../worker/kit/types.ts';
import { framed } from './embed.ts';

export const PROGRESS_TYPE = 'qpscope:progress';

const Origin = v.pipe(v.string(), v.regex(/^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?$/, 'must be an origin such as https://lms.example.edu (scheme, host, optional port; no path)'));
const Allow = v.strictObject({ parentOrigins: v.pipe(v.array(Origin), v.maxLength(50)) });

export interface ProgressMessage {
  type: typeof PROGRESS_TYPE;
  lab: string;
  lesson: string;
  step: number;
  steps: number;
  done: boolean;
  stepsDone: number;
  firstTry: { right: number; answered: number; questions: number };
}

/** The parent's origin as the browser tells it (ancestorOrigins where it exists, else the referrer's). */
function parentOrigin(): string | null {
  const anc = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (anc && anc.length > 0) return anc[0] ?? null;
  try { return document.referrer ? new URL(document.referrer).origin : null; } catch { return null; }
}

/** The allowed parent origin this page may tell, or null (read once from the host's file). */
async function allowedParent(): Promise<string | null> {
  const parent = parentOrigin();
  if (!parent) return null;
  try {
    const r = await fetch('./qpscope-embed.json', { cache: 'no-store', credentials: 'same-origin' });
    if (!r.ok) return null;
    const out = v.safeParse(Allow, await r.json());
    if (!out.success) {
      console.warn(`QP Scope: qpscope-embed.json is ignored: ${out.issues[0].message}`);
      return null;
    }
    return out.output.parentOrigins.includes(parent) ? parent : null;
  } catch { return null; }
}

interface LessonLite { id: string; steps: ReadonlyArray<{ question: boolean }> }
type LabStore = StoreApi<{ frame: KitFrame | null; lessons: LessonLite[] }>;

/** The message for a frame's lesson (null: no lesson). */
export function progressOf(lab: string, f: KitFrame | null, lessons: readonly LessonLite[]): ProgressMessage | null {
  const l = f?.lesson;
  if (!l) return null;
  const info = lessons.find((x) => x.id === l.id);
  const steps = info?.steps.length ?? l.stepsDone.length;
  const first = l.firstTry ?? [];
  return {
    type: PROGRESS_TYPE, lab, lesson: l.id, step: l.step, steps,
    done: l.stepsDone.length > 0 && l.stepsDone.every(Boolean), stepsDone: l.stepsDone.filter(Boolean).length,
    firstTry: { right: first.filter((x) => x === true).length, answered: first.filter((x) => typeof x === 'boolean').length, questions: info?.steps.filter((s) => s.question).length ?? 0 },
  };
}

/** In a frame: tell the allowed parent of every change of lesson progress in any of `labs`. */
export function tellParent(labs: ReadonlyArray<{ id: string; store: LabStore }>): void {
  if (!framed()) return;
  void allowedParent().then((origin) => {
    // Said on the page (for whoever drives or inspects it): whether this frame tells its parent.
    document.documentElement.dataset.parentProgress = origin ? 'on' : 'off';
    if (!origin) return;
    for (const { id, store } of labs) {
      let last = '';
      const send = (s: ReturnType<LabStore['getState']>) => {
        const m = progressOf(id, s.frame, s.lessons);
        if (!m) return;
        const key = JSON.stringify(m);
        if (key === last) return;
        last = key;
        window.parent.postMessage(m, origin);
      };
      send(store.getState());
      store.subscribe(send);
    }
  });
}
