// The simulation: a world, a clock, and the fold of (scheduled items ∪ scenario commands) in
// (time, seq) order. Commands due at time t run after every item due at or before t, both
// live and on replay, so a recorded session replays to the same trace byte for byte.
import { parseScenario, CommandSchema, type Command, type Scenario } from '../model/schema.ts';
import { QpStore } from '../model/qpStore.ts';
import { makeCtxCache } from '../world/ctxCache.ts';
import { QpcCache } from '../memory/cache.ts';
import { outstanding } from '../transport/cq.ts';
import { verbsState } from '../qp/lifecycle.ts';
import { QP_TYPES } from '../verbs/types.ts';
import * as v from 'valibot';
import { bringUp, startApp } from './app.ts';
import { clonePlain } from '../kit/clone.ts';
import { SlotTable } from '../kit/slotTable.ts';
import { issueText } from '../kit/valid.ts';
import { runCommand, runItem, type CommandResult } from './dispatch.ts';
import { EventHeap } from '../kit/heap.ts';
import { faultHooks } from '../world/hooks.ts';
import { Rng } from '../kit/rng.ts';
import { Trace, type TraceMark, type TraceMode } from '../kit/trace.ts';
import type { HostRt, Item, World } from '../world/world.ts';
import type { SimEvent } from '../model/events.ts';
import { profileOf } from '../model/profiles.ts';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_STEPS, DEFAULT_TRACE_KEEP, MEMORY_CHECK_STEPS, stateBytes, stopMessage, type StateBytes, type StopReason, type Stopped } from './budget.ts';
import { checkpointBytes } from './checkpointBytes.ts';
import { newHwFold } from '../hw/quantities.ts';
import { countersOf, countersNotModelled } from '../hw/counterDefs.ts';

export interface SimOptions {
  /** 'full' keeps a window of events (and hashes all), 'hash' only hashes, 'off' neither. */
  trace?: TraceMode;
  /** Events the trace window keeps in memory (default DEFAULT_TRACE_KEEP; Infinity keeps all). */
  traceKeep?: number;
  /** Work budget: steps from t = 0 (default DEFAULT_MAX_STEPS). */
  maxSteps?: number;
  /** Memory budget: estimated bytes of the model's state (default DEFAULT_MAX_BYTES). */
  maxBytes?: number;
  /** QPs to reserve room for up front (a driver knows its device's max_qp). */
  qpCapacity?: number;
}

export interface Summary {
  title?: string;
  simTimeNs: number;
  wr: { posted: number; completed: number; flushed: number; discarded: number; outstanding: number };
  cqe: Record<string, number>;
  /** CQEs not written: their CQ was full, or in error after an overrun (one IBV_EVENT_CQ_ERR each overrun). */
  cqeLost: number;
  /** CQEs written and then removed unpolled by RESET or destroy (the profile decides whether a driver does that). */
  cqePurged: number;
  cache: { hits: number; misses: number; evictions: number; writebacks: number };
  events: Record<string, number>;
  packets: { sent: number; dropped: number };
  throughputMops: number;
  traceHash: string;
  traceEvents: number;
  qps: { host: number; qpn: number; type: string; state: string }[];
  /**
   * Hardware counters per host index, named as the scenario's driver profile names them (mlx5
   * port hw_counters, rxe's own, the IBTA PortCounters): only the counters the model produces.
   */
  counters: Record<number, Record<string, number>>;
  /** The profile's counters the model cannot produce: listed by name, never reported as 0 (core/hw/counterDefs.ts says why each). */
  countersNotModelled: string[];
  /** Present only when a budget stopped the run: why, where, and after how many steps. */
  stopped?: Stopped;
}

