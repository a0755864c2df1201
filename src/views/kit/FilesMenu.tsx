// A toolbar button that opens a short list of file actions (the transport's Files, every
// instrument's State). A disclosure, not an ARIA menu: its items are plain buttons in tab order;
// Escape or a click elsewhere closes it.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface FileItem { id: string; label: string; title?: string; run(): void }

const BUTTON = 'inline-flex h-7 items-center gap-1 rounded-md border border-slate-400 bg-white px-2 text-[12px] font-medium text-slate-800 hover:bg-slate-100';

/** `children`: what lives beside the list (a hidden file input the items click). */
export function FilesMenu({ items, children, label = 'Files', testId = 'files-open', className = BUTTON, listClass = 'top-8 w-56' }: {
  items: readonly FileItem[];
  children?: ReactNode;
  label?: string;
  testId?: string;
  className?: string;
  listClass?: string;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => { if (!box.current?.contains(e.target as Node)) setOpen(false); };
    const esc = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', esc);
    return () => { document.removeEventListener('pointerdown', away); document.removeEventListener('keydown', esc); };
  }, [open]);
  return (
    <div ref={box} className="relative">
      <button type="button" data-testid={testId} aria-expanded={open} onClick={() => setOpen((o) => !o)} className={className}>
        {label} <span aria-hidden>▾</span>
      </button>
      {open && (
        <div className={`absolute right-0 z-30 flex flex-col rounded-md border border-slate-300 bg-white py-1 shadow-lg ${listClass}`}>
          {items.map((it) => (
            <button key={it.id} type="button" data-testid={it.id} title={it.title}
              onClick={() => { setOpen(false); it.run(); }}
              className="px-3 py-1.5 text-left text-[12.5px] text-slate-800 hover:bg-slate-100">
              {it.label}
            </button>
          ))}
        </div>
      )}
      {children}
    </div>
  );
}
