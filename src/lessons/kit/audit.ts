// What a question shows before the learner locks in must not answer it. CI runs this over every
// question with the model's own outcome (lessons/replay.test.ts): the step's title, text and
// task, the prompt, and the glossary tooltips of every term in them or in the options (the
// lesson's sources stay folded until the answer is in, so they are not shown) must contain
// neither the words that set the right option apart from the others nor the graded number.
// Nor may the right option alone repeat an identifier the text names. And a choose-one or
// choose-several question offers three options or more, each wrong one with the misconception it
// stands for.
import { termsIn } from './glossary.ts';
import type { Answer, Question, QuestionOption } from './question.ts';

/** What a question step shows before the answer is locked in. */
export interface Shown { title: string; text: readonly string[]; task?: string }

// Words too common to set one option apart from another.
const COMMON = new Set(['that', 'this', 'with', 'from', 'then', 'than', 'they', 'them', 'their', 'there', 'what', 'when', 'which', 'will', 'would', 'into', 'only', 'does', 'each', 'every', 'before', 'after', 'same', 'other', 'more', 'less', 'just', 'also', 'still', 'both', 'were', 'been', 'have', 'host']);

/** Lower-case words, a plural's s dropped, of five letters or more (shorter ones are too common to tell options apart). */
export function words(s: string): Set<string> {
  return new Set((s.toLowerCase().match(/[a-z_][a-z0-9_]+/g) ?? []).map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w)).filter((w) => w.length >= 5 && !COMMON.has(w)));
}

/** The words of the right options that no wrong option's label uses. */
export function distinguishing(options: readonly QuestionOption[], right: readonly string[]): string[] {
  const wrong = new Set(options.filter((o) => !right.includes(o.id)).flatMap((o) => [...words(o.label)]));
  return [...new Set(options.filter((o) => right.includes(o.id)).flatMap((o) => [...words(o.label)]))].filter((w) => !wrong.has(w));
}

const SCALE: Readonly<Record<string, number>> = { KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

/** Numbers written in `text` (commas dropped, "4 KiB" read as 4096), hex tokens left out. */
function numbersIn(text: string): number[] {
  return [...text.replace(/0x[0-9a-f]+/gi, ' ').matchAll(/(?<![\w.])(\d[\d,]*(?:\.\d+)?)(?:\s*(KiB|MiB|GiB))?/g)]
    .flatMap((m) => { const n = Number(m[1].replace(/,/g, '')); return m[2] ? [n, n * SCALE[m[2]]] : [n]; });
}

/** Everything shown before lock-in, tooltips included, as one text. */
export function shownText(step: Shown, prompt: string, options: readonly QuestionOption[]): string {
  const own = [step.title, ...step.text, step.task ?? '', prompt];
  const tips = termsIn([...own, ...options.map((o) => o.label)]).map((t) => t.def);
  return [...own, ...tips].join('\n');
}

/** What gives the answer away, in words (empty when nothing). */
export function giveaways<P, A>(step: Shown, q: Question<P, A>, options: readonly QuestionOption[], expected: Answer): string[] {
  const shown = shownText(step, q.prompt, options);
  const out: string[] = [];
  if (q.kind === 'number') {
    const o = Number(expected);
    const tol = Math.max(q.tolerance ?? 0, Math.abs(o) * (q.relTolerance ?? 0));
    const told = numbersIn(shown).filter((n) => Math.abs(n - o) <= tol);
    if (told.length) out.push(`the graded number (${o}) is shown before the answer: ${told.join(', ')}`);
    return out;
  }
  if (q.kind === 'order') {
    // An order is given away when the shown text lists the items in their right order.
    const labels = (expected as string[]).map((id) => options.find((o) => o.id === id)?.label.toLowerCase() ?? id);
    const at = labels.map((l) => shown.toLowerCase().indexOf(l));
    if (at.every((i) => i >= 0) && at.every((i, k) => k === 0 || i > at[k - 1])) out.push('the text lists the items in their right order');
    return out;
  }
  const right = Array.isArray(expected) ? expected : [String(expected)];
  const said = words(shown);
  const hit = distinguishing(options, right).filter((w) => said.has(w));
  if (hit.length) out.push(`the right option's own words are shown before the answer: ${hit.join(', ')}`);
  if (q.kind === 'one') {
    const echo = echoed(shown, options, right);
    if (echo.length) out.push(`only the right option echoes the text's identifier: ${echo.join(', ')}`);
  }
  return out;
}

/**
 * Identifiers shown before lock-in (a name with an underscore: rnr_retry, max_rd_atomic) that
 * the right option's label contains and no wrong one does: "the option that repeats the term in
 * the question" is a test-taker's pick, not a prediction.
 */
export function echoed(shown: string, options: readonly QuestionOption[], right: readonly string[]): string[] {
  const ids = new Set(shown.toLowerCase().match(/[a-z0-9]*_[a-z0-9_]+/g) ?? []);
  return [...ids].filter((t) => {
    const has = options.filter((o) => o.label.toLowerCase().includes(t));
    return has.length > 0 && has.every((o) => right.includes(o.id));
  });
}

/**
 * A question whose right option is much the longest (more than `ratio` times every wrong one's
 * length, and by over 20 characters, so short names such as IBV_QP_* attributes are not judged on
 * their spelling): "pick the longest, most qualified answer" passes it without a prediction. For
 * a choose-several, the longest right option is compared.
 */
export function longestRight(options: readonly QuestionOption[], right: string | readonly string[], ratio = 1.25): string[] {
  const ids: readonly string[] = typeof right === 'string' ? [right] : right;
  const r = Math.max(0, ...options.filter((o) => ids.includes(o.id)).map((o) => o.label.length));
  const w = Math.max(0, ...options.filter((o) => !ids.includes(o.id)).map((o) => o.label.length));
  return r > ratio * w && r - w > 20 ? [`the right option is the longest by far (${r} characters against at most ${w})`] : [];
}

/** Choose-one and choose-several: three options or more, each wrong one with its why. */
export function optionProblems<P, A>(q: Question<P, A>, options: readonly QuestionOption[], expected: Answer): string[] {
  if (q.kind !== 'one' && q.kind !== 'several') return [];
  const out: string[] = [];
  if (options.length < 3) out.push(`only ${options.length} options: a guess passes too often`);
  const right = Array.isArray(expected) ? expected : [String(expected)];
  const bare = options.filter((o) => !right.includes(o.id) && !o.why).map((o) => o.id);
  if (bare.length) out.push(`wrong options without a why: ${bare.join(', ')}`);
  return out;
}

