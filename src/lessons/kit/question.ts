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
  /**
   * Live readouts that already show the graded number before the answer (the instrument's own
   * keys: 'throughput', 'hit-rate', 'latency', 'evictions', 'engine-util', 'sim', 'cliff'): masked "answer first" until
   * the learner locks in.
   */
  masks?: readonly string[];
  /**
   * The same question with other numbers, offered after a wrong first answer: the `n`-th variant
   * (1, 2, …) replaces what it names (prompt, reveal, …) and is graded by the model like the
   * original, from the step's starting point.
   */
  variant?: (n: number) => Partial<Pick<Question<P, A>, 'prompt' | 'reveal' | 'runNs' | 'stated' | 'because' | 'wrong' | 'outcome' | 'tolerance' | 'relTolerance'>>;
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
  /** Which variant is asked (0: the question itself), and whether the question has variants. */
  variant?: number;
  canVary?: boolean;
  /** The learner asked to see the answer: the step is done, the question seen and not scored. */
  seen?: boolean;
  /** Readouts to mask "answer first" until the event has run (see Question.masks). */
  masks?: string[];
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
  // An order: say which items stand where they do not belong, not every item's reason.
  if (q.kind === 'order') {
    const off = outOfPlace(chosen, expected).map((id) => options.find((o) => o.id === id)?.label ?? id);
    return { correct, feedback: [`Out of place: ${off.join('; ')}.`, ...(q.wrong ? [q.wrong] : [])] };
  }
  const why = chosen
    .filter((id) => !expected.includes(id))
    .map((id) => options.find((o) => o.id === id)?.why)
    .filter((w): w is string => !!w);
  const missed = q.kind === 'several' ? expected.filter((id) => !chosen.includes(id)).map((id) => options.find((o) => o.id === id)?.why).filter((w): w is string => !!w) : [];
  const feedback = [...new Set([...why, ...missed])];
  // Never the reason for the right answer here: it would name the answer before a variant is tried.
  if (feedback.length === 0) feedback.push(q.wrong ?? 'Not what the model did. Think about what the event changes, then try a variant or ask for the answer.');
  return { correct, feedback };
}

/** The items of an order answer that stand at a position the outcome does not give them. */
export function outOfPlace(answer: readonly string[], outcome: readonly string[]): string[] {
  return answer.filter((id, i) => outcome[i] !== id);
}

/** Two answers are the same answer (a set for several, a sequence for order). */
export function sameAnswer(kind: QuestionKind, a: Answer, b: Answer): boolean {
  if (kind === 'several' && Array.isArray(a) && Array.isArray(b)) return sameSet(a, b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** A 32-bit hash of a string (FNV-1a), to derive a seed per learner, lesson and step. */
export function hash32(s: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The options in an order drawn from `seed` (the learner's, mixed with the step's id), so one
 * learner sees the same order again and a share link reproduces it. An order question never
 * starts in the order `avoid` (the order its lesson states as right).
 */
export function shuffled<T>(items: readonly T[], seed: number, avoid?: (xs: readonly T[]) => boolean): T[] {
  const out = [...items];
  let x = seed >>> 0 || 1;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  for (let i = out.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  // Rotate by one: the same items, a different order.
  if (avoid?.(out) && out.length > 1) return [...out.slice(1), out[0]];
  return out;
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
