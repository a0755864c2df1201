// The built-in challenges, for every instrument, in one list with ids: a goal over the model (the
// goal language of challenge.ts: for the memory and faults instruments, `summary` paths read
// their lesson probe, e.g. `hitRate` or `summary.lostReports`; a true/false reads as 1/0), the
// state the attempt starts from, and optional limits. An attempt is the student's own commands
// from that start; the completion code (code.ts) carries them and a verifier replays them.
import type { ScenarioInput } from '../core/index.ts';
import type { LabState } from '../core/memory/index.ts';
import type { StormSettings } from '../core/faults/labConfig.ts';
import type { LabId } from './link/labName.ts';
import { sandboxScenario } from './presets.ts';
import type { Challenge } from './challenge.ts';

/** Optional limits: the goal must hold by `withinNs` of simulated time (transport, faults), with at most `maxCommands` of the student's commands. */
export interface Limits { withinNs?: number; maxCommands?: number }

export type Start =
  /** The scenario from t = 0, run to `runNs` after the student's last command (or to `withinNs`). */
  | { instrument: 'transport'; scenario: ScenarioInput; runNs: number }
  /** The lab's settings; `packets` are run once the student's settings are in. */
  | { instrument: 'memory'; state: LabState; packets: number }
  /** The storm's settings; the storm runs until it drains (or to `withinNs`). */
  | { instrument: 'faults'; settings: StormSettings };

export interface ChallengeDef extends Challenge {
  id: string;
  instrument: LabId;
  start: Start;
  limits?: Limits;
  /** The seed the start uses unless an instructor hands out another. */
  seed: number;
  /** An answer key: commands that meet the goal (tests replay it; the start alone never does). */
  solution: unknown[];
}

const sandbox = sandboxScenario();

const storm = (patch: Partial<StormSettings>): StormSettings => ({ qps: 1024, fault: 'port-down', preset: 'mlx5', eqDepth: 4096, serviceNs: 20_000, eqeNs: 100, policy: 'fifo', classes: 4, mix: 'graded', outstanding: 8, seed: 1, consumer: 'kernel', idle: 0, classMix: 'interleaved', ...patch });

export const CHALLENGES: readonly ChallengeDef[] = [
  {
    id: 'transport-remote-access', instrument: 'transport', seed: 2026,
    title: 'Make the B→A write fail its key check',
    text: 'Host B writes into A\'s data buffer every 2.5 µs. Make one of those writes complete with IBV_WC_REM_ACCESS_ERR on host B, without touching the QPs themselves, within 50 µs.',
    goal: { count: { kind: 'cqe', where: { host: 1, status: 'IBV_WC_REM_ACCESS_ERR' }, op: '>=', value: 1 } },
    limits: { withinNs: 50_000, maxCommands: 3 },
    start: { instrument: 'transport', scenario: sandbox, runNs: 20_000 },
    solution: [{ t: 1000, cmd: { kind: 'deregMr', host: 0, lkey: 0x110 } }],
  },
  {
    id: 'transport-neighbour-err', instrument: 'transport', seed: 2026,
    title: 'Break the neighbour, spare the pair',
    text: 'Put QP A·0x101 (the neighbour read connection) in ERR while QP A·0x100 stays in RTS and keeps completing sends.',
    goal: { all: [{ state: { host: 0, qpn: 0x101, is: 'ERR' } }, { state: { host: 0, qpn: 0x100, is: 'RTS' } }, { count: { kind: 'cqe', where: { host: 0, qpn: 0x100, status: 'IBV_WC_SUCCESS' }, op: '>=', value: 1 } }] },
    limits: { maxCommands: 2 },
    score: { label: 'attributes you passed to ibv_modify_qp on host A (lower is better)', kind: 'modify', field: 'mask', where: { host: 0 } },
    start: { instrument: 'transport', scenario: sandbox, runNs: 20_000 },
    solution: [{ t: 1000, cmd: { kind: 'qpFatal', host: 0, qpn: 0x101 } }],
  },
  {
    id: 'memory-cliff', instrument: 'memory', seed: 1,
    title: 'Fall off the cache cliff',
    text: 'On the ConnectX-3-like preset, make the context cache\'s hit rate drop below 15%.',
    goal: { all: [{ summary: { path: 'valid', op: '==', value: 1 } }, { summary: { path: 'hitRate', op: '<', value: 0.15 } }] },
    limits: { maxCommands: 1 },
    start: { instrument: 'memory', state: { preset: 'cx3', qps: 48, overrides: {} }, packets: 200_000 },
    solution: [{ kind: 'config', patch: { qps: 1000 } }],
  },
  {
    id: 'memory-recover', instrument: 'memory', seed: 1,
    title: 'Climb back over the cliff',
    text: 'At 631 active QPs the ConnectX-3-like cache hits less than a fifth of the time. Bring the hit rate above 90% without lowering the number of active QPs.',
    goal: { all: [{ summary: { path: 'valid', op: '==', value: 1 } }, { summary: { path: 'config.qps', op: '>=', value: 631 } }, { summary: { path: 'hitRate', op: '>', value: 0.9 } }] },
    limits: { maxCommands: 2 },
    start: { instrument: 'memory', state: { preset: 'cx3', qps: 631, overrides: {} }, packets: 200_000 },
    solution: [{ kind: 'config', patch: { entries: 1024 } }],
  },
  {
    id: 'faults-quick-report', instrument: 'faults', seed: 1,
    title: 'Report 99% of the QPs within 275 ms',
    text: 'A port goes down under 1,024 QPs; the error engine takes 20 µs per faulted QP. Make the storm drain with 99% of the faulted QPs reported within 275 ms of the fault.',
    goal: { all: [{ summary: { path: 'drained', op: '==', value: 1 } }, { summary: { path: 'summary.reportNs.p99', op: '<', value: 275_000_000 } }] },
    limits: { maxCommands: 2 },
    start: { instrument: 'faults', settings: storm({}) },
    solution: [{ kind: 'settings', patch: { serviceNs: 2000 } }],
  },
  {
    id: 'faults-idle-aware', instrument: 'faults', seed: 1,
    title: 'Leave no idle QP unaware',
    text: 'A third of the QPs are idle (nothing outstanding): after a port goes down they never learn of it. Keep them idle, and choose a fault that every QP hears of, with at least 500 QPs reported.',
    goal: { all: [{ summary: { path: 'drained', op: '==', value: 1 } }, { summary: { path: 'settings.idle', op: '>=', value: 0.3 } }, { summary: { path: 'summary.unaware', op: '==', value: 0 } }, { summary: { path: 'summary.reported', op: '>=', value: 500 } }] },
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
