// The instructor's side of a challenge: a title, a text, a goal (a small predicate language, as
// JSON) and an optional score; the link carries them with the scenario as it stands now. The app
// validates the challenge and names the bad field; nothing in it is ever executed.
import { useState } from 'react';
import { Dialog } from '../../shell/Dialog.tsx';

export interface ChallengeKit {
  example: { title: string; text: string; goal: unknown; score?: unknown };
  build(c: unknown): Promise<string>;
  /** What is wrong with the goal as an assignment (met already, or by Play alone): replayed headlessly, no command added. */
  check(c: unknown): Promise<string[]>;
}

export function ChallengeEditor({ onClose, kit }: { onClose(): void; kit: ChallengeKit }) {
  const [title, setTitle] = useState(kit.example.title);
  const [text, setText] = useState(kit.example.text);
  const [goal, setGoal] = useState(JSON.stringify(kit.example.goal, null, 1));
  const [score, setScore] = useState(kit.example.score ? JSON.stringify(kit.example.score, null, 1) : '');
  const [out, setOut] = useState<{ url?: string; error?: string; warnings?: string[] }>({});
  const make = async () => {
    let g: unknown;
    let sc: unknown;
    try { g = JSON.parse(goal); } catch (e) { setOut({ error: `goal is not JSON: ${(e as Error).message}` }); return; }
    try { sc = score.trim() ? JSON.parse(score) : undefined; } catch (e) { setOut({ error: `score is not JSON: ${(e as Error).message}` }); return; }
    const c = { title, text, goal: g, ...(sc ? { score: sc } : {}) };
    try {
      const url = await kit.build(c);
      setOut({ url, warnings: await kit.check(c) });
    } catch (e) { setOut({ error: (e as Error).message }); }
  };
  const field = 'w-full rounded border border-slate-400 px-1.5 py-1 font-mono text-[12px]';
  return (
    <Dialog title="Write a challenge" testId="challenge-editor" wide onClose={onClose}>
      <div className="flex flex-col gap-2 text-[13px]">
        <p className="text-slate-700">The challenge starts from the scenario and the moment on screen now. The learner's attempt is graded live against the goal, and the page shows the attempt's trace hash so you can check it.</p>
        <label className="flex flex-col gap-0.5">Title<input className={field} value={title} onChange={(e) => setTitle(e.target.value)} data-testid="challenge-title-input" /></label>
        <label className="flex flex-col gap-0.5">Text<textarea className={field} rows={3} value={text} onChange={(e) => setText(e.target.value)} /></label>
        <label className="flex flex-col gap-0.5">Goal (JSON: state, count, span, time, summary; all / any / not)<textarea className={field} rows={7} value={goal} onChange={(e) => setGoal(e.target.value)} data-testid="challenge-goal" /></label>
        <label className="flex flex-col gap-0.5">Score, lower is better (optional JSON: label, kind, field, where)<textarea className={field} rows={3} value={score} onChange={(e) => setScore(e.target.value)} /></label>
        <div><button type="button" className="rounded-md border border-indigo-700 bg-indigo-700 px-3 py-1 font-semibold text-white" data-testid="challenge-make" onClick={() => void make()}>Make the link</button></div>
        {out.error && <p role="alert" className="rounded border border-red-400 bg-red-50 p-1.5 text-red-900">{out.error}</p>}
        {out.warnings && out.warnings.length > 0 && (
          <div role="alert" className="rounded border border-amber-500 bg-amber-50 p-1.5 text-amber-950" data-testid="challenge-warning">
            {out.warnings.map((w) => <p key={w}>⚠ {w}</p>)}
          </div>
        )}
        {out.url && <textarea readOnly className={field} rows={3} value={out.url} data-testid="challenge-url" aria-label="Challenge link" onFocus={(e) => e.currentTarget.select()} />}
      </div>
    </Dialog>
  );
}
