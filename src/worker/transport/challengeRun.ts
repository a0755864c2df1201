// A written challenge being attempted: its predicate goal (the lesson language, as the built-in
// challenges') graded against the live simulation whenever the trace has moved, and the instant
// it was first met. The goal's `events` read every event of the run since t = 0, as the verifier's
// replay does, not only the window the trace keeps: this is a TraceFold of the timeline that keeps
// the events of the kinds the goal reads (bounded; beyond the bound they are counted as ungraded),
// saved in every checkpoint, so a seek back restores them exactly. No score is shown live: a
// score counts only the student's commands, which "Check my attempt" replays in the verify worker.
import { LC_NAMES, type SimEvent, type Simulation } from '../../core/index.ts';
import type { Authored } from '../../lessons/authored.ts';
import type { Predicate } from '../../lessons/data/predicate.ts';
import { goalStatus, type GoalPart } from '../challenge/replay.ts';
import type { TraceFold } from './timeline.ts';
import type { ChallengeView } from './types.ts';

/** Events of the goal's kinds kept for it: a goal counting more than this many is not one a page grades live. */
export const GOAL_EVENTS_KEPT = 20_000;

interface Saved { c: Authored; kept: Map<string, SimEvent[]>; missed: number }

/** The event kinds a goal reads (its `events` predicates and `count` of events). */
export function kindsOf(goal: Predicate): Set<string> {
  const kinds = new Set<string>();
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x)) { x.forEach(walk); return; }
    const o = x as Record<string, unknown>;
    const ev = o.events as { kind?: unknown } | string | undefined;
    if (ev && typeof ev === 'object' && typeof ev.kind === 'string') kinds.add(ev.kind);
    if (typeof ev === 'string') kinds.add(ev);
    Object.values(o).forEach(walk);
  };
  walk(goal);
  return kinds;
}

export class ChallengeRun implements TraceFold {
  private c: Authored | null = null;
  private kinds = new Set<string>();
  private kept = new Map<string, SimEvent[]>();
  private size = 0;
  /** Events of the goal's kinds never kept: left the trace window unseen, or past the bound. */
  private missed = 0;
  private memo: { count: number; now: number; st: { met: boolean; parts: GoalPart[] } } | null = null;
  private metAt: number | null = null;

  /** Set (or clear) the challenge; set it before the timeline it grades is made (the fold starts at t = 0). */
  set(c: Authored | null): void {
    this.c = c;
    this.kinds = c ? kindsOf(c.goal) : new Set();
    this.reset();
    this.metAt = null;
  }

  get current(): Authored | null { return this.c; }

  reset(): void {
    this.kept = new Map();
    this.size = 0;
    this.missed = 0;
    this.memo = null;
  }

  feed(events: readonly SimEvent[], _from: number, missed: number): void {
    if (!this.c || this.kinds.size === 0) return;
    this.missed += missed;
    for (let k = 0; k < events.length; k++) {
      const e = events[k];
      if (!this.kinds.has(e.kind)) continue;
      if (this.size >= GOAL_EVENTS_KEPT) { this.missed++; continue; }
      let list = this.kept.get(e.kind);
      if (!list) { list = []; this.kept.set(e.kind, list); }
      list.push(e);
      this.size++;
    }
  }

  save(): Saved | null {
    if (!this.c) return null;
    const kept = new Map<string, SimEvent[]>();
    for (const [k, l] of this.kept) kept.set(k, l.slice());
    return { c: this.c, kept, missed: this.missed };
  }

  load(state: unknown): void {
    const s = state as Saved | null;
    this.memo = null;
    if (!this.c) return;
    // A checkpoint taken under another challenge (or none) cannot say what this one kept.
    if (!s || s.c !== this.c) { this.reset(); return; }
    this.kept = new Map();
    this.size = 0;
    for (const [k, l] of s.kept) { this.kept.set(k, l.slice()); this.size += l.length; }
    this.missed = s.missed;
  }

  status(sim: Simulation, selected: { host: number; qpn: number } | null): ChallengeView | null {
    const c = this.c;
    if (!c) return null;
    const count = sim.world.trace.count;
    if (!this.memo || this.memo.count !== count || this.memo.now !== sim.now) {
      const w = sim.world;
      const slot = (host: number, qpn: number) => w.qps.find(host, qpn);
      // The transport lesson probe's shape (lessons/transport/probe.ts), its events from the fold.
      const probe = {
        now: sim.now, selected, profile: w.profile.id,
        state: (host: number, qpn: number) => { const s = slot(host, qpn); return s < 0 ? 'none' : LC_NAMES[w.qps.lc[s]]; },
        ctx: (host: number, qpn: number, field: string) => { const s = slot(host, qpn); const col = (w.qps.f as Record<string, ArrayLike<number>>)[field]; return s < 0 || !col ? NaN : col[s]; },
        since: (kind: string) => this.kept.get(kind) ?? [],
      };
      const st = goalStatus(c.goal, probe);
      this.memo = { count, now: sim.now, st };
      if (st.met && this.metAt === null) this.metAt = sim.now;
      if (!st.met && this.metAt !== null && sim.now < this.metAt) this.metAt = null;
    }
    const st = this.memo.st;
    return {
      title: c.title, text: c.text, met: st.met, parts: st.parts.map((p) => ({ text: p.text, met: p.met })), metAt: this.metAt,
      limits: { ...c.limits }, scoreLabel: c.score?.label,
      ...(this.missed > 0 ? { ungraded: this.missed } : {}),
    };
  }
}
