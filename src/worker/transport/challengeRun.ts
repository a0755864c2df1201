// A challenge being attempted: its goal graded against the live simulation whenever the trace
// has moved (an unchanged trace gives an unchanged grade), and the instant it was first met.
import { LC_NAMES, verbsState, type Simulation } from '../../core/index.ts';
import { challengeStatus, type Challenge, type ChallengeStatus } from '../../scenario/challenge.ts';
import type { ChallengeView } from './types.ts';

export class ChallengeRun {
  private c: Challenge | null = null;
  private memo: { count: number; now: number; st: ChallengeStatus } | null = null;
  private metAt: number | null = null;

  set(c: Challenge | null): void {
    this.c = c;
    this.memo = null;
    this.metAt = null;
  }

  get current(): Challenge | null { return this.c; }

  status(sim: Simulation): ChallengeView | null {
    const c = this.c;
    if (!c) return null;
    const count = sim.world.trace.count;
    if (!this.memo || this.memo.count !== count || this.memo.now !== sim.now) {
      const w = sim.world;
      const st = challengeStatus(c, {
        now: sim.now,
        events: sim.events(),
        state: (host, qpn) => {
          const s = w.qps.find(host, qpn);
          return s < 0 ? null : { label: LC_NAMES[w.qps.lc[s]], verbs: verbsState(w.qps.lc[s]) };
        },
        summary: () => { const { qps: _q, ...rest } = sim.summary(); return rest; },
      });
      this.memo = { count, now: sim.now, st };
      if (st.met && this.metAt === null) this.metAt = sim.now;
      if (!st.met && this.metAt !== null && sim.now < this.metAt) this.metAt = null;
    }
    const st = this.memo.st;
    return { title: c.title, text: c.text, met: st.met, parts: st.parts.map((p) => ({ text: p.text, met: p.met })), score: st.score, scoreLabel: c.score?.label, metAt: this.metAt };
  }
}
