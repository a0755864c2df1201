// The second pass over a lesson file (after its shape, format.ts): every predicate, outcome and
// action by its own checker, and what ties the parts together (unique ids, outcomes naming
// options, a check with a solution to replay). The first problem is returned, named by its field.
import * as v from 'valibot';
import { issueText } from '../../core/kit/valid.ts';
import { isAnswer, rangeProblems, type QuestionOption } from '../kit/question.ts';
import { ACTION_SCHEMAS } from './actions.ts';
import { parseShape, type LessonFile, type LessonFileQuestion } from './format.ts';
import { OUTCOME_FOR, outcomeProblem } from './outcome.ts';
import { predicateNeeds, predicateProblem, NumSchema } from './predicate.ts';
import { MASK_KEYS } from './masks.ts';

export type Checked = { ok: true; file: LessonFile } | { ok: false; error: string };

/** A lesson file, checked whole; `error` names the field or the step. */
export function checkLessonFile(x: unknown): Checked {
  const shape = parseShape(x);
  if (!shape.ok) return shape;
  const error = problems(shape.file);
  return error ? { ok: false, error } : shape;
}

/** The options a question's ranges and ids are judged by (ranges as numbers). */
export function optionsOf(q: LessonFileQuestion): QuestionOption[] {
  const bound = (b: number | string) => (b === '-inf' ? -Infinity : b === 'inf' ? Infinity : Number(b));
  return (q.options ?? []).map((o) => ({ id: o.id, label: o.label, ...(o.why ? { why: o.why } : {}), ...(o.range ? { range: [bound(o.range[0]), bound(o.range[1])] as const } : {}) }));
}

function problems(f: LessonFile): string | null {
  const actions = (list: readonly unknown[], at: string) => {
    for (const [i, a] of list.entries()) {
      const r = v.safeParse(ACTION_SCHEMAS[f.lab], a);
      if (!r.success) return issueText(r.issues[0], `${at}[${i}]`);
    }
    return null;
  };
  const pred = (x: unknown, at: string) => {
    const p = predicateProblem(x, at);
    if (p) return p;
    if (f.lab !== 'transport' && predicateNeeds(x)) return `${at}: reads the transport instrument (state, selected, events, ctx), not ${f.lab}`;
    return null;
  };
  const setup = actions(f.setup, 'setup');
  if (setup) return setup;
  const seen = new Set<string>();
  for (const [i, s] of f.steps.entries()) {
    const at = `steps[${i}] "${s.id}"`;
    if (seen.has(s.id)) return `${at}.id: another step has the id "${s.id}"`;
    seen.add(s.id);
    if (s.check !== undefined) {
      const p = pred(s.check, `${at}.check`);
      if (p) return p;
      if (!s.solution) return `${at}.solution: a step with a check needs a solution to replay (an empty list when playing alone meets it)`;
    }
    if (s.solution) { const p = actions(s.solution, `${at}.solution`); if (p) return p; }
    if (s.check === undefined && s.solution) return `${at}.check: a solution without a check has nothing to prove`;
    for (const [j, st] of (s.stuck ?? []).entries()) { const p = pred(st.when, `${at}.stuck[${j}].when`); if (p) return p; }
    if (s.question) { const p = questionProblem(s.question, `${at}.question`, f.lab === 'transport', actions); if (p) return p; }
    const unknown = s.question?.masks?.find((k) => !MASK_KEYS[f.lab].includes(k));
    if (unknown !== undefined) return `${at}.question.masks: "${unknown}" is not a readout the ${f.lab} instrument masks (it masks ${MASK_KEYS[f.lab].join(', ')})`;
    if (s.question && s.check !== undefined) return `${at}: a step is either a task with a check or a question, not both`;
  }
  return null;
}

function questionProblem(q: LessonFileQuestion, at: string, transport: boolean, actions: (list: readonly unknown[], at: string) => string | null): string | null {
  const options = optionsOf(q);
  const ids = options.map((o) => o.id);
  if (q.kind !== 'number' && options.length < 2) return `${at}.options: a "${q.kind}" question needs at least two options`;
  if (q.kind === 'number' && options.length) return `${at}.options: a number question has no options`;
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) return `${at}.options: the id "${dup}" is used twice`;
  const reveal = actions(q.reveal, `${at}.reveal`);
  if (reveal) return reveal;
  if ((q.outcome === undefined) === (q.measure === undefined)) return `${at}: give exactly one of outcome or measure`;
  if (q.measure) {
    if (q.kind !== 'one') return `${at}.measure: only a "one" question is graded by a measure`;
    const n = v.safeParse(NumSchema, q.measure.of);
    if (!n.success) return issueText(n.issues[0], `${at}.measure.of`);
    const r = rangeProblems(q.measure.unit, options);
    if (r.length) return `${at}.options: ${r[0]}`;
  }
  const outcome = (x: unknown, where: string) => {
    const p = outcomeProblem(x, where, q.kind === 'number' ? null : ids);
    if (p) return p;
    const form = (x && typeof x === 'object' ? Object.keys(x) : []).find((k) => k !== 'else') ?? '';
    if (!(OUTCOME_FOR[q.kind] as readonly string[]).includes(form)) return `${where}: a "${q.kind}" question's outcome is ${OUTCOME_FOR[q.kind].map((k) => `{${k}}`).join(' or ')}`;
    if (!transport && predicateNeeds(x)) return `${where}: reads the transport instrument (state, selected, events, ctx), not this one`;
    return null;
  };
  if (q.outcome !== undefined) { const p = outcome(q.outcome, `${at}.outcome`); if (p) return p; }
  if (q.stated !== undefined && !isAnswer(q.kind, q.stated, options)) return `${at}.stated: not an answer to this "${q.kind}" question`;
  for (const [i, w] of (q.variants ?? []).entries()) {
    const vat = `${at}.variants[${i}]`;
    if (w.reveal) { const p = actions(w.reveal, `${vat}.reveal`); if (p) return p; }
    if (w.outcome !== undefined) { const p = outcome(w.outcome, `${vat}.outcome`); if (p) return p; }
    if (w.stated !== undefined && !isAnswer(q.kind, w.stated, options)) return `${vat}.stated: not an answer to this "${q.kind}" question`;
  }
  return null;
}
