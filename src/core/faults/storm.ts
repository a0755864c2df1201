// The storm API for the Faults instrument and the CLI: a Simulation of a storm scenario, run
// in bounded slices, with its figures read as plain numbers and typed arrays.
import { Simulation, type Checkpoint, type SimOptions } from '../sim/engine.ts';
import type { CommandResult } from '../sim/dispatch.ts';
import type { PolicyName } from '../model/stormSchema.ts';
import type { Scenario } from '../model/schema.ts';
import { outstanding } from '../transport/cq.ts';
import { stormOf, type StormState } from './state.ts';
import { classJain, drainBlocker, isDrained, lastFlushLatencies, lostAndPending, pct, perCqFlush, reportLatencies, type Pct } from './metrics.ts';
import { PHASE, deviceStates, peerMap, phaseOf, unawareCount, type DeviceState } from './phase.ts';
import { stormScenario, type FaultKind, type StormConfig } from './stormScenario.ts';
import { programView, type ProgramOptions, type ProgramView } from './program.ts';
import { notableQp, reportWhy, servedBetween, type NotableQp, type ReportWhy } from './why.ts';

export interface StormSummary {
  qps: number;
  fault: string;
  policy: PolicyName;
  eqDepth: number;
  /** The event queue's real size after the driver's rounding and spare entries. */
  eqSlots: number;
  consumer: string;
  /** Each NIC's device state (phase.ts): alive, dead (not noticed yet), internal-error, resetting, new-device. */
  devices: DeviceState[];
  serviceNs: number;
  faulted: number;
  /** Affected QPs whose connection was cut but that never learned of it (idle, no timer running). */
  unaware: number;
  reported: number;
  lostReports: number;
  /** Faulted QPs whose report may still come (0 once drained). */
  pendingReports: number;
  events: Record<string, number>;
  eqOverruns: number;
  /** Async events the NIC could not deliver (overrun, broken or dead queue): a QP's event lost is not yet its report lost (an error CQE may still tell). */
  lostEvents: number;
  cqOverruns: number;
  /** IBV_EVENT_QP_LAST_WQE_REACHED of SRQ-attached QPs: raised = delivered + lost once drained (each a QP event through the EQ). */
  lastWqe: { raised: number; delivered: number; lost: number };
  flushCqes: number;
  wr: { posted: number; completed: number; flushed: number; discarded: number; outstanding: number };
  reportNs: Pct;
  lastFlushNs: Pct;
  perClass: { class: number; name: string; reported: number; reportP99Ns: number }[];
  jain: number;
  drained: boolean;
  /** Why the storm has not drained (absent once it has). */
  notDrained?: string;
  simTimeNs: number;
  traceHash: string;
}

/** Per-QP cell codes of grid().phase (phase.ts). */
export { PHASE };

export interface StormGrid {
  /** Slots of the affected QPs (the posting side of every group), in creation order. */
  slots: Int32Array;
  qpn: Uint32Array;
  host: Uint8Array;
  cls: Uint8Array;
  lc: Uint8Array;
  phase: Uint8Array;
  /** Per QP, ns after the fault (−1 when it has not happened): detection, report, last flush CQE. */
  detectNs: Float64Array;
  reportNs: Float64Array;
  lastFlushNs: Float64Array;
}

export interface StormCheckpoint { sim: Checkpoint }

export class Storm {
  readonly sim: Simulation;
  readonly fault: string;
  readonly qps: number;

  constructor(input: StormConfig | Scenario | unknown, opts: SimOptions = {}) {
    const isConfig = typeof input === 'object' && input !== null && 'fault' in input && 'qps' in input;
    const cfg = isConfig ? (input as StormConfig) : null;
    this.sim = new Simulation(cfg ? stormScenario(cfg) : input, { trace: 'hash', ...opts });
    if (!this.sim.world.storm) throw new Error('not a storm scenario: it has neither config.groups nor config.channel');
    this.fault = cfg?.fault ?? this.sim.scenario.title ?? 'scenario';
    this.qps = cfg?.qps ?? this.affectedSlots().length;
  }

