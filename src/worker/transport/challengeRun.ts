// A challenge being attempted: its goal graded against the live simulation whenever the trace
// has moved (an unchanged trace gives an unchanged grade), and the instant it was first met.
// The goal's counts, spans and score are tallied over every event of the run, not only the
// window the trace keeps: this is a TraceFold of the timeline, fed each slice's events and
// saved in every checkpoint, so a seek back restores the tallies exactly.
import { LC_NAMES, verbsState, type SimEvent, type Simulation } from '../../core/index.ts';
import { GoalTally, challengeStatus, type Challenge, type ChallengeStatus } from '../../scenario/challenge.ts';
import type { TraceFold } from './timeline.ts';
import type { ChallengeView } from './types.ts';

interface Saved { c: Challenge; v: number[]; missed: number }

export class ChallengeRun implements TraceFold {
  private c: Challenge | null = null;
  private tally: GoalTally | null = null;
  /** Events that left the trace window before the tally saw them (only if one slice outran the window). */
  private missed = 0;
  private memo: { count: number; now: number; st: ChallengeStatus } | null = null;
  private metAt: number | null = null;

  /** Set (or clear) the challenge; set it before the timeline it grades is made (the tally starts at t = 0). */
  set(c: Challenge | null): void {
    this.c = c;
    this.tally = c ? new GoalTally(c) : null;
    this.missed = 0;
    this.memo = null;
    this.metAt = null;
  }

  get current(): Challenge | null { return this.c; }

  reset(): void {
    this.tally = this.c ? new GoalTally(this.c) : null;
    this.missed = 0;
    this.memo = null;
  }

  feed(events: readonly SimEvent[], _from: number, missed: number): void {
    const t = this.tally;
    if (!t) return;
    this.missed += missed;
    for (let k = 0; k < events.length; k++) t.feed(events[k]);
  }

  save(): Saved | null {
    return this.c && this.tally ? { c: this.c, v: this.tally.save(), missed: this.missed } : null;
  }

  load(state: unknown): void {
    const s = state as Saved | null;
    this.memo = null;
    if (!this.c) return;
    // A checkpoint taken under another challenge (or none) cannot say what this one counted.
    if (!s || s.c !== this.c) { this.reset(); return; }
    this.tally = new GoalTally(this.c);
    this.tally.load(s.v);
    this.missed = s.missed;
  }

  status(sim: Simulation): ChallengeView | null {
    const c = this.c;
    const tally = this.tally;
    if (!c || !tally) return null;
    const count = sim.world.trace.count;
    if (!this.memo || this.memo.count !== count || this.memo.now !== sim.now) {
      const w = sim.world;
      const st = challengeStatus(c, {
        now: sim.now,
        tally,
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
    return {
      title: c.title, text: c.text, met: st.met, parts: st.parts.map((p) => ({ text: p.text, met: p.met })), score: st.score, scoreLabel: c.score?.label, metAt: this.metAt,
      ...(this.missed > 0 ? { ungraded: this.missed } : {}),
    };
  }
}
