// "Slow down near events": while playing, the speed eases down to a watchable pace around a NAK,
// a lost packet, an error completion, a move to ERR or SQE, a retry or an RNR wait, and eases back
// to the person's speed after. Decided in simulated terms only: the instants come from the trace
// (a packet's loss and a NAK's arrival are known when it is sent, so the slow-down starts before
// them), and the speed at a simulated instant depends on nothing but the trace up to it.
import type { SimEvent } from '../../core/index.ts';
import type { SlowView } from './types.ts';

/** Simulated ns per wall second near an event: a 1 µs flight takes half a second to watch. */
export const SLOW_SPEED = 2_000;
/** How long (simulated ns) the slow pace holds before a known instant and after any. */
const HOLD_BEFORE_NS = 1_500;
const HOLD_AFTER_NS = 3_000;
/** Easing back: the speed grows by e every RAMP_WALL_S × SLOW_SPEED simulated ns (≈ ¾ s of wall time). */
const RAMP_WALL_S = 0.75;
const LAMBDA_NS = SLOW_SPEED * RAMP_WALL_S;
/** Beyond this distance from every instant the chosen speed holds at any speed the page offers. */
const RELEVANT_NS = HOLD_AFTER_NS + LAMBDA_NS * Math.log(1e9 / SLOW_SPEED);
/** Sub-steps of a tick are at most this long (simulated), so an event nobody saw coming is overshot by at most this. */
const GRAIN_NS = 750;
/** On a rewound trace, how far back (simulated) to look for packets still to be lost or to land. */
const REBUILD_BACK_NS = 1_000_000;
const REBUILD_CAP = 200_000;
/** Work one tick may do across its sub-steps (the same order as one Timeline slice). */
const TICK_STEPS = 40_000;

interface Mark { t: number; why: string }

/** The instants the slow-down gathers around, with what happens there (in words for the page). */
export function marksOf(e: SimEvent): Mark[] {
  switch (e.kind) {
    case 'pkt':
      if (e.drop) return [{ t: Math.floor((e.start + e.arrive) / 2), why: 'a lost packet' }];
      if (e.syndrome && e.syndrome !== 'ACK') {
        const why = e.syndrome === 'RNR_NAK' ? 'an RNR NAK' : 'a NAK';
        return [{ t: e.start, why }, { t: e.arrive, why }];
      }
      return [];
    case 'cqe': return e.status !== 'IBV_WC_SUCCESS' && e.status !== 'IBV_WC_WR_FLUSH_ERR' ? [{ t: e.t, why: 'an error completion' }] : [];
    case 'wr-error': return [{ t: e.t, why: 'an error completion' }];
    case 'state': return e.to === 'ERR' || e.to === 'SQE' ? [{ t: e.t, why: `a QP moving to ${e.to}` }] : [];
    case 'retry': return [{ t: e.t, why: e.reason === 'rnr-nak' ? 'an RNR wait' : 'a retry' }];
    default: return [];
  }
}

/** The trace and clock the slow-down reads, and the way it moves time (a Timeline). */
export interface Playhead {
  /** The run itself: a new one (another scenario) starts the marks over. */
  readonly run: object;
  readonly now: number;
  readonly end: number;
  readonly count: number;
  readonly first: number;
  readonly events: readonly SimEvent[];
  readonly steps: number;
  advance(t: number): void;
}

export class SlowDown {
  on = false;
  private seen = 0;
  private run: object | null = null;
  private past: Mark | null = null;
  /** Known instants still ahead, soonest first. */
  private ahead: Mark[] = [];

  /** Bring the marks up to the trace: new events forward; a rewound trace is rebuilt around now. */
  private sync(p: Playhead): void {
    if (p.run !== this.run || p.count < this.seen) { this.run = p.run; this.rebuild(p); }
    const from = Math.max(this.seen, p.first);
    for (let i = from - p.first; i < p.events.length; i++) for (const m of marksOf(p.events[i])) this.add(m, p.now);
    this.seen = p.count;
    while (this.ahead.length && this.ahead[0].t <= p.now) { const m = this.ahead[0]; this.ahead.shift(); this.passed(m); }
  }

  private rebuild(p: Playhead): void {
    this.past = null;
    this.ahead = [];
    const ev = p.events;
    let i = ev.length - 1;
    for (let n = 0; i >= 0 && n < REBUILD_CAP && ev[i].t >= p.now - RELEVANT_NS - REBUILD_BACK_NS; i--, n++);
    for (let k = i + 1; k < ev.length; k++) for (const m of marksOf(ev[k])) this.add(m, p.now);
    this.seen = p.count;
  }

  private add(m: Mark, now: number): void {
    if (m.t <= now) { this.passed(m); return; }
    let k = this.ahead.length;
    while (k > 0 && this.ahead[k - 1].t > m.t) k--;
    this.ahead.splice(k, 0, m);
  }

  private passed(m: Mark): void {
    if (!this.past || m.t >= this.past.t) this.past = m;
  }

  /** The playback speed at the playhead for a chosen speed, and the instant that slows it. */
  speedAt(now: number, chosen: number): { speed: number; why: string | null } {
    const slow = Math.min(chosen, SLOW_SPEED);
    if (!this.on || chosen <= slow) return { speed: chosen, why: null };
    const before = this.ahead.length ? this.ahead[0].t - now - HOLD_BEFORE_NS : Infinity;
    const after = this.past ? now - this.past.t - HOLD_AFTER_NS : Infinity;
    const slack = Math.min(before, after);
    if (slack >= RELEVANT_NS) return { speed: chosen, why: null };
    const speed = slack <= 0 ? slow : Math.min(chosen, slow * Math.exp(slack / LAMBDA_NS));
    const why = before <= after || !this.past ? this.ahead[0].why : this.past.why;
    return speed < chosen ? { speed: Math.round(speed), why } : { speed: chosen, why: null };
  }

  /** One tick of playing: `wallMs` of wall time, spent at the speed of each simulated instant reached. */
  advance(p: Playhead, wallMs: number, chosen: number): void {
    let wall = Math.min(Math.max(0, wallMs || 0), 100) / 1000;
    const steps0 = p.steps;
    this.sync(p);
    while (wall > 1e-9 && p.now < p.end && p.steps - steps0 < TICK_STEPS) {
      const { speed } = this.speedAt(p.now, chosen);
      let dt = Math.min(speed * wall, GRAIN_NS);
      // Never run into a known instant's hold at a speed meant for far from it.
      const until = this.ahead.length ? this.ahead[0].t - HOLD_BEFORE_NS - p.now : Infinity;
      if (until > 0 && speed > SLOW_SPEED) dt = Math.min(dt, until);
      dt = Math.max(1, Math.round(dt));
      const target = p.now + dt;
      p.advance(target);
      this.sync(p);
      if (p.now < Math.min(target, p.end)) break;
      wall -= dt / speed;
    }
  }

  view(p: Playhead, chosen: number, playing: boolean): SlowView {
    this.sync(p);
    const { speed, why } = this.speedAt(p.now, chosen);
    return { on: this.on, speed: playing ? speed : chosen, why: playing ? why : null };
  }
}
