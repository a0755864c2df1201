// A checked lesson file (validate.ts) as the runtime lesson the one runner follows
// (kit/types.ts): predicates become checks, outcomes become the model's answer, actions parse
// into the instrument's own action type. Nothing from the file is executed.
import * as v from 'valibot';
import type { Answer, Question } from '../kit/question.ts';
import type { Lesson, LessonStep } from '../kit/types.ts';
import type { LessonFile, LessonFileQuestion, LessonFileStep } from './format.ts';
import { evalOutcome, parseOutcome } from './outcome.ts';
import { evalPredicate, NumSchema, evalNum, parsePredicate } from './predicate.ts';
import { checkLessonFile, optionsOf } from './validate.ts';

type Actions<A> = v.GenericSchema<unknown, A>;

/** The runtime lesson of a checked file; `actions` is the instrument's action schema (actions.ts). */
export function toLesson<P extends object, A>(f: LessonFile, actions: Actions<A>): Lesson<P, A> {
  const acts = (xs: readonly unknown[]) => xs.map((x) => v.parse(actions, x));
  return {
    id: f.id, lab: f.lab, topic: f.topic, title: f.title, summary: f.summary,
    ...(f.why ? { why: f.why } : {}),
    ...(f.meta ? { meta: { objectives: [...f.meta.objectives], prerequisites: [...f.meta.prerequisites], minutes: f.meta.minutes } } : {}),
    setup: acts(f.setup),
    ...(f.focus ? { focus: f.focus } : {}),
    sources: [...f.sources],
    steps: f.steps.map((s, i) => toStep<P, A>(s, i, acts)),
  };
}

function toStep<P extends object, A>(s: LessonFileStep, i: number, acts: (xs: readonly unknown[]) => A[]): LessonStep<P, A> {
  const out: LessonStep<P, A> = { id: s.id, title: s.title, text: [...s.text] };
  if (s.highlight) out.highlight = s.highlight;
  if (s.task) out.task = s.task;
  if (s.hints) out.hints = [...s.hints];
  if (s.runNs !== undefined) out.runNs = s.runNs;
  if (s.speed !== undefined) out.speed = s.speed;
  if (s.check !== undefined) {
    const check = parsePredicate(s.check, `steps[${i}].check`);
    out.check = (p) => evalPredicate(check, p);
  }
  if (s.solution) out.solution = acts(s.solution);
  if (s.stuck) {
    const cases = s.stuck.map((c) => ({ when: parsePredicate(c.when), say: c.say }));
    out.stuck = (p) => cases.find((c) => evalPredicate(c.when, p))?.say ?? null;
  }
  if (s.question) out.question = toQuestion<P, A>(s.question, acts);
  return out;
}

function toQuestion<P extends object, A>(q: LessonFileQuestion, acts: (xs: readonly unknown[]) => A[]): Question<P, A> {
  const outcomeFn = (x: unknown) => { const o = parseOutcome(x); return (p: P): Answer => evalOutcome(o, p); };
  const out: Question<P, A> = { kind: q.kind, prompt: q.prompt, reveal: acts(q.reveal), because: q.because };
  if (q.options) out.options = optionsOf(q);
  if (q.runNs !== undefined) out.runNs = q.runNs;
  if (q.outcome !== undefined) out.outcome = outcomeFn(q.outcome);
  if (q.measure) { const of = v.parse(NumSchema, q.measure.of); out.measure = { of: (p) => evalNum(of, p), unit: q.measure.unit }; }
  if (q.tolerance !== undefined) out.tolerance = q.tolerance;
  if (q.relTolerance !== undefined) out.relTolerance = q.relTolerance;
  if (q.unit) out.unit = q.unit;
  if (q.stated !== undefined) out.stated = q.stated;
  if (q.wrong) out.wrong = q.wrong;
  if (q.masks) out.masks = [...q.masks];
  const variants = q.variants;
  if (variants?.length) {
    // The n-th variant (1, 2, …), cycling. A variant states nothing unless it says so.
    out.variant = (n) => {
      const w = variants[(n - 1) % variants.length];
      return {
        ...(w.prompt ? { prompt: w.prompt } : {}), ...(w.reveal ? { reveal: acts(w.reveal) } : {}), ...(w.runNs !== undefined ? { runNs: w.runNs } : {}),
        stated: w.stated, ...(w.because ? { because: w.because } : {}), ...(w.wrong ? { wrong: w.wrong } : {}),
        ...(w.outcome !== undefined ? { outcome: outcomeFn(w.outcome) } : {}),
        ...(w.tolerance !== undefined ? { tolerance: w.tolerance } : {}), ...(w.relTolerance !== undefined ? { relTolerance: w.relTolerance } : {}),
      };
    };
  }
  return out;
}

/** A built-in lesson's JSON, checked and loaded at import: a bad file fails the build's tests loudly. */
export function builtInLesson<P extends object, A>(json: unknown, actions: Actions<A>): Lesson<P, A> {
  const r = checkLessonFile(json);
  if (!r.ok) throw new Error(`lesson file: ${r.error}`);
  return toLesson<P, A>(r.file, actions);
}
