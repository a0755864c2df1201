// The instructor's side of a transport challenge: a title, a text, a goal (a predicate of the
// lesson language, as JSON, the language of the built-in challenges), optional limits and an
// optional score; the link carries them with the scenario and moment on screen now. The app
// validates the challenge and names the bad field; nothing in it is ever executed. The writer
// shows the id the students' completion codes will verify under.
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../shell/Dialog.tsx';

/** What "Check my attempt" answers (the verify worker's reply). */
export type WrittenAttempt =
  | { ok: true; met: boolean; parts: { text: string; met: boolean }[]; score: number | null; commands: number; code: string | null; id?: string }
  | { ok: false; error: string };

export interface ChallengeKit {
  example: { title: string; text: string; goal: unknown; limits?: { withinNs?: number; maxCommands?: number }; score?: unknown };
  build(c: unknown): Promise<string>;
  /** What is wrong with the goal as an assignment (met already, or by Play alone): replayed headlessly, no command added. */
  check(c: unknown): Promise<string[]>;
  /** The id the codes for `c` verify under, were its link made now. */
  id(c: unknown): Promise<string | null>;
  /** The open written challenge's attempt, replayed from its start in the verify worker. */
  attempt(): Promise<WrittenAttempt>;
  /** The Verify page's address with `code` filled in. */
  verifyLink(code: string): string;
}

const num = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));

export function ChallengeEditor({ onClose, kit }: { onClose(): void; kit: ChallengeKit }) {
  const [title, setTitle] = useState(kit.example.title);
  const [text, setText] = useState(kit.example.text);
  const [goal, setGoal] = useState(JSON.stringify(kit.example.goal, null, 1));
  const [within, setWithin] = useState(kit.example.limits?.withinNs !== undefined ? String(kit.example.limits.withinNs / 1000) : '');
  const [most, setMost] = useState(kit.example.limits?.maxCommands !== undefined ? String(kit.example.limits.maxCommands) : '');
  const [score, setScore] = useState(kit.example.score ? JSON.stringify(kit.example.score, null, 1) : '');
  const [out, setOut] = useState<{ url?: string; id?: string | null; error?: string; warnings?: string[] }>({});
  // What "Make the link" gave (or refused) is below the fields: brought into view, not left under the fold.
  const result = useRef<HTMLDivElement | null>(null);
  useEffect(() => { if (out.url || out.error) result.current?.scrollIntoView?.({ block: 'nearest' }); }, [out]);
  const make = async () => {
    let g: unknown;
    let sc: unknown;
    try { g = JSON.parse(goal); } catch (e) { setOut({ error: `goal is not JSON: ${(e as Error).message}` }); return; }
    try { sc = score.trim() ? JSON.parse(score) : undefined; } catch (e) { setOut({ error: `score is not JSON: ${(e as Error).message}` }); return; }
    const w = num(within);
    const m = num(most);
    if (w !== undefined && !(Number.isFinite(w) && w > 0)) { setOut({ error: 'within: a number of µs above 0, or empty for no limit' }); return; }
    if (m !== undefined && !(Number.isInteger(m) && m >= 0)) { setOut({ error: 'at most: a whole number of commands, or empty for no limit' }); return; }
    const limits = { ...(w !== undefined ? { withinNs: Math.round(w * 1000) } : {}), ...(m !== undefined ? { maxCommands: m } : {}) };
    const c = { title, text, goal: g, ...(Object.keys(limits).length ? { limits } : {}), ...(sc ? { score: sc } : {}) };
    try {
      const url = await kit.build(c);
      const [warnings, id] = await Promise.all([kit.check(c), kit.id(c)]);
      setOut({ url, id, warnings });
    } catch (e) { setOut({ error: (e as Error).message }); }
  };
  const box = 'rounded border border-slate-400 px-1.5 py-1 font-mono text-[12px]';
  const field = `w-full ${box}`;
  return (
    <Dialog title="Write a challenge" testId="challenge-editor" wide onClose={onClose}>
      <div className="flex flex-col gap-2 text-[13px]">
        <p className="text-slate-700">The challenge starts from the scenario and the moment on screen now. The student sees the goal ticked off live; "Check my attempt" replays their own commands and, when the goal is met, gives a completion code that <code>npm run verify</code> and the Verify codes page accept.</p>
        <label className="flex flex-col gap-0.5">Title<input className={field} value={title} onChange={(e) => setTitle(e.target.value)} data-testid="challenge-title-input" /></label>
        <label className="flex flex-col gap-0.5">Text<textarea className={field} rows={3} value={text} onChange={(e) => setText(e.target.value)} /></label>
        <label className="flex flex-col gap-0.5">Goal (JSON, a lesson predicate: state, events, num, field, items; all / any / not; see Help)<textarea className={field} rows={7} value={goal} onChange={(e) => setGoal(e.target.value)} data-testid="challenge-goal" /></label>
        <div className="flex flex-wrap gap-x-4 gap-y-1" role="group" aria-label="Limits (optional)">
          <label className="flex items-center gap-1">Graded at<input className={`${box} w-24`} inputMode="decimal" value={within} onChange={(e) => setWithin(e.target.value)} data-testid="challenge-within" placeholder="any time" />µs</label>
          <label className="flex items-center gap-1">At most<input className={`${box} w-16`} inputMode="numeric" value={most} onChange={(e) => setMost(e.target.value)} data-testid="challenge-max" placeholder="any" />commands of the student's</label>
        </div>
        <label className="flex flex-col gap-0.5">Score, lower is better, counting only the student's commands (optional JSON: label, kind, field, where)<textarea className={field} rows={3} value={score} onChange={(e) => setScore(e.target.value)} /></label>
        <div><button type="button" className="rounded-md border border-indigo-700 bg-indigo-700 px-3 py-1 font-semibold text-white" data-testid="challenge-make" onClick={() => void make()}>Make the link</button></div>
        <div ref={result} className="flex flex-col gap-2">
          {out.error && <p role="alert" className="rounded border border-red-400 bg-red-50 p-1.5 text-red-900">{out.error}</p>}
          {out.warnings && out.warnings.length > 0 && (
            <div role="alert" className="rounded border border-amber-500 bg-amber-50 p-1.5 text-amber-950" data-testid="challenge-warning">
              {out.warnings.map((w) => <p key={w}>⚠ {w}</p>)}
            </div>
          )}
          {out.id && <p className="text-slate-700">Students' completion codes for this challenge verify as <code className="font-mono font-semibold" data-testid="challenge-id">{out.id}</code> (the Verify page's and <code>npm run verify</code>'s challenge column).</p>}
          {out.url && <textarea readOnly className={field} rows={3} value={out.url} data-testid="challenge-url" aria-label="Challenge link" onFocus={(e) => e.currentTarget.select()} />}
        </div>
      </div>
    </Dialog>
  );
}
