// Compare mode: the same scenario run under a second driver profile, in lockstep with the one
// on screen (same seed, same commands at the same instants), and the first event where the two
// traces part. Both runs are deterministic, so until a profile-dependent rule fires the traces
// are equal event for event; the first difference is exactly where the drivers disagree.
//
// Both traces keep only a window of their newest events, so the runs are compared as they go
// (after every move of the run on screen), event by absolute index, and the rows around the
// first difference are kept when found. Turned on mid-run, the twin catches up beside a shadow
// of the run on screen (same scenario, same profile), compared slice by slice, so the first
// difference is found however far back it lies. Events that left a window before they could be
// compared (one move producing more than a window) are counted, never passed over in silence.
import { MAX_NS, Simulation, type CommandInput, type ProfileId, type Scenario, type SimEvent, type SimOptions } from '../../core/index.ts';
import { Timeline } from './timeline.ts';
import type { CompareView } from './types.ts';

const BEFORE = 4;
const AFTER = 24;
const TAIL = 12;

function same(a: SimEvent, b: SimEvent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

type Row = { left?: SimEvent; right?: SimEvent };

/** Has `sim` run everything due at or before `t` (so no further event can be stamped ≤ t)? */
function settled(sim: Simulation, t: number): boolean {
  return sim.now > t || (sim.now === t && sim.nextDue() > t);
}

export class ProfileCompare {
  private tl: Timeline;
  /** Events [0, checked) of both runs were found equal; `diff` is the first that is not (-1: none yet). */
  private checked = 0;
  private diff = -1;
  private unchecked = 0;
  private rows = new Map<number, Row>();

  constructor(scenario: Scenario, readonly profile: ProfileId, t: number, opts: SimOptions = {}) {
    this.tl = new Timeline(new Simulation({ ...scenario, config: { ...scenario.config, profile } }, opts));
    const upTo = Math.min(t, MAX_NS);
    if (upTo <= 0) return;
    const shadow = new Timeline(new Simulation(scenario, opts));
    shadow.afterSlice = () => { this.tl.reach(shadow.now); this.check(shadow.sim); };
    shadow.reach(upTo);
    this.tl.reach(upTo);
  }

  get sim(): Simulation { return this.tl.sim; }

  /** Follow the run on screen to its instant (forward, or back: restore and replay). */
  follow(main: Simulation): void {
    if (main.now < this.tl.now) this.seek(main);
    else { this.tl.reach(main.now); this.check(main); }
  }

  seek(main: Simulation): void {
    if (this.tl.seek(main.now)) this.trim(main);
    this.check(main);
  }

  /** The person acted on the run on screen at its instant: the twin acts at the same instant. */
  act(cmd: CommandInput, main: Simulation, forked: boolean): void {
    if (main.now < this.tl.now) this.tl.seek(main.now);
    else this.tl.reach(main.now);
    if (this.tl.fork() || forked) this.trim(main);
    this.tl.sim.issue(cmd);
    this.tl.afterAction();
    this.check(main);
  }

  /** After a rewind or a fork: what was compared before the common count still holds. */
  private trim(main: Simulation): void {
    const upTo = Math.min(main.world.trace.count, this.tl.sim.world.trace.count);
    this.checked = Math.min(this.checked, upTo);
    if (this.diff >= upTo) this.diff = -1;
    for (const i of [...this.rows.keys()]) if (i >= upTo) this.rows.delete(i);
    if (this.diff < 0) this.rows.clear();
  }

  /** Compare what both runs have simulated and still keep. */
  private check(main: Simulation): void {
    const A = main.world.trace;
    const B = this.tl.sim.world.trace;
    const upTo = Math.min(main.now, this.tl.now);
    const lo = Math.max(A.first, B.first);
    if (this.diff < 0 && this.checked < lo) { this.unchecked += lo - this.checked; this.checked = lo; }
    while (this.diff < 0 && this.checked < A.count && this.checked < B.count) {
      const a = A.at(this.checked), b = B.at(this.checked);
      if (!a || !b) break;
      if (a.t > upTo || b.t > upTo) break;
      if (!same(a, b)) this.diff = this.checked;
      else this.checked++;
    }
    // One run has an event the other lacks at this index: a divergence too, once the shorter run
    // can no longer add an event at or before that one's instant (else an extra trailing event,
    // e.g. an SQ_DRAINED only rxe raises, would go unreported for ever at the end of a run).
    if (this.diff < 0 && this.checked === Math.min(A.count, B.count) && A.count !== B.count) {
      const [longer, shorter] = A.count > B.count ? [A, this.tl.sim] : [B, main];
      const extra = longer.at(this.checked);
      if (extra && extra.t <= upTo && settled(shorter, extra.t)) this.diff = this.checked;
    }
    if (this.diff < 0) return;
    // Keep the rows around the difference while both windows still hold them.
    for (let i = Math.max(0, this.diff - BEFORE); i < this.diff + AFTER; i++) {
      const r = this.rows.get(i) ?? {};
      const l = A.at(i), x = B.at(i);
      if (!r.left && l && l.t <= upTo) r.left = l;
      if (!r.right && x && x.t <= upTo) r.right = x;
      if (r.left || r.right) this.rows.set(i, r);
    }
  }

  /** The view the page shows: the first difference and the events around it (or the latest equal ones). */
  view(main: Simulation, mainProfile: ProfileId): CompareView {
    this.check(main);
    const upTo = Math.min(main.now, this.tl.now);
    const rows: CompareView['rows'] = [];
    if (this.diff >= 0) {
      for (const [i, r] of [...this.rows].sort((a, b) => a[0] - b[0])) rows.push({ i, ...r, first: i === this.diff });
    } else {
      const A = main.world.trace, B = this.tl.sim.world.trace;
      for (let i = Math.max(0, this.checked - TAIL, A.first, B.first); i < this.checked; i++) rows.push({ i, left: A.at(i), right: B.at(i), first: false });
    }
    const d = this.rows.get(this.diff);
    const states = (s: Simulation) => s.summary().qps.map((q) => `${q.host}/${q.qpn}:${q.state}`);
    return {
      left: mainProfile, right: this.profile, t: upTo,
      firstDiff: this.diff >= 0 ? { index: this.diff, t: Math.min(d?.left?.t ?? Infinity, d?.right?.t ?? Infinity) } : null,
      rows, leftStates: states(main), rightStates: states(this.tl.sim),
      ...(this.unchecked > 0 ? { unchecked: this.unchecked } : {}),
    };
  }
}
