// A C snippet with light highlighting and a copy button.
import { useState, type ReactNode } from 'react';

const TOKEN = /(\/\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"|\bIBV_[A-Z0-9_]+\b|\b(?:struct|int|if|return)\b|\bibv_[a-z_]+\b|\b0x[0-9a-fA-F]+\b|\b\d+\b)/g;

export function highlightC(code: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const m of code.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(code.slice(last, at));
    const tok = m[0];
    const cls = tok.startsWith('/*') ? 'text-slate-500 italic'
      : tok.startsWith('"') ? 'text-amber-700'
      : tok.startsWith('IBV_') ? 'text-blue-800 font-semibold'
      : /^(struct|int|if|return)$/.test(tok) ? 'text-purple-700 font-semibold'
      : tok.startsWith('ibv_') ? 'text-teal-800 font-semibold'
      : 'text-orange-800';
    out.push(<span key={i++} className={cls}>{tok}</span>);
    last = at + tok.length;
  }
  if (last < code.length) out.push(code.slice(last));
  return out;
}

export function CodeBlock({ code, testId, label }: { code: string; testId: string; label: string }) {
  const [copied, setCopied] = useState<'idle' | 'ok' | 'fail'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('ok');
    } catch {
      setCopied('fail');
    }
    window.setTimeout(() => setCopied('idle'), 1800);
  };
  return (
    <figure className="relative shrink-0 rounded-md border border-slate-300 bg-slate-50">
      <figcaption className="flex items-center justify-between border-b border-slate-200 px-2 py-0.5 text-[11px] font-semibold text-slate-600">
        {label}
        <button type="button" onClick={() => void copy()} aria-label={`Copy ${label}`} data-testid={`${testId}-copy`}
          className="rounded border border-slate-300 bg-white px-1.5 py-0 text-[11px] font-medium text-slate-700 hover:bg-slate-100">
          {copied === 'ok' ? '✓ Copied' : copied === 'fail' ? 'Copy failed — select the text' : 'Copy'}
        </button>
      </figcaption>
      <pre data-testid={testId} tabIndex={0} aria-label={label} className="max-h-44 overflow-auto px-2 py-1 font-mono text-[11.5px] leading-[1.35] text-slate-900"><code>{highlightC(code)}</code></pre>
    </figure>
  );
}
