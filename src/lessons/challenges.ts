// The built-in challenges, for every instrument, in one list with ids: a goal over the model (a
// predicate of the lesson language, lessons/data/predicate.ts, over the instrument's lesson
// probe: `hitRate`, `summary.unaware`, a QP's state, events), the state the attempt starts from,
// optional limits, and an answer key. An attempt is the student's own commands from that start;
// the completion code (scenario/code.ts) carries them and a verifier replays them.
import type { ScenarioInput } from '../core/index.ts';
import type { LabState } from '../core/memory/index.ts';
import type { StormSettings } from '../core/faults/labConfig.ts';
import type { LabId } from '../scenario/link/labName.ts';
import { sandboxScenario } from '../scenario/presets.ts';
import type { Predicate } from './data/predicateTypes.ts';

/** A transport score (lower is better): `field` (a number, or a list's length) summed over the student's matching events. */
export interface Score { label: string; kind: string; field: string; where?: Record<string, string | number | boolean> }

/** Optional limits: the goal must hold by `withinNs` of simulated time (transport, faults), with at most `maxCommands` of the student's commands. */
export interface Limits { withinNs?: number; maxCommands?: number }

export type Start =
  /** The scenario from t = 0, run to `runNs` after the student's last command or `at` (the instant the challenge starts, 0 by default), whichever is later (or to `withinNs`). */
  | { instrument: 'transport'; scenario: ScenarioInput; runNs: number; at?: number }
  /** The lab's settings; `packets` are run once the student's settings are in. */
  | { instrument: 'memory'; state: LabState; packets: number }
  /** The storm's settings; the storm runs until it drains (or to `withinNs`). */
  | { instrument: 'faults'; settings: StormSettings };

export interface ChallengeDef {
  id: string;
  title: string;
  text: string;
  goal: Predicate;
  score?: Score;
  instrument: LabId;
  start: Start;
  limits?: Limits;
  /** The seed the start uses unless an instructor hands out another. */
  seed: number;
  /** An answer key: commands that meet the goal (tests replay it; the start alone never does). */
  solution: unknown[];
}

const sandbox = sandboxScenario();

const storm = (patch: Partial<StormSettings>): StormSettings => ({ qps: 1024, fault: 'port-down', preset: 'mlx5', eqDepth: 4096, serviceNs: 20_000, eqeNs: 100, policy: 'fifo', classes: 4, mix: 'graded', outstanding: 8, seed: 1, consumer: 'kernel', idle: 0, classMix: 'interleaved', srq: 0, eventNs: 2_000, ackNs: 0, cm: false, ...patch });

