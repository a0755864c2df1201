// An attempt replayed headlessly: the challenge's start, with the attempt's seed, then the
// student's commands and nothing else, run as the challenge says, and its goal graded at the end.
// The same function grades in the page (the verify worker), in the CLI (npm run verify) and in
// tests, so a code made in the page verifies anywhere. The score counts only the student's own
// commands: a challenge's score (a field summed over matching events) is taken from the attempt
// minus the same start replayed without them; without one, the score is the number of commands.
import { createSimulation, parseScenario, type Scenario, type SimEvent, type Simulation, type TimedCommand } from '../../core/index.ts';
import { EventHasher } from '../../core/kit/traceHash.ts';
import type { ChallengeDef, Score } from '../../lessons/challenges.ts';
import { describePredicate, evalNum, evalPredicate, type Predicate } from '../../lessons/data/predicate.ts';
import { makeProbe } from '../../lessons/transport/probe.ts';
import type { FaultsAction, FaultsProbe } from '../../lessons/faults/types.ts';
import type { MemoryAction, MemoryProbe } from '../../lessons/memory/types.ts';
import { MemoryApi } from '../memory/api.ts';
import { FaultsApi } from '../faults/api.ts';

/** One part of a goal as the student sees it ticked off. */
export interface GoalPart { text: string; met: boolean; value?: number }

export interface Verdict {
  challenge: string;
  met: boolean;
  score: number | null;
  traceHash: string;
  parts: GoalPart[];
  commands: number;
  /** Why the attempt could not be replayed (a command the instrument refuses, …). */
  error?: string;
}

const refused = (def: ChallengeDef, commands: number, error: string): Verdict => ({ challenge: def.id, met: false, score: null, traceHash: '', parts: [], commands, error });

/** What a part reads now, where it reads one number (a count of events, a number of the probe). */
function valueOf(p: Predicate, probe: object): number | undefined {
  if ('num' in p) { const x = evalNum(p.num.of, probe); return Number.isFinite(x) ? x : undefined; }
  if ('events' in p) return evalNum({ count: { events: p.events.kind, where: p.events.where } }, probe);
  return undefined;
}

const round = (x: number) => (Number.isInteger(x) ? x : Number(x.toPrecision(4)));

/** The goal over a probe: met, and its parts (the members of a top-level `all`, else the goal itself). */
function status(goal: Predicate, probe: object): { met: boolean; parts: GoalPart[] } {
  const parts = ('all' in goal ? goal.all : [goal]).map((p): GoalPart => {
    const value = valueOf(p, probe);
    const text = describePredicate(p).replace(/ since the step began$/, '');
    return { text: value === undefined ? text : `${text} (now ${round(value).toLocaleString('en-US')})`, met: evalPredicate(p, probe), ...(value === undefined ? {} : { value }) };
  });
  return { met: evalPredicate(goal, probe), parts };
}

/** A transport score: `field` summed over matching events (a list counts its length). */
function scoreOf(s: Score, events: readonly SimEvent[]): number {
  let n = 0;
  for (const e of events) {
    const o: Readonly<Record<string, unknown>> = { ...e };
    if (o.kind !== s.kind || !Object.entries(s.where ?? {}).every(([k, x]) => o[k] === x)) continue;
    const f = o[s.field];
    n += Array.isArray(f) ? f.length : typeof f === 'number' ? f : 0;
  }
  return n;
}

/** The grade: the goal's parts, then the limit on commands as one more part. */
function grade(def: ChallengeDef, st: { met: boolean; parts: GoalPart[] }, commands: number): { met: boolean; parts: GoalPart[] } {
  const max = def.limits?.maxCommands;
  if (max === undefined) return st;
  const ok = commands <= max;
  return { met: st.met && ok, parts: [...st.parts, { text: `at most ${max} command${max === 1 ? '' : 's'} of yours (now ${commands})`, met: ok, value: commands }] };
}

/** A plain-data probe's own hash (the memory lab keeps no event trace): the same structural hash as a trace's. */
function probeHash(p: unknown): string {
  const h = new EventHasher();
  h.object(JSON.parse(JSON.stringify(p)) as Record<string, unknown>);
  return h.hex();
}

function transportRun(def: ChallengeDef & { start: { instrument: 'transport' } }, seed: number, cmds: TimedCommand[]): Simulation {
  const base = parseScenario({ ...def.start.scenario, seed });
  const scenario: Scenario = { ...base, commands: [...base.commands, ...cmds] };
  const last = cmds.reduce((m, c) => Math.max(m, c.t), 0);
  const end = def.limits?.withinNs ?? last + def.start.runNs;
  // Every event kept: the goal's events are counted from t = 0, not from a window.
  const sim = createSimulation(scenario, { traceKeep: Infinity });
  sim.runUntil(end);
  return sim;
}

