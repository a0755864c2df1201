// "Answer first": on a question step, a readout that shows what the question asks is masked
// until the learner locks in an answer (issue 17). One mechanism for every instrument: the
// question names the readouts it masks (Question.masks, by the instrument's own keys), and an
// instrument may add the keys that give away the answer to any of its questions (`always`):
// the Faults settings name the fault a diagnosis asks for, the transport's modify panel says
// whether the kernel table has the arrow a question asks about.

/** The part of a question view masking needs (QuestionView from the lesson runner). */
export interface MaskSource { revealed: boolean; masks?: readonly string[] }

/** Is `key` masked now: a question is open (not yet run by the model) and names it, or the instrument always masks it. */
export function isMasked(q: MaskSource | null | undefined, key: string, always: readonly string[] = []): boolean {
  if (!q || q.revealed) return false;
  return (q.masks?.includes(key) ?? false) || always.includes(key);
}

/**
 * A question is open: its event has not run, and the worker holds the model until the learner
 * locks in (worker/kit/labWorker.ts HELD). Play, Step and the changes to the model are refused
 * there; the views disable them and say why.
 */
export function heldBy(q: MaskSource | null | undefined): boolean {
  return !!q && !q.revealed;
}

export const HELD_TITLE = 'Held for your answer: the lesson\'s question asks what the model will do, so it waits until you lock in an answer (or show it).';

export const ANSWER_FIRST_TITLE = 'The lesson\'s question asks for this: it shows once you lock in your answer.';

/** The mask drawn in place of a readout: inline (a figure, a value) or as a block (a panel, a chart). */
export function AnswerFirst({ testId, block = false, what }: { testId?: string; block?: boolean; what?: string }) {
  if (block) {
    return (
      <p className="flex items-center justify-center rounded border border-dashed border-violet-600 bg-violet-50 p-2 text-center text-[12px] font-semibold text-violet-800" data-testid={testId} data-masked="true" title={ANSWER_FIRST_TITLE}>
        Answer first: {what ?? 'this'} shows once you lock in your answer to the lesson&apos;s question.
      </p>
    );
  }
  return <span className="font-sans font-semibold text-violet-800" data-testid={testId} data-masked="true" title={ANSWER_FIRST_TITLE}>answer first</span>;
}