  private get st(): StormState { return stormOf(this.sim.world); }
  get now(): number { return this.sim.now; }
  get policy(): PolicyName { return this.st.policy; }

  /** Advance to `t`; with `budget`, stop after that many steps (false = not there yet). */
  runUntil(t: number, budget = Infinity): boolean {
    return this.sim.runUntil(t, budget);
  }

  drained(): boolean {
    return isDrained(this.sim.world, this.drainCursor);
  }
  /** Where the last drain check found work (a hint for the next one; see isDrained). */
  private readonly drainCursor = { at: 0 };

  /**
   * Run until the storm has drained (checked every `checkNs` of simulated time) or the scenario's
   * duration is reached. With `budget`, stop after that many steps; true once drained.
   */
  runToDrain(budget = Infinity, checkNs = 5_000_000): boolean {
    const end = this.sim.scenario.config.durationNs;
    const stop = this.sim.steps + budget;
    // One drain check per round: proving a storm drained scans every slot.
    for (;;) {
      if (this.drained()) return true;
      if (this.sim.now >= end) return false;
      const done = this.sim.runUntil(Math.min(end, this.sim.now + checkNs), stop - this.sim.steps);
      if (!done || this.sim.steps >= stop) return this.drained();
    }
  }

  /** Switch the arbitration policy now (recorded, so a replay switches at the same instant). */
  setPolicy(policy: PolicyName): CommandResult {
    return this.sim.issue({ kind: 'setPolicy', policy });
  }

  checkpoint(): StormCheckpoint { return { sim: this.sim.checkpoint() }; }
  restore(c: StormCheckpoint): void { this.sim.restore(c.sim); }

  affectedSlots(): Int32Array {
    const st = this.st;
    const g = this.sim.world.cfg.groups;
    const out: number[] = [];
    for (let i = 0; i < st.groupSlots.length; i++) {
      const s = st.groupSlots[i];
      const side = g[st.group[s]].post?.side ?? 'local';
      if ((side === 'local') === (st.groupSide[i] === 0)) out.push(s);
    }
    return Int32Array.from(out);
  }

  /** Per-QP state for a canvas grid: lifecycle code, storm phase and class, as typed arrays. */
  grid(): StormGrid {
    const w = this.sim.world;
    const st = this.st;
    const slots = this.affectedSlots();
    const n = slots.length;
    const g: StormGrid = {
      slots, qpn: new Uint32Array(n), host: new Uint8Array(n), cls: new Uint8Array(n), lc: new Uint8Array(n), phase: new Uint8Array(n),
      detectNs: new Float64Array(n), reportNs: new Float64Array(n), lastFlushNs: new Float64Array(n),
    };
    const rel = (x: number) => (x >= 0 ? x - st.t0 : -1);
    const over = this.drained();
    const peers = peerMap(st);
    for (let i = 0; i < n; i++) {
      const s = slots[i];
      g.qpn[i] = w.qps.qpn[s]; g.host[i] = w.qps.host[s]; g.cls[i] = st.cls[s]; g.lc[i] = w.qps.lc[s];
      g.detectNs[i] = rel(st.detectAt[s]); g.reportNs[i] = rel(st.reportAt[s]); g.lastFlushNs[i] = rel(st.lastFlushAt[s]);
      g.phase[i] = phaseOf(w, st, s, over, peers.get(s));
    }
    return g;
  }

  /** The "why?" of grid QP `i`'s report (null: no such QP). */
  why(i: number): ReportWhy | null {
    const slots = this.affectedSlots();
    return Number.isInteger(i) && i >= 0 && i < slots.length ? reportWhy(this.sim.world, slots[i]) : null;
  }

  /** Per grid QP, whether the engine took it while grid QP `i` waited (why.ts servedBetween). */
  servedWhileWaiting(i: number): Uint8Array {
    const slots = this.affectedSlots();
    return servedBetween(this.sim.world, slots, slots[i]);
  }

