// A challenge in progress, over whichever instrument it runs in: its title and text, each part of
// the goal, and "Check my attempt", which replays the student's own commands since the start in
// the verify worker and, when the goal is met, shows the completion code and a share link that
// carries the challenge and the code. A shared link's code is verified and shown the same way.
import { useState } from 'react';
import type { AttemptReply, ChallengeInfo, CodeRow } from '../../bridge/verify.ts';
import { limitsText } from './VerifyPage.tsx';

export interface ChallengeBarProps {
  info: ChallengeInfo;
  check(): Promise<AttemptReply>;
  /** A shared link's code and its verification (null while it runs). */
  shared: { code: string; row: CodeRow | null } | null;
  shareLink(code: string): string;
  onLeave(): void;
}

export function ChallengeBar({ info, check, shared, shareLink, onLeave }: ChallengeBarProps) {
  const [res, setRes] = useState<AttemptReply | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(true);
  const go = async () => { setBusy(true); try { setRes(await check()); } finally { setBusy(false); } };
  const btn = 'rounded-md border px-2 py-0.5 text-[12px]';
  return (
    <section aria-labelledby="challenge-bar-title" data-testid="challenge-bar"
      className="fixed inset-x-2 bottom-2 z-40 max-h-[60vh] overflow-y-auto rounded-md border border-indigo-400 bg-indigo-50 p-2 text-[12.5px] shadow-lg sm:left-auto sm:w-[26rem]">
      <div className="flex items-baseline gap-2">
        <h2 id="challenge-bar-title" className="font-semibold text-slate-900">Challenge: {info.title}</h2>
        <button type="button" className={`${btn} ml-auto border-slate-400 bg-white`} aria-expanded={open} onClick={() => setOpen((o) => !o)}>{open ? 'Hide' : 'Show'}</button>
        <button type="button" className={`${btn} border-slate-400 bg-white`} onClick={onLeave} data-testid="challenge-leave">Leave</button>
      </div>
      {open && (
        <>
          <p className="mt-1 text-slate-800">{info.text}</p>
          <p className="mt-0.5 text-slate-600">Limits: {limitsText(info)}.{info.scoreLabel ? ` Score: ${info.scoreLabel}.` : ' Score: your commands (lower is better).'}</p>
          {shared && (
            <p className="mt-1 rounded border border-slate-300 bg-white p-1.5" data-testid="challenge-shared" role="status">
              Shared result <code className="break-all font-mono text-[11px]">{shared.code}</code>:{' '}
              {shared.row === null ? 'verifying…' : shared.row.genuine && shared.row.met ? <b className="text-green-800">✓ genuine and met, score {shared.row.score}</b> : <span className="text-red-800">✗ {shared.row.problem}</span>}
            </p>
          )}
          <div className="mt-1.5 flex items-center gap-2">
            <button type="button" disabled={busy} onClick={() => void go()} data-testid="challenge-check" className={`${btn} border-indigo-700 bg-indigo-700 font-semibold text-white disabled:opacity-60`}>{busy ? 'Replaying…' : 'Check my attempt'}</button>
            {res?.ok && <span role="status" data-testid="challenge-result" className={res.met ? 'font-semibold text-green-800' : 'text-slate-800'}>{res.met ? `✓ Goal met · score ${res.score ?? '—'}` : `Not yet (${res.commands} commands of yours)`}</span>}
          </div>
          {res && !res.ok && <p role="alert" className="mt-1 text-red-800">{res.error}</p>}
          {res?.ok && (
            <ul className="mt-1 flex flex-col" aria-label="Goal">
              {res.parts.map((p, i) => <li key={i} className={p.met ? 'text-green-800' : 'text-slate-700'}>{p.met ? '✓' : '○'} {p.text}</li>)}
            </ul>
          )}
          {res?.ok && res.code && (
            <div className="mt-1.5 flex flex-col gap-1">
              <label className="flex flex-col">Your completion code (hand it in)
                <textarea readOnly rows={3} className="w-full rounded border border-slate-400 bg-white p-1 font-mono text-[11px]" value={res.code} data-testid="challenge-code" onFocus={(e) => e.currentTarget.select()} />
              </label>
              <label className="flex flex-col">A link with the challenge and your result
                <input readOnly className="w-full rounded border border-slate-400 bg-white p-1 font-mono text-[11px]" value={shareLink(res.code)} data-testid="challenge-share" onFocus={(e) => e.currentTarget.select()} />
              </label>
            </div>
          )}
        </>
      )}
    </section>
  );
}