export interface Checkpoint {
  t: number;
  cmdIndex: number;
  world: Omit<World, 'cfg' | 'trace' | 'commands' | 'heap' | 'rng' | 'qps' | 'hosts' | 'horizon' | 'why' | 'profile'>;
  heap: EventHeap<Item>;
  rng: number[];
  qps: ReturnType<QpStore['snapshot']>;
  hosts: (Omit<HostRt, 'cache'> & { cache: unknown })[];
  trace: TraceMark;
  /** Steps from t = 0 to this instant (the work budget continues from here after a restore). */
  steps: number;
  /** Estimated bytes this checkpoint holds (the timeline keeps its checkpoints within a budget). */
  bytes: number;
}

export class Simulation {
  readonly scenario: Scenario;
  private w: World;
  /**
   * Steps (items and commands) from t = 0 to now along this timeline: lets callers budget
   * across calls, and is the work budget's count (a restore sets it back with the clock).
   */
  steps = 0;
  private readonly maxSteps: number;
  private readonly maxBytes: number;
  private halted: Stopped | null = null;

  constructor(input: Scenario | unknown, private readonly opts: SimOptions = {}) {
    this.scenario = parseScenario(input);
    this.maxSteps = opts.maxSteps ?? DEFAULT_MAX_STEPS;
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    const cfg = this.scenario.config;
    const rng = new Rng(this.scenario.seed);
    this.w = {
      cfg, now: 0, seq: 0, heap: new EventHeap<Item>(), rng, qps: new QpStore(cfg.hosts.length, Math.max(64, opts.qpCapacity ?? 64, cfg.qps.length + 2 * cfg.groups.reduce((n, g) => n + g.count, 0))),
      rt: new SlotTable(), work: [], cfgSlot: [], refill: {}, pktSeq: 0, wrSeq: 0, recvSeq: 0, cmdIndex: 0,
      counters: { posted: 0, completed: 0, flushed: 0, discarded: 0, cqe: {}, events: {}, successSends: 0, cqeLost: 0, cqePurged: 0, packets: 0, drops: 0, hw: newHwFold(cfg.hosts.length) },
      profile: profileOf(cfg.profile), mrs: [], srqs: [],
      trace: new Trace<SimEvent>(opts.trace ?? 'full', opts.traceKeep ?? DEFAULT_TRACE_KEEP),
      commands: [...this.scenario.commands].sort((a, b) => a.t - b.t), storm: null, horizon: 0, why: -1,
      hosts: cfg.hosts.map((h) => ({
        cqs: h.cqDepths.map((depth) => ({ depth, entries: [], written: 0, polled: 0, overrun: false })), txFree: 0, txBusy: false, ready: [], readyHead: 0,
        rxFree: 0, portFree: 0, pollGen: 0, pollIntervalNs: h.pollIntervalNs, dropNext: 0, down: 0,
        cache: makeCtxCache(cfg.nic.cache, rng),
      })),
    };
    bringUp(this.w);
    if (cfg.groups.length > 0 || cfg.channel) faultHooks().setup(this.w);
    startApp(this.w);
  }

  get now(): number { return this.w.now; }
  /** Read-only access for projections (views, tests). */
  get world(): Readonly<World> { return this.w; }
  get commands(): readonly Scenario['commands'][number][] { return this.w.commands; }

