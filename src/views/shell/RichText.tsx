// Lesson prose: paragraphs where `backticks` mark identifiers, and where the first use of a
// glossary term (in this paragraph) opens its definition in a popover, by tap, keyboard or hover.
import type { Term } from '../../worker/kit/types.ts';
import { TermPopover } from '../kit/TermPopover.tsx';

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function withTerms(text: string, terms: readonly Term[], seen: Set<string>, key: string) {
  if (terms.length === 0) return [<span key={key}>{text}</span>];
  const byWord = new Map<string, Term>();
  for (const t of terms) for (const w of t.spellings) byWord.set(w, t);
  const words = [...byWord.keys()].sort((a, b) => b.length - a.length).map(esc);
  const re = new RegExp(`(?<![A-Za-z0-9_])(${words.join('|')})(?![A-Za-z0-9_])`, 'g');
  const out = [];
  let last = 0;
  let m: RegExpExecArray | null;
  let i = 0;
  while ((m = re.exec(text))) {
    const t = byWord.get(m[1]);
    if (!t || seen.has(t.term)) continue;
    seen.add(t.term);
    if (m.index > last) out.push(<span key={`${key}-${i++}`}>{text.slice(last, m.index)}</span>);
    out.push(<TermPopover key={`${key}-${i++}`} word={m[1]} term={t.term} def={t.def} />);
    last = m.index + m[1].length;
  }
  if (last < text.length) out.push(<span key={`${key}-${i}`}>{text.slice(last)}</span>);
  return out;
}

export function RichText({ text, terms = [] }: { text: string; terms?: readonly Term[] }) {
  const parts = text.split(/(`[^`]+`)/g);
  const seen = new Set<string>();
  return (
    <>
      {parts.map((p, i) => p.startsWith('`') && p.endsWith('`')
        ? <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800">{p.slice(1, -1)}</code>
        : withTerms(p, terms, seen, String(i)))}
    </>
  );
}
