// Builders for tests: small scenarios written the way a person would describe them.
import type { ScenarioInput, SimEvent } from '../index.ts';
import { Simulation } from '../sim/engine.ts';

type QpIn = ScenarioInput['config']['qps'][number];
type WorkIn = NonNullable<ScenarioInput['config']['workloads']>[number];
type CmdIn = NonNullable<ScenarioInput['commands']>[number];

export interface PairOptions {
  type?: 'RC' | 'UC' | 'UD';
  a?: Partial<QpIn>;
  b?: Partial<QpIn>;
  /** Extra QPs (e.g. a neighbour on the same CQ). */
  extra?: QpIn[];
  workloads?: WorkIn[];
  commands?: CmdIn[];
  durationNs?: number;
  seed?: number;
  poll?: number;
  cqDepth?: number;
}

/** Host A (0) and host B (1), one QP each, connected unless UD, brought to RTS. */
export function pair(o: PairOptions = {}): ScenarioInput {
  const type = o.type ?? 'RC';
  const connected = type !== 'UD';
  return {
    version: 1,
    seed: o.seed ?? 7,
    config: {
      durationNs: o.durationNs ?? 200_000,
      hosts: [
        { name: 'A', pollIntervalNs: o.poll ?? 1000, cqDepths: [o.cqDepth ?? 256, o.cqDepth ?? 256] },
        { name: 'B', pollIntervalNs: o.poll ?? 1000, cqDepths: [o.cqDepth ?? 256, o.cqDepth ?? 256] },
      ],
      qps: [
        { host: 0, type, peer: connected ? 1 : undefined, recvs: 16, refill: true, ...o.a },
        { host: 1, type, peer: connected ? 0 : undefined, recvs: 16, refill: true, ...o.b },
        ...(o.extra ?? []),
      ],
      workloads: o.workloads ?? [],
    },
    commands: o.commands ?? [],
  };
}

export const A = 0, B = 1;
export const QA = 0x100, QB = 0x200;

export function run(s: ScenarioInput, until?: number): Simulation {
  const sim = new Simulation(s);
  sim.runUntil(until ?? s.config.durationNs ?? 200_000);
  return sim;
}

export function events<K extends SimEvent['kind']>(sim: Simulation, kind: K): Extract<SimEvent, { kind: K }>[] {
  return sim.world.trace.events.filter((e) => e.kind === kind) as Extract<SimEvent, { kind: K }>[];
}

export function cqes(sim: Simulation, host: number, qpn: number, queue?: 'sq' | 'rq') {
  return events(sim, 'cqe').filter((e) => e.host === host && e.qpn === qpn && (!queue || e.queue === queue));
}

export function stateOf(sim: Simulation, host: number, qpn: number): string {
  const qp = sim.summary().qps.find((q) => q.host === host && q.qpn === qpn);
  if (!qp) throw new Error(`no QP 0x${qpn.toString(16)} on host ${host}`);
  return qp.state;
}

/** The conservation identity of DESIGN.md: posted = completed + discarded + outstanding. */
export function conserved(sim: Simulation): boolean {
  const { wr } = sim.summary();
  return wr.posted === wr.completed + wr.discarded + wr.outstanding;
}