  /**
   * Advance simulated time to `t`, running everything due on the way. With a `budget`, stops
   * after that many steps and returns false (the clock then stands at the last step run), so a
   * worker can keep each slice of work short. Returns false too once the run's own work or
   * memory budget has stopped it (`stopped`): the clock then stays at the instant reached.
   */
  runUntil(t: number, budget = Infinity): boolean {
    if (this.halted) return false;
    const w = this.w;
    w.horizon = t;
    const start = this.steps;
    // One comparison per step: the loop stops at the nearest of the caller's budget, the work
    // budget and the next memory check; which one it was is sorted out outside the hot path.
    const room = this.maxSteps - start;
    let memAt = (Math.floor(start / MEMORY_CHECK_STEPS) + 1) * MEMORY_CHECK_STEPS - start;
    let stopAt = Math.min(budget, room, memAt);
    let n = 0;
    for (;;) {
      if (n >= stopAt) {
        if (n >= room) { this.steps = start + n; this.halt('work', this.maxSteps); return false; }
        if (n >= budget) { this.steps = start + n; return false; }
        const state = stateBytes(w);
        if (state.total > this.maxBytes) { this.steps = start + n; this.halt('memory', this.maxBytes, state); return false; }
        memAt += MEMORY_CHECK_STEPS;
        stopAt = Math.min(budget, room, memAt);
      }
      const it = w.heap.peek();
      const cmd = w.commands[w.cmdIndex];
      const cmdDue = cmd !== undefined && cmd.t <= t;
      if (it && it.t <= t && (!cmdDue || it.t <= cmd.t)) {
        w.heap.pop();
        w.now = it.t;
        w.why = it.why ?? -1;
        runItem(w, it);
        n++;
      } else if (cmdDue) {
        w.now = Math.max(w.now, cmd.t);
        w.cmdIndex++;
        w.why = -1;
        runCommand(w, cmd.cmd);
        n++;
      } else break;
    }
    this.steps = start + n;
    w.now = Math.max(w.now, t);
    return true;
  }

  private halt(reason: StopReason, limit: number, state?: StateBytes): void {
    const t = this.w.now;
    this.halted = { reason, t, steps: this.steps, message: stopMessage(reason, t, limit, state) };
  }

  /** Set once a work or memory budget stopped the run (cleared by restoring an earlier checkpoint). */
  get stopped(): Stopped | null { return this.halted; }

  /**
   * The typed event trace kept so far (`kind`, `t`, host, QPN and the kind's fields), oldest
   * first: the one sanctioned way for exports and outside tools to read what happened. Only the
   * newest `traceKeep` events are kept (events()[0] is absolute event eventsFrom()); with
   * `trace: 'hash'` or `'off'` nothing is kept. The array is the trace's own window: read it,
   * do not keep it across runUntil calls (the window moves).
   */
  events(): readonly SimEvent[] {
    return this.w.trace.events;
  }

  /**
   * Cause links beside events(): for each kept event, the absolute trace index of the event that
   * caused it, or -1 for a root (a person's command, the scenario's commands, the application's
   * own posting and polling timers). The absolute index of events()[i] is eventsFrom() + i.
   */
  causes(): readonly number[] {
    return this.w.trace.causes;
  }

  /** Absolute trace index of events()[0]. */
  eventsFrom(): number {
    return this.w.trace.first;
  }

  /**
   * The causal chain of the event at absolute index `i`, back to its root: [i, cause of i, …].
   * Stops at a root, at an event no longer kept in memory, or after `max` links.
   */
  why(i: number, max = 200): number[] {
    const tr = this.w.trace;
    const out: number[] = [];
    let k: number | undefined = i;
    while (k !== undefined && k >= 0 && out.length < max) {
      if (tr.causeOf(k) === undefined) break;
      out.push(k);
      k = tr.causeOf(k);
    }
    return out;
  }

  /** Time of the next thing due (scheduled item or recorded command), or Infinity. */
  nextDue(): number {
    const it = this.w.heap.peek();
    const cmd = this.w.commands[this.w.cmdIndex];
    return Math.min(it ? it.t : Infinity, cmd ? cmd.t : Infinity);
  }

  /** Run to the scenario's duration and summarise. */
  run(): Summary {
    this.runUntil(this.w.cfg.durationNs);
    return this.summary();
  }

  /**
   * A command issued live at the current instant. It is recorded in the scenario (any recorded
   * future is dropped: acting in the past forks the timeline) and applied at once.
   */
  issue(raw: Command | unknown): CommandResult {
    if (this.halted) return { ok: false, detail: this.halted.message };
    const parsed = v.safeParse(CommandSchema, raw);
    if (!parsed.success) {
      return { ok: false, detail: issueText(parsed.issues[0], 'command') };
    }
    const w = this.w;
    // A replay runs a command due at t after every item due at or before t: so must the live
    // path, or a command issued before the clock has run the items already due (a fresh
    // scenario at t = 0) would act first live and second on replay.
    this.runUntil(w.now);
    w.commands.length = w.cmdIndex;
    w.commands.push({ t: w.now, cmd: parsed.output });
    w.cmdIndex++;
    w.why = -1;
    const r = runCommand(w, parsed.output);
    this.runUntil(w.now);
    return r;
  }

