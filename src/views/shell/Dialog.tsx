// A modal dialog: focus moves in, Tab is trapped inside, Escape closes, focus returns to the
// element that opened it.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog({ title, onClose, children, testId, wide }: { title: string; onClose(): void; children: ReactNode; testId: string; wide?: boolean }) {
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box.current)?.focus();
    return () => { opener?.focus?.(); };
  }, []);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); onClose(); return; }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) { e.preventDefault(); return; }
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div
        ref={box} role="dialog" aria-modal="true" aria-labelledby={`${testId}-title`} data-testid={testId} tabIndex={-1} onKeyDown={onKey}
        className={`flex max-h-[92vh] w-full flex-col rounded-lg border border-slate-300 bg-white shadow-xl outline-none ${wide ? 'max-w-4xl' : 'max-w-lg'}`}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
          <h2 id={`${testId}-title`} className="text-base font-semibold text-slate-900">{title}</h2>
          <button type="button" onClick={onClose} aria-label="Close" data-testid={`${testId}-close`}
            className="rounded-md border border-slate-300 px-2 py-0.5 text-sm text-slate-700 hover:bg-slate-100">✕ <span className="text-xs">Esc</span></button>
        </div>
        {/* Focusable, so a keyboard can scroll a long dialog (axe: scrollable-region-focusable). */}
        <div className="relative min-h-0 overflow-y-auto px-4 py-3" tabIndex={0}>{children}</div>
      </div>
    </div>
  );
}
