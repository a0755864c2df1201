// Question steps: predict, then reveal. The model pauses before an event; the learner answers;
// the model then runs the event, and the answer is graded against what the live model did
// (`outcome` reads the model after the reveal), never against an answer typed into the lesson.

export type QuestionKind = 'one' | 'several' | 'order' | 'number';

export interface QuestionOption {
  id: string;
  label: string;
  /** Shown when this option is chosen wrongly: the misconception it points at. */
  why?: string;
  /**
   * For a question graded by a measure: the half-open range [lo, hi) of the measure this option
   * stands for. The options' ranges tile the number line, and each label names its own bounds.
   */
  range?: readonly [number, number];
}

/** A number read from the model after the reveal; the option whose range holds it is the outcome. */
export interface Measure<P> { of: (p: P) => number; unit: '%' | 'points' }

export type Answer = string | string[] | number;

export interface Question<P, A> {
  kind: QuestionKind;
  prompt: string;
  /** Options for one / several / order; a function reads the model at the pause. */
  options?: readonly QuestionOption[] | ((p: P) => QuestionOption[]);
  /** The event to predict: applied after the first answer, then the model runs `runNs`. */
  reveal: readonly A[];
  runNs?: number;
  /** What the model did: an option id (one), ids in any order (several), ids in order (order), a value (number). */
  outcome?: (p: P) => Answer;
  /** Instead of `outcome` for a "one" question over ranges: the options carry the ranges. */
  measure?: Measure<P>;
  /** number: accepted within this absolute distance of the outcome … */
  tolerance?: number;
  /** … or within this fraction of it. */
  relTolerance?: number;
  unit?: string;
  /** Why the right answer is right, in one sentence. */
  because: string;
  /**
   * The outcome the lesson's own words state (in `because`), as an answer: CI checks that the
   * model agrees with the text (graded with this question's own tolerance), never the reverse.
   */
  stated?: Answer;
  /** What a wrong answer misses, when no chosen option has its own explanation. */
  wrong?: string;
}

/** A question as the main thread sees it (no functions), with its state. */
export interface QuestionView {
  kind: QuestionKind;
  prompt: string;
  options: QuestionOption[];
  unit?: string;
  /** The model has run the event (after the first answer). */
  revealed: boolean;
  /** The last answer's grade, with its explanation; `expected` once revealed. */
  graded: { answer: Answer; correct: boolean; feedback: string[]; expected: Answer } | null;
  attempts: number;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Grade `answer` against the model's `outcome`; the feedback explains, right or wrong. */
export function grade<P, A>(q: Question<P, A>, options: readonly QuestionOption[], answer: Answer, outcome: Answer): { correct: boolean; feedback: string[] } {
  let correct: boolean;
  const chosen = typeof answer === 'number' ? [] : Array.isArray(answer) ? answer : [answer];
  switch (q.kind) {
    case 'one': correct = typeof answer === 'string' && answer === outcome; break;
    case 'several': correct = Array.isArray(answer) && Array.isArray(outcome) && sameSet(answer, outcome); break;
    case 'order': correct = Array.isArray(answer) && Array.isArray(outcome) && answer.length === outcome.length && answer.every((x, i) => x === outcome[i]); break;
    case 'number': {
      const o = Number(outcome);
      const a = Number(answer);
      const tol = Math.max(q.tolerance ?? 0, Math.abs(o) * (q.relTolerance ?? 0));
      correct = typeof answer === 'number' && Number.isFinite(a) && Math.abs(a - o) <= tol;
      break;
    }
  }
  if (correct) return { correct, feedback: [q.because] };
  const expected = Array.isArray(outcome) ? outcome : [String(outcome)];
  const why = chosen
    .filter((id) => (q.kind === 'order' ? true : !expected.includes(id)))
    .map((id) => options.find((o) => o.id === id)?.why)
    .filter((w): w is string => !!w);
  const missed = q.kind === 'several' ? expected.filter((id) => !chosen.includes(id)).map((id) => options.find((o) => o.id === id)?.why).filter((w): w is string => !!w) : [];
  const feedback = [...new Set([...why, ...missed])];
  if (feedback.length === 0) feedback.push(q.wrong ?? q.because);
  return { correct, feedback };
}

/** Is `x` a well-formed answer for a question of this kind (from the main thread: never trusted)? */
export function isAnswer(kind: QuestionKind, x: unknown, options: readonly QuestionOption[]): x is Answer {
  const ids = new Set(options.map((o) => o.id));
  if (kind === 'number') return typeof x === 'number' && Number.isFinite(x);
  if (kind === 'one') return typeof x === 'string' && ids.has(x);
  return Array.isArray(x) && x.length <= options.length && x.every((v) => typeof v === 'string' && ids.has(v)) && new Set(x).size === x.length;
}

/** The option whose range holds `x` (a ranged question's outcome). */
export function optionInRange(options: readonly QuestionOption[], x: number): string {
  const o = options.find((c) => c.range && x >= c.range[0] && x < c.range[1]);
  if (!o) throw new RangeError(`no option's range holds ${x}`);
  return o.id;
}

/** What the model did, read after the reveal: from the measure's ranges, or the outcome. */
export function outcomeOf<P, A>(q: Question<P, A>, options: readonly QuestionOption[], p: P): Answer {
  if (q.measure) return optionInRange(options, q.measure.of(p));
  if (q.outcome) return q.outcome(p);
  throw new Error('a question needs an outcome or a measure');
}

const boundText = (b: number, unit: Measure<unknown>['unit']) => (unit === '%' ? `${Math.abs(b)}%` : `${Math.abs(b)} point`);

/**
 * What is wrong with a ranged question's options, in words (empty when nothing): every option
 * has a range, the ranges are disjoint and cover every value, and each label names its finite
 * bounds, so the label says exactly what grades it.
 */
export function rangeProblems(unit: Measure<unknown>['unit'], options: readonly QuestionOption[]): string[] {
  const out: string[] = [];
  const missing = options.filter((o) => !o.range).map((o) => o.id);
  if (missing.length) return [`options without a range: ${missing.join(', ')}`];
  const ranged = options.flatMap((o) => (o.range ? [{ ...o, range: o.range }] : []));
  const sorted = [...ranged].sort((a, b) => a.range[0] - b.range[0]);
  if (sorted[0].range[0] !== -Infinity) out.push(`nothing covers values below ${sorted[0].range[0]}`);
  if (sorted[sorted.length - 1].range[1] !== Infinity) out.push(`nothing covers values from ${sorted[sorted.length - 1].range[1]}`);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [a, b] = [sorted[i], sorted[i + 1]];
    if (a.range[1] < b.range[0]) out.push(`a gap between ${a.id} and ${b.id}`);
    if (a.range[1] > b.range[0]) out.push(`${a.id} and ${b.id} overlap`);
  }
  for (const o of ranged) {
    if (o.range[0] >= o.range[1]) out.push(`${o.id}: an empty range`);
    for (const b of o.range) if (Number.isFinite(b) && !o.label.includes(boundText(b, unit))) out.push(`${o.id}: the label does not name its bound ${boundText(b, unit)}`);
  }
  return out;
}
