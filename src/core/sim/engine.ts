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
import { runCommand, runItem, type CommandResult } from './dispatch.ts';
import { EventHeap } from '../kit/heap.ts';
import { faultHooks } from '../world/hooks.ts';
import { Rng } from '../kit/rng.ts';
import { Trace, type TraceMark, type TraceMode } from '../kit/trace.ts';
import type { HostRt, Item, World } from '../world/world.ts';
import type { SimEvent } from '../model/events.ts';
import { profileOf } from '../model/profiles.ts';

export interface SimOptions {
  trace?: TraceMode;
  traceKeep?: number;
  maxItemsPerRun?: number;
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
}

export class Simulation {
  readonly scenario: Scenario;
  private w: World;
  /** Steps (items and commands) run so far by runUntil: lets callers budget across calls. */
  steps = 0;

  constructor(input: Scenario | unknown, private readonly opts: SimOptions = {}) {
    this.scenario = parseScenario(input);
    const cfg = this.scenario.config;
    const rng = new Rng(this.scenario.seed);
    this.w = {
      cfg, now: 0, seq: 0, heap: new EventHeap<Item>(), rng, qps: new QpStore(cfg.hosts.length, Math.max(64, opts.qpCapacity ?? 64, cfg.qps.length + 2 * cfg.groups.reduce((n, g) => n + g.count, 0))),
      rt: new Map(), work: [], cfgSlot: [], refill: {}, pktSeq: 0, wrSeq: 0, recvSeq: 0, cmdIndex: 0,
      counters: { posted: 0, completed: 0, flushed: 0, discarded: 0, cqe: {}, events: {}, successSends: 0, cqeLost: 0, cqePurged: 0, packets: 0, drops: 0 },
      profile: profileOf(cfg.profile), mrs: [], srqs: [],
      trace: new Trace<SimEvent>(opts.trace ?? 'full', opts.traceKeep ?? Infinity),
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
   * worker can keep each slice of work short.
   */
  runUntil(t: number, budget = Infinity): boolean {
    const w = this.w;
    const cap = this.opts.maxItemsPerRun ?? 20_000_000;
    w.horizon = t;
    let n = 0;
    for (;;) {
      if (n >= budget) { this.steps += n; return false; }
      const it = w.heap.peek();
      const cmd = w.commands[w.cmdIndex];
      const cmdDue = cmd !== undefined && cmd.t <= t;
      if (it && it.t <= t && (!cmdDue || it.t <= cmd.t)) {
        w.heap.pop();
        w.now = it.t;
        w.why = it.why ?? -1;
        runItem(w, it);
        if (++n > cap) throw new Error(`simulation: more than ${cap} steps before ${t} ns; the scenario does not settle`);
      } else if (cmdDue) {
        w.now = Math.max(w.now, cmd.t);
        w.cmdIndex++;
        w.why = -1;
        runCommand(w, cmd.cmd);
        n++;
      } else break;
    }
    this.steps += n;
    w.now = Math.max(w.now, t);
    return true;
  }

  /**
   * The typed event trace kept so far (`kind`, `t`, host, QPN and the kind's fields), oldest
   * first: the one sanctioned way for exports and outside tools to read what happened. With
   * `trace: 'hash'` or `'off'` nothing is kept; with `traceKeep` only the newest events are.
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
    const parsed = v.safeParse(CommandSchema, raw);
    if (!parsed.success) {
      const i = parsed.issues[0];
      const path = (i.path ?? []).map((p) => String(p.key)).join('.');
      return { ok: false, detail: `command${path ? `.${path}` : ''}: ${i.message}` };
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
    return {
      t: w.now, cmdIndex: w.cmdIndex,
      world: clonePlain({ now: w.now, seq: w.seq, rt: w.rt, work: w.work, cfgSlot: w.cfgSlot, refill: w.refill, counters: w.counters, pktSeq: w.pktSeq, wrSeq: w.wrSeq, recvSeq: w.recvSeq, cmdIndex: w.cmdIndex, storm: w.storm, mrs: w.mrs, srqs: w.srqs }),
      heap: w.heap.copy(), rng: w.rng.state(), qps: w.qps.snapshot(),
      hosts: w.hosts.map((h) => ({ ...clonePlain({ ...h, cache: null }), cache: h.cache.snapshot() })),
      trace: w.trace.mark(),
    };
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
      qps: Array.from({ length: q.n }, (_, s) => s).filter((s) => !q.gone[s]).map((s) => ({ host: q.host[s], qpn: q.qpn[s], type: QP_TYPES[q.type[s]], state: verbsState(q.lc[s]) })),
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
