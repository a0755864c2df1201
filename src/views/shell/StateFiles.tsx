// Save the instrument's state to a file and open one again, the same in every instrument (the
// app supplies how, through this context; app/stateFiles.ts). A disclosure, not an ARIA menu:
// its items are plain buttons in tab order; Escape or a click elsewhere closes it.
import { createContext, useContext, useEffect, useRef, useState } from 'react';

export interface StateFilesApi { save(): void; open(f: File): void }
export const StateFiles = createContext<StateFilesApi | null>(null);

export function StateFilesMenu({ className }: { className: string }) {
  const api = useContext(StateFiles);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement | null>(null);
  const file = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => { if (!box.current?.contains(e.target as Node)) setOpen(false); };
    const esc = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', esc);
    return () => { document.removeEventListener('pointerdown', away); document.removeEventListener('keydown', esc); };
  }, [open]);
  if (!api) return null;
  const item = 'px-3 py-1.5 text-left text-[12.5px] text-slate-800 hover:bg-slate-100';
  return (
    <div ref={box} className="relative">
      <button type="button" data-testid="state-menu" aria-expanded={open} onClick={() => setOpen((o) => !o)} className={className}>State <span aria-hidden>▾</span></button>
      {open && (
        <div className="absolute right-0 top-9 z-30 flex w-52 flex-col rounded-md border border-slate-300 bg-white py-1 shadow-lg">
          <button type="button" data-testid="state-save" className={item} onClick={() => { setOpen(false); api.save(); }}>Save this state (.json)</button>
          <button type="button" data-testid="state-open" className={item} onClick={() => { setOpen(false); file.current?.click(); }}>Open a state file…</button>
        </div>
      )}
      <input ref={file} type="file" accept="application/json,.json" className="hidden" data-testid="state-file" aria-label="State file"
        onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) api.open(f); }} />
    </div>
  );
}
