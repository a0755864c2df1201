// The writer's check of a transport challenge before its link is made: a goal already met at the
// moment the challenge starts, or met by pressing Play with no command of the student's, grades
// nothing the student does (the old default template was met by Play alone at 2.130 µs). Play is
// tried up to the instant the verifier grades an attempt without commands at, so a goal this
// passes gives no completion code for doing nothing.
import { createSimulation, parseScenario, type Simulation } from '../../core/index.ts';
import { authoredDef, parseAuthored } from '../../lessons/authored.ts';
import { evalPredicate } from '../../lessons/data/predicate.ts';
import { makeProbe } from '../../lessons/transport/probe.ts';

/** At most this many looks between the start and the grading instant. */
const LOOKS = 200;
const STEP_NS = 1_000;

const us = (ns: number) => `${(ns / 1000).toFixed(3)} µs`;

/** Warnings for challenge `input` starting from `scenario` at `t` (empty: the goal needs the student). */
export function challengeWarnings(input: unknown, scenario: unknown, t: number): string[] {
  const r = parseAuthored(input);
  if (!r.ok) return [];
  let def;
  try { def = authoredDef(r.value, scenario, t); } catch { return []; }
  const start = def.start.instrument === 'transport' ? def.start : null;
  if (!start) return [];
  let sim: Simulation;
  try { sim = createSimulation(parseScenario(start.scenario), { traceKeep: Infinity }); } catch { return []; }
  const met = () => evalPredicate(def.goal, makeProbe(sim, 0));
  sim.runUntil(t);
  if (met()) return [`The goal is already met at the moment the challenge starts (${us(sim.now)}): the student has nothing to do.`];
  const end = def.limits?.withinNs ?? t + start.runNs;
  const step = Math.max(STEP_NS, Math.ceil((end - t) / LOOKS));
  while (sim.now < end) {
    sim.runUntil(Math.min(end, sim.now + step));
    if (met()) return [`The goal is met without any command of the student's: pressing Play meets it by ${us(sim.now)}. Ask for something the student must do.`];
  }
  return [];
}
