// The learner's seed, kept in this browser: the order of every question's options derives from
// it (lessons/kit/runner.ts), so one person sees the same order on every visit, and another
// person a different one. A share link carries the sender's seed with the lesson.
import { localStore } from '../kit/storage.ts';

const KEY = 'qp-scope.learner';

export function learnerSeed(): number {
  try {
    const saved = localStore().getItem(KEY);
    if (saved && /^\d{1,10}$/.test(saved)) return Number(saved) >>> 0;
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] || 1;
    localStore().setItem(KEY, String(seed));
    return seed;
  } catch {
    return 1; // no storage: one fixed order, still shuffled
  }
}
