// Compare mode: the same scenario run under a second driver profile, in lockstep with the one
// on screen (same seed, same commands at the same instants), and the first event where the two
// traces part. Both runs are deterministic, so until a profile-dependent rule fires the traces
// are equal event for event; the first difference is exactly where the drivers disagree.
import { MAX_NS, Simulation, type CommandInput, type ProfileId, type Scenario, type SimEvent } from '../../core/index.ts';
import { Timeline } from './timeline.ts';
import type { CompareView } from './types.ts';

const BEFORE = 4;
const AFTER = 24;
const TAIL = 12;

function same(a: SimEvent, b: SimEvent): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Has `sim` run everything due at or before `t` (so no further event can be stamped ≤ t)? */
function settled(sim: Simulation, t: number): boolean {
  return sim.now > t || (sim.now === t && sim.nextDue() > t);
}

export class ProfileCompare {
  private tl: Timeline;
  /** Events of both runs already found equal, and the first index where they differ (-1: none yet). */
  private checked = 0;
  private diff = -1;

  constructor(scenario: Scenario, readonly profile: ProfileId, t: number) {
    this.tl = new Timeline(new Simulation({ ...scenario, config: { ...scenario.config, profile } }));
    this.tl.advance(Math.min(t, MAX_NS));
  }

  get sim(): Simulation { return this.tl.sim; }

  /** Follow the run on screen to instant `t` (forward, or back: restore and replay). */
  follow(t: number): void {
    if (t < this.tl.now) this.seek(t);
    else this.tl.advance(t);
  }

  seek(t: number): void {
    if (this.tl.seek(t)) this.rescan();
  }

  /** The person acted at the run's instant: the twin acts at the same instant. */
  act(cmd: CommandInput, t: number): void {
    this.follow(t);
    if (this.tl.fork()) this.rescan();
    this.tl.sim.issue(cmd);
    this.tl.afterAction();
  }

  private rescan(): void {
    this.checked = 0;
    this.diff = -1;
  }

  /** Compare the two traces up to what both have simulated; returns the view the page shows. */
  view(main: Simulation, mainProfile: ProfileId): CompareView {
    const a = main.world.trace.events;
    const b = this.tl.sim.world.trace.events;
    const upTo = Math.min(main.now, this.tl.now);
    if (this.checked > Math.min(a.length, b.length)) this.rescan();
    while (this.diff < 0 && this.checked < a.length && this.checked < b.length && a[this.checked].t <= upTo && b[this.checked].t <= upTo) {
      if (!same(a[this.checked], b[this.checked])) this.diff = this.checked;
      else this.checked++;
    }
    // One run has an event the other lacks at this index: a divergence too, once the shorter run
    // can no longer add an event at or before that one's instant (else an extra trailing event,
    // e.g. an SQ_DRAINED only rxe raises, would go unreported for ever at the end of a run).
    if (this.diff < 0 && this.checked === Math.min(a.length, b.length) && a.length !== b.length) {
      const [longer, shorter] = a.length > b.length ? [a, this.tl.sim] : [b, main];
      const extra = longer[this.checked];
      if (extra.t <= upTo && settled(shorter, extra.t)) this.diff = this.checked;
    }
    const from = this.diff >= 0 ? Math.max(0, this.diff - BEFORE) : Math.max(0, this.checked - TAIL);
    const to = this.diff >= 0 ? this.diff + AFTER : this.checked;
    const rows: CompareView['rows'] = [];
    for (let i = from; i < to && (i < a.length || i < b.length); i++) {
      const l = a[i] && a[i].t <= upTo ? a[i] : undefined;
      const r = b[i] && b[i].t <= upTo ? b[i] : undefined;
      if (!l && !r) break;
      rows.push({ i, left: l, right: r, first: i === this.diff });
    }
    const states = (s: Simulation) => s.summary().qps.map((q) => `${q.host}/${q.qpn}:${q.state}`);
    return {
      left: mainProfile, right: this.profile, t: upTo,
      firstDiff: this.diff >= 0 ? { index: this.diff, t: Math.min(a[this.diff]?.t ?? Infinity, b[this.diff]?.t ?? Infinity) } : null,
      rows, leftStates: states(main), rightStates: states(this.tl.sim),
    };
  }
}
