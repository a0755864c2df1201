// A glossary term in running text, defined in a popover that opens on tap, click, keyboard
// focus or mouse hover, and closes on Escape, on leaving it, or on a tap elsewhere. A native
// tooltip (title=) never appears on touch and is not announced reliably; this is a button with
// aria-expanded that names its definition by aria-describedby while it is open.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export function TermPopover({ word, term, def }: { word: string; term: string; def: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    // A tap or click anywhere else closes it (touch gives no hover to leave).
    const away = (e: PointerEvent) => { if (!box.current?.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      // Closing the popover is all Escape does here: not the lesson panel's own Escape.
      e.stopPropagation();
      e.preventDefault();
      setOpen(false);
    }
  };
  return (
    <span ref={box} className="relative inline" onMouseLeave={() => setOpen(false)}>
      <button
        type="button" data-term={term} aria-expanded={open} aria-controls={id} aria-describedby={open ? id : undefined}
        onClick={() => setOpen(true)} onFocus={() => setOpen(true)} onBlur={() => setOpen(false)} onMouseEnter={() => setOpen(true)} onKeyDown={onKey}
        className="cursor-help underline decoration-dotted decoration-slate-400 underline-offset-2 [font:inherit] [text-decoration-skip-ink:none] focus:outline focus:outline-2 focus:outline-blue-600"
      >{word}</button>
      <span
        id={id} role="tooltip" hidden={!open} data-testid="term-popover"
        className="absolute left-0 top-full z-40 mt-1 block w-64 max-w-[80vw] rounded-md border border-slate-300 bg-white p-2 text-left text-[12px] font-normal leading-snug text-slate-800 shadow-lg"
      ><b>{term}</b>: {def}</span>
    </span>
  );
}
