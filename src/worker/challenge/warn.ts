// The writer's check of a transport challenge before its link is made: a goal already met at the
// moment the challenge starts, or met by pressing Play with no command of the student's, grades
// nothing the student does (the old default template was met by Play alone at 2.130 µs).
import { LC_NAMES, createSimulation, parseScenario, verbsState, type Simulation } from '../../core/index.ts';
import { GoalTally, challengeStatus, parseChallenge, type Challenge } from '../../scenario/challenge.ts';

/** How far past the start Play is tried: the scenario's end, at most this much further. */
const PLAY_NS = 5_000_000;
const STEP_NS = 1_000;

function status(c: Challenge, sim: Simulation, tally: GoalTally) {
  const w = sim.world;
  return challengeStatus(c, {
    now: sim.now, tally,
    state: (host, qpn) => { const s = w.qps.find(host, qpn); return s < 0 ? null : { label: LC_NAMES[w.qps.lc[s]], verbs: verbsState(w.qps.lc[s]) }; },
    summary: () => { const { qps: _q, ...rest } = sim.summary(); return rest; },
  });
}

const us = (ns: number) => `${(ns / 1000).toFixed(3)} µs`;

/** Warnings for challenge `input` starting from `scenario` at `t` (empty: the goal needs the student). */
export function challengeWarnings(input: unknown, scenario: unknown, t: number): string[] {
  const r = parseChallenge(input);
  if (!r.ok) return [];
  const c = r.value;
  let sim: Simulation;
  try { sim = createSimulation(parseScenario(scenario), { traceKeep: Infinity }); } catch { return []; }
  const tally = new GoalTally(c);
  let fed = 0;
  const feed = () => { const ev = sim.events(); for (; fed < ev.length; fed++) tally.feed(ev[fed]); };
  sim.runUntil(t);
  feed();
  if (status(c, sim, tally).met) return [`The goal is already met at the moment the challenge starts (${us(sim.now)}): the student has nothing to do.`];
  const end = Math.min(sim.world.cfg.durationNs, t + PLAY_NS);
  while (sim.now < end) {
    sim.runUntil(Math.min(end, sim.now + STEP_NS));
    feed();
    if (status(c, sim, tally).met) return [`The goal is met without any command of the student's: pressing Play meets it by ${us(sim.now)}. Ask for something the student must do.`];
  }
  return [];
}
