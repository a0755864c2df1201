// Each instrument's first questions to its worker, asked once: early by the page's boot
// (app/boot.ts), or when the instrument starts. Only the light bridge is imported here, so the
// boot can run before the rest of the page's modules are evaluated.
import { faults, memory, transport, type FaultsClient, type MemoryClient, type TransportClient } from '../bridge/labs.ts';
import { namedLab, type LinkLab } from '../scenario/link/labName.ts';
import { lastLab } from './progress.ts';

/** What each instrument asks its worker before it can show anything. */
const FIRST = {
  transport: (c: TransportClient) => Promise.all([c.call('reference'), c.call('lessons'), c.call('frame')] as const),
  memory: (c: MemoryClient) => Promise.all([c.call('lessons'), c.call('frame')] as const),
  faults: (c: FaultsClient) => Promise.all([c.call('lessons'), c.call('frame')] as const),
};
type Answers = { [L in LinkLab]: ReturnType<(typeof FIRST)[L]> };

const asked: Partial<Answers> = {};

/** The instrument a page opened at `hash` starts with: the one it names, else where the person was. */
export function firstLab(hash: string): LinkLab {
  const bare = hash.replace(/^#/, '') === '';
  return namedLab(hash) ?? (bare && lastLab() === 'memory' ? 'memory' : 'transport');
}

/** The first answers of `lab`'s worker: the ones asked at boot (once), else asked now. */
export function firstAnswers<L extends LinkLab>(lab: L): Answers[L] {
  const early = asked[lab];
  delete asked[lab];
  if (early) return early;
  return ask(lab);
}

function ask<L extends LinkLab>(lab: L): Answers[L] {
  const p = lab === 'transport' ? FIRST.transport(transport()) : lab === 'memory' ? FIRST.memory(memory()) : FIRST.faults(faults());
  // Nobody may be waiting yet: a failure here is the recovery's to report, and is seen again by whoever takes it.
  p.catch(() => undefined);
  return p as Answers[L];
}

/** Ask `lab`'s first questions now; the instrument's start picks the answers up. */
export function askEarly(lab: LinkLab): void {
  asked[lab] ??= ask(lab) as never;
}

interface FrameStore<F> { getState(): { frame: F | null; applyFrame(f: F): void } }

/** Asked at boot, `c`'s first frame may have come before the store listened: hand it over once. */
export function takeEarlyFrame<F extends { seq: number }>(c: { frame: F | null }, store: FrameStore<F>): void {
  const st = store.getState();
  if (c.frame && st.frame?.seq !== c.frame.seq) st.applyFrame(c.frame);
}
