// Question steps: predict, then reveal. The model pauses before an event; the learner answers;
// the model then runs the event, and the answer is graded against what the live model did
// (`outcome` reads the model after the reveal), never against an answer typed into the lesson.

export type QuestionKind = 'one' | 'several' | 'order' | 'number';

export interface QuestionOption {
  id: string;
  label: string;
  /** Shown when this option is chosen wrongly: the misconception it points at. */
  why?: string;
}

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
  outcome: (p: P) => Answer;
  /** number: accepted within this absolute distance of the outcome … */
  tolerance?: number;
  /** … or within this fraction of it. */
  relTolerance?: number;
  unit?: string;
  /** Why the right answer is right, in one sentence. */
  because: string;
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