  checkpoint(): Checkpoint {
    const w = this.w;
    const c: Checkpoint = {
      t: w.now, cmdIndex: w.cmdIndex,
      world: clonePlain({ now: w.now, seq: w.seq, rt: w.rt, work: w.work, cfgSlot: w.cfgSlot, refill: w.refill, counters: w.counters, pktSeq: w.pktSeq, wrSeq: w.wrSeq, recvSeq: w.recvSeq, cmdIndex: w.cmdIndex, storm: w.storm, mrs: w.mrs, srqs: w.srqs }),
      heap: w.heap.copy(), rng: w.rng.state(), qps: w.qps.snapshot(),
      hosts: w.hosts.map((h) => ({ ...clonePlain({ ...h, cache: null }), cache: h.cache.snapshot() })),
      trace: w.trace.mark(), steps: this.steps, bytes: 0,
    };
    c.bytes = checkpointBytes(c);
    return c;
  }

  /**
   * The checkpoint of t = 0, rebuilt: a fresh bring-up of the same scenario (without the
   * commands, which run later; they stay this run's). A timeline need not keep a large start.
   */
  origin(): Checkpoint {
    return new Simulation({ ...this.scenario, commands: [] }, this.opts).checkpoint();
  }

  restore(c: Checkpoint): void {
    const w = this.w;
    const rng = new Rng(c.rng);
    const s = clonePlain(c.world);
    Object.assign(w, s, {
      heap: c.heap.copy(), rng, qps: QpStore.restore(c.qps),
      hosts: c.hosts.map((h) => ({ ...clonePlain({ ...h, cache: null }), cache: QpcCache.restore(h.cache, rng) })),
    });
    w.trace.rewind(c.trace);
    this.steps = c.steps;
    this.halted = null;
  }

  summary(): Summary {
    const w = this.w;
    const c = w.counters;
    const cache = { hits: 0, misses: 0, evictions: 0, writebacks: 0 };
    for (const h of w.hosts) {
      cache.hits += h.cache.stats.hits; cache.misses += h.cache.stats.misses;
      cache.evictions += h.cache.stats.evictions; cache.writebacks += h.cache.stats.writebacks;
    }
    const q = w.qps;
    return {
      title: this.scenario.title,
      simTimeNs: w.now,
      wr: { posted: c.posted, completed: c.completed, flushed: c.flushed, discarded: c.discarded, outstanding: outstanding(w) },
      cqe: { ...c.cqe }, cqeLost: c.cqeLost, cqePurged: c.cqePurged, cache, events: { ...c.events },
      packets: { sent: c.packets, dropped: c.drops },
      throughputMops: w.now > 0 ? round3((c.successSends * 1000) / w.now) : 0,
      traceHash: w.trace.hash(), traceEvents: w.trace.count,
      counters: Object.fromEntries(c.hw.q.map((hq, h) => [h, countersOf(w.profile.id, hq)])),
      countersNotModelled: countersNotModelled(w.profile.id),
      qps: Array.from({ length: q.n }, (_, s) => s).filter((s) => !q.gone[s]).map((s) => ({ host: q.host[s], qpn: q.qpn[s], type: QP_TYPES[q.type[s]], state: verbsState(q.lc[s]) })),
      ...(this.halted ? { stopped: { ...this.halted } } : {}),
    };
  }
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function createSimulation(scenario: Scenario | unknown, opts?: SimOptions): Simulation {
  return new Simulation(scenario, opts);
}

export function runScenario(scenario: Scenario | unknown, opts?: SimOptions): Summary {
  return new Simulation(scenario, opts).run();
}