export const CHALLENGES: readonly ChallengeDef[] = [
  {
    id: 'transport-remote-access', instrument: 'transport', seed: 2026,
    title: 'Make the B→A write fail its key check',
    text: 'Host B writes into A\'s data buffer every 2.5 µs. Make one of those writes complete with IBV_WC_REM_ACCESS_ERR on host B, without touching the QPs themselves, within 50 µs.',
    goal: { events: { kind: 'cqe', where: { host: 1, status: 'IBV_WC_REM_ACCESS_ERR' }, atLeast: 1 } },
    limits: { withinNs: 50_000, maxCommands: 3 },
    start: { instrument: 'transport', scenario: sandbox, runNs: 20_000 },
    solution: [{ t: 1000, cmd: { kind: 'deregMr', host: 0, lkey: 0x110 } }],
  },
  {
    id: 'transport-neighbour-err', instrument: 'transport', seed: 2026,
    title: 'Break the neighbour, spare the pair',
    text: 'Put QP A·0x101 (the neighbour read connection) in ERR while QP A·0x100 stays in RTS and keeps completing sends.',
    goal: { all: [{ state: { host: 0, qpn: 0x101, is: 'ERR' } }, { state: { host: 0, qpn: 0x100, is: 'RTS' } }, { events: { kind: 'cqe', where: { host: 0, qpn: 0x100, status: 'IBV_WC_SUCCESS' }, atLeast: 1 } }] },
    limits: { maxCommands: 2 },
    score: { label: 'attributes you passed to ibv_modify_qp on host A (lower is better)', kind: 'modify', field: 'mask', where: { host: 0 } },
    start: { instrument: 'transport', scenario: sandbox, runNs: 20_000 },
    solution: [{ t: 1000, cmd: { kind: 'qpFatal', host: 0, qpn: 0x101 } }],
  },
  {
    id: 'memory-cliff', instrument: 'memory', seed: 1,
    title: 'Fall off the cache cliff',
    text: 'On the ConnectX-3-like preset, make the context cache\'s hit rate drop below 15%.',
    goal: { all: [{ field: { path: 'valid', is: true } }, { num: { of: { read: 'hitRate' }, below: 0.15 } }] },
    limits: { maxCommands: 1 },
    start: { instrument: 'memory', state: { preset: 'cx3', qps: 48, overrides: {} }, packets: 200_000 },
    solution: [{ kind: 'config', patch: { qps: 1000 } }],
  },
  {
    id: 'memory-recover', instrument: 'memory', seed: 1,
    title: 'Climb back over the cliff',
    text: 'At 631 active QPs the ConnectX-3-like cache hits less than a fifth of the time. Bring the hit rate above 90% without lowering the number of active QPs.',
    goal: { all: [{ field: { path: 'valid', is: true } }, { num: { of: { read: 'config.qps' }, atLeast: 631 } }, { num: { of: { read: 'hitRate' }, above: 0.9 } }] },
    limits: { maxCommands: 2 },
    start: { instrument: 'memory', state: { preset: 'cx3', qps: 631, overrides: {} }, packets: 200_000 },
    solution: [{ kind: 'config', patch: { entries: 1024 } }],
  },
  {
    id: 'faults-quick-report', instrument: 'faults', seed: 1,
    title: 'Report 99% of the QPs within 275 ms',
    text: 'A port goes down under 1,024 QPs; the error engine takes 20 µs per faulted QP. Make the storm drain with 99% of the faulted QPs reported within 275 ms of the fault.',
    goal: { all: [{ field: { path: 'drained', is: true } }, { num: { of: { read: 'summary.reportNs.p99' }, below: 275_000_000 } }] },
    limits: { maxCommands: 2 },
    start: { instrument: 'faults', settings: storm({}) },
    solution: [{ kind: 'settings', patch: { serviceNs: 2000 } }],
  },
  {
    id: 'faults-idle-aware', instrument: 'faults', seed: 1,
    title: 'Leave no idle QP unaware',
    text: 'A third of the QPs are idle (nothing outstanding): after a port goes down they never learn of it. Keep them idle, and choose a fault that every QP hears of, with at least 500 QPs reported.',
    goal: { all: [{ field: { path: 'drained', is: true } }, { num: { of: { read: 'settings.idle' }, atLeast: 0.3 } }, { num: { of: { read: 'summary.unaware' }, equals: 0 } }, { num: { of: { read: 'summary.reported' }, atLeast: 500 } }] },
    limits: { maxCommands: 1 },
    start: { instrument: 'faults', settings: storm({ idle: 0.3 }) },
    solution: [{ kind: 'settings', patch: { fault: 'cq-overrun' } }],
  },
];

export function challengeById(id: string): ChallengeDef | undefined {
  return CHALLENGES.find((c) => c.id === id);
}

/** The instrument's link payload that opens `def`'s start in the page, with `seed`. */
export function startPayload(def: ChallengeDef, seed: number): Record<string, unknown> {
  const s = def.start;
  switch (s.instrument) {
    case 'transport': return { scenario: { ...s.scenario, seed }, t: 0 };
    case 'memory': return { preset: s.state.preset, qps: s.state.qps, overrides: { ...s.state.overrides, seed } };
    case 'faults': return { settings: { ...s.settings, seed } };
  }
}