  /** Grid index of a QP worth asking about (why.ts notableQp), or -1. */
  notable(kind: NotableQp): number {
    return notableQp(this.sim.world, this.affectedSlots(), kind);
  }

  /** Async-EQ occupancy over time on `host` (decimated samples). */
  eqSeries(host = 0): { t: Float64Array; used: Float64Array; size: number } {
    const h = this.st.hosts[host];
    return { t: Float64Array.from(h.occT), used: Float64Array.from(h.occN), size: this.st.channel?.eqSize ?? 0 };
  }

  /** Fault → report latencies (ns), ascending, overall and per class: the distribution to draw. */
  latencies(): { all: Float64Array; byClass: Float64Array[]; delayByClass: Float64Array[] } {
    return reportLatencies(this.sim.world);
  }

  /** The program's side (program.ts): when it learned of each failure, and when each QP could be destroyed. */
  program(o?: ProgramOptions): ProgramView {
    return programView(this.sim.world, this.affectedSlots(), o);
  }

  perCq(): { host: number; cq: number; flushCqes: number; perUs: number }[] {
    return perCqFlush(this.sim.world);
  }

  summary(): StormSummary {
    const w = this.sim.world;
    const st = this.st;
    const c = w.counters;
    const lat = reportLatencies(w);
    const { lost, pending } = lostAndPending(w);
    const blocker = drainBlocker(w);
    const classes = w.cfg.classes.length ? w.cfg.classes : [{ name: 'all', weight: 1, priority: 0 }];
    return {
      qps: this.qps, fault: this.fault as FaultKind, policy: st.policy,
      eqDepth: st.channel?.eqDepth ?? 0, eqSlots: st.channel?.eqSize ?? 0, consumer: st.channel?.consumer ?? 'kernel', devices: deviceStates(w, st), serviceNs: st.channel?.serviceNs ?? 0,
      faulted: st.faulted, unaware: unawareCount(w, st, this.affectedSlots()), reported: st.reported, lostReports: lost, pendingReports: pending,
      events: { ...c.events }, eqOverruns: st.eqOverruns, lostEvents: st.lostEqes, cqOverruns: st.cqOverruns,
      lastWqe: { raised: st.lastWqeRaised, delivered: c.events.IBV_EVENT_QP_LAST_WQE_REACHED ?? 0, lost: st.lastWqeLost }, flushCqes: st.flushCqes,
      wr: { posted: c.posted, completed: c.completed, flushed: c.flushed, discarded: c.discarded, outstanding: outstanding(w) },
      reportNs: pct(lat.all), lastFlushNs: pct(lastFlushLatencies(w)),
      perClass: classes.map((cl, i) => ({ class: i, name: cl.name, reported: lat.byClass[i]?.length ?? 0, reportP99Ns: pct(lat.byClass[i] ?? new Float64Array(0)).p99 })),
      jain: Math.round(classJain(lat.delayByClass) * 1e6) / 1e6,
      drained: blocker === null, ...(blocker === null ? {} : { notDrained: blocker }), simTimeNs: w.now, traceHash: w.trace.hash(),
    };
  }
}

export function createStorm(input: StormConfig | Scenario | unknown, opts?: SimOptions): Storm {
  return new Storm(input, opts);
}

/** Two policies on the same storm, advanced in lockstep (same instants, same budget each). */
export class StormCompare {
  readonly a: Storm;
  readonly b: Storm;
  constructor(cfg: StormConfig, policies: readonly [PolicyName, PolicyName], opts?: SimOptions) {
    this.a = new Storm({ ...cfg, policy: policies[0] }, opts);
    this.b = new Storm({ ...cfg, policy: policies[1] }, opts);
  }
  runUntil(t: number, budget = Infinity): boolean {
    const x = this.a.runUntil(t, budget);
    const y = this.b.runUntil(t, budget);
    return x && y;
  }
  drained(): boolean { return this.a.drained() && this.b.drained(); }
}

export function compareStorms(cfg: StormConfig, policies: readonly [PolicyName, PolicyName], opts?: SimOptions): StormCompare {
  return new StormCompare(cfg, policies, opts);
}
