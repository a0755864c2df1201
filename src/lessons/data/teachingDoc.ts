// docs/teaching.md as text: the teacher's guide, generated from the lessons themselves (and the
// challenges, wherever their registry lives: the caller passes them). Per lesson: objectives,
// prerequisites, minutes, steps; every question with its answer, why it is right, and the
// misconception behind each wrong option; the tasks with what completes them (data lessons).
import type { Answer, Question, QuestionOption } from '../kit/question.ts';
import { lessonInfo, type Lesson } from '../kit/types.ts';
import { describePredicate, predicateProblem, type Predicate } from './predicate.ts';

/** What the guide needs of a challenge (the registry's entries carry more). */
export interface ChallengeLike { id: string; title: string; text: string; instrument: string; goal: Predicate; limits?: { withinNs?: number; maxCommands?: number } }

/** The challenges of a registry module's `CHALLENGES` export, those whose shape the guide can read. */
export function challengesOf(mod: unknown): ChallengeLike[] {
  const list: unknown = mod && typeof mod === 'object' ? (mod as { CHALLENGES?: unknown }).CHALLENGES : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((c): c is ChallengeLike => !!c && typeof c === 'object'
    && ['id', 'title', 'text', 'instrument'].every((k) => typeof (c as Record<string, unknown>)[k] === 'string')
    && predicateProblem((c as { goal?: unknown }).goal) === null);
}

const LABS: Record<string, string> = { transport: 'Transport & lifecycle', memory: 'NIC memory', faults: 'Faults at scale' };
const one = (s: string) => s.replace(/\s+/g, ' ').trim();

function answerText<P, A>(q: Question<P, A>, options: readonly QuestionOption[], a: Answer): string {
  const label = (id: string) => options.find((o) => o.id === id)?.label ?? id;
  if (q.kind === 'number') {
    const tol = q.tolerance !== undefined ? ` (accepted within ±${q.tolerance})` : q.relTolerance !== undefined ? ` (accepted within ±${Math.round(q.relTolerance * 100)}%)` : '';
    return `${String(a)}${q.unit ? ` ${q.unit}` : ''}${tol}`;
  }
  if (Array.isArray(a)) return q.kind === 'order' ? a.map(label).join(' → ') : a.map(label).join('; ');
  return label(String(a));
}

function questionLines<P, A>(n: number, q: Question<P, A>): string[] {
  const options = Array.isArray(q.options) ? (q.options as QuestionOption[]) : [];
  const out = [`${n}. **${one(q.prompt)}** _(${q.kind === 'one' ? 'choose one' : q.kind === 'several' ? 'choose several' : q.kind === 'order' ? 'put in order' : 'a number'})_`];
  if (typeof q.options === 'function') out.push('   - Options: read from the model when the question is asked.');
  out.push(q.stated !== undefined
    ? `   - Answer: ${answerText(q, options, q.stated)}. The model grades it; CI checks the model agrees.`
    : '   - Answer: whatever the model does (no fixed answer in the text; run the step to see it).');
  out.push(`   - Why: ${one(q.because)}`);
  const right = q.stated === undefined ? [] : Array.isArray(q.stated) ? q.stated.map(String) : [String(q.stated)];
  const wrong = options.filter((o) => !right.includes(o.id));
  if (q.kind === 'order' || q.kind === 'several') {
    for (const o of options.filter((x) => x.why)) out.push(`   - ${o.label}: ${one(o.why ?? '')}`);
  } else if (wrong.length) {
    out.push(right.length ? '   - Wrong options and the misconception behind each:' : '   - Options, and the misconception each shows when the model did otherwise:');
    for (const o of wrong) out.push(`     - ${o.label}: ${o.why ? one(o.why) : one(q.wrong ?? '(no explanation given)')}`);
  } else if (q.wrong) out.push(`   - A wrong answer misses: ${one(q.wrong)}`);
  return out;
}

export function teachingMarkdown(lessons: ReadonlyArray<Lesson<never, unknown>>, challenges: readonly ChallengeLike[], checks: ReadonlyMap<string, readonly (Predicate | null)[]> = new Map()): string {
  const out = [
    '# Teacher\'s guide',
    '',
    'Every lesson of QP Scope, in the order the page offers them: what a learner should be able to do after it, what to do first, how long it takes, and every question with its answer and the misconception behind each wrong option; then the challenges. The answers are graded by the model, never by this text: where a question states its answer, CI checks the model agrees.',
    '',
    'Generated from the lessons (`src/lessons`) and the challenges by `npx tsx scripts/teaching.ts`; `src/lessons/data/teaching.test.ts` keeps this file equal to its generator.',
    '',
  ];
  for (const lab of Object.keys(LABS)) {
    const mine = lessons.filter((l) => l.lab === lab);
    const chal = challenges.filter((c) => c.instrument === lab);
    if (!mine.length && !chal.length) continue;
    out.push(`## ${LABS[lab]}`, '');
    for (const l of mine) {
      const info = lessonInfo(l);
      const meta = info.meta;
      const qs = l.steps.filter((s) => s.question);
      out.push(`### ${l.title}`, '', `\`${l.id}\` · topic ${l.topic} · ${l.steps.length} steps (${qs.length} questions) · ${meta ? `about ${meta.minutes} minutes` : 'minutes not estimated'}`, '', one(l.summary), '');
      if (meta) {
        out.push(`**Prerequisites:** ${meta.prerequisites.length ? meta.prerequisites.map((p) => `\`${p}\``).join(', ') : 'none'}`, '', '**Objectives:**', '', ...meta.objectives.map((o) => `- ${o}`), '');
      }
      const tasks = l.steps.map((s, i) => ({ s, pred: checks.get(l.id)?.[i] ?? null })).filter(({ s }) => s.task);
      if (tasks.length) {
        out.push('**Tasks:**', '');
        for (const { s, pred } of tasks) out.push(`- ${s.title}: ${one(s.task ?? '')}${pred ? ` _Done when: ${describePredicate(pred)}._` : ''}`);
        out.push('');
      }
      if (qs.length) {
        out.push('**Questions:**', '');
        qs.forEach((s, i) => { if (s.question) out.push(...questionLines(i + 1, s.question)); });
        out.push('');
      }
    }
    if (chal.length) {
      out.push(`### Challenges (${LABS[lab]})`, '');
      for (const c of chal) {
        const lim = [c.limits?.withinNs !== undefined ? `within ${c.limits.withinNs / 1000} µs` : '', c.limits?.maxCommands !== undefined ? `at most ${c.limits.maxCommands} commands` : ''].filter(Boolean).join(', ');
        out.push(`- **${c.title}** (\`${c.id}\`): ${one(c.text)} _Goal: ${describePredicate(c.goal)}${lim ? `; ${lim}` : ''}._`);
      }
      out.push('');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