function replayTransport(def: ChallengeDef & { start: { instrument: 'transport' } }, seed: number, commands: unknown[]): Verdict {
  let cmds: TimedCommand[];
  try {
    cmds = parseScenario({ ...def.start.scenario, seed, commands }).commands;
  } catch (e) { return refused(def, commands.length, `a command is not one the instrument takes: ${(e as Error).message}`); }
  if (cmds.length !== commands.length) return refused(def, commands.length, 'a command is not one the instrument takes');
  const sim = transportRun(def, seed, cmds);
  const st = status(def.goal, makeProbe(sim, 0));
  // Only the student's part: the same start replayed without their commands is taken away.
  const score = def.score ? scoreOf(def.score, sim.events()) - scoreOf(def.score, transportRun(def, seed, []).events()) : cmds.length;
  return { challenge: def.id, ...grade(def, st, cmds.length), score, traceHash: sim.summary().traceHash, commands: cmds.length };
}

/** The worker APIs, with the lesson model a lesson drives them through made reachable. */
class HeadlessMemory extends MemoryApi { model() { return this.lessonModel(); } }
class HeadlessFaults extends FaultsApi { model() { return this.lessonModel(); } }

const MEMORY_KINDS: ReadonlyArray<MemoryAction['kind']> = ['preset', 'config', 'compare', 'pin'];
const FAULTS_KINDS: ReadonlyArray<FaultsAction['kind']> = ['settings', 'policy', 'reset'];
const kindOf = (a: unknown): unknown => (a && typeof a === 'object' && !Array.isArray(a) ? (a as { kind?: unknown }).kind : undefined);

/** Grade a plain-data probe (the memory and faults labs' lesson probes). */
function gradeProbe(def: ChallengeDef, probe: object, commands: number) {
  return grade(def, status(def.goal, probe), commands);
}

function replayMemory(def: ChallengeDef & { start: { instrument: 'memory' } }, seed: number, commands: unknown[]): Verdict {
  const api = new HeadlessMemory();
  const s = def.start.state;
  const r = api.applyLink({ ...s, overrides: { ...s.overrides, seed } });
  if (!r.ok) return refused(def, commands.length, `its start is impossible: ${r.error ?? ''}`);
  const m = api.model();
  for (const [i, a] of commands.entries()) {
    if (!MEMORY_KINDS.includes(kindOf(a) as MemoryAction['kind'])) return refused(def, commands.length, `command ${i + 1} is not one the NIC-memory lab takes`);
    const o = m.apply(a as MemoryAction);
    if (!o.ok) return refused(def, commands.length, `command ${i + 1} was refused: ${o.error ?? ''}`);
  }
  m.settle?.(def.start.packets);
  const probe: MemoryProbe = m.probe(0);
  return { challenge: def.id, ...gradeProbe(def, probe, commands.length), score: commands.length, traceHash: probeHash(probe), commands: commands.length };
}

function replayFaults(def: ChallengeDef & { start: { instrument: 'faults' } }, seed: number, commands: unknown[]): Verdict {
  const api = new HeadlessFaults();
  const r = api.applyLink({ settings: { ...def.start.settings, seed } });
  if (!r.ok) return refused(def, commands.length, `its start is impossible: ${r.error ?? ''}`);
  const m = api.model();
  for (const [i, a] of commands.entries()) {
    if (!FAULTS_KINDS.includes(kindOf(a) as FaultsAction['kind'])) return refused(def, commands.length, `command ${i + 1} is not one the faults lab takes`);
    const o = m.apply(a as FaultsAction);
    if (!o.ok) return refused(def, commands.length, `command ${i + 1} was refused: ${o.error ?? ''}`);
  }
  const within = def.limits?.withinNs;
  // The storm runs in bounded calls; each moves it on until it drains or reaches its end.
  for (let i = 0, t = -1; i < 10_000; i++) {
    const p = m.probe(0);
    if (p.drained || p.t === t || (within !== undefined && p.t >= within)) break;
    t = p.t;
    m.apply(within !== undefined ? { kind: 'run', ns: within - p.t } : { kind: 'run' });
  }
  const probe: FaultsProbe = m.probe(0);
  return { challenge: def.id, ...gradeProbe(def, probe, commands.length), score: commands.length, traceHash: probe.summary.traceHash, commands: commands.length };
}

/** Replay `commands` from `def`'s start with `seed`, and grade the goal. */
export function replay(def: ChallengeDef, seed: number, commands: unknown[]): Verdict {
  const s = def.start;
  switch (s.instrument) {
    case 'transport': return replayTransport({ ...def, start: s }, seed, commands);
    case 'memory': return replayMemory({ ...def, start: s }, seed, commands);
    case 'faults': return replayFaults({ ...def, start: s }, seed, commands);
  }
}
