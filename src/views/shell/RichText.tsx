// Lesson prose: paragraphs where `backticks` mark identifiers.
export function RichText({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g);
  return (
    <>
      {parts.map((p, i) => p.startsWith('`') && p.endsWith('`')
        ? <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800">{p.slice(1, -1)}</code>
        : <span key={i}>{p}</span>)}
    </>
  );
}
