// Save the instrument's state to a file and open one again, the same in every instrument (the
// app supplies how, through this context; app/stateFiles.ts), in the kit's FilesMenu.
import { createContext, useContext, useRef } from 'react';
import { FilesMenu } from '../kit/FilesMenu.tsx';

export interface StateFilesApi { save(): void; open(f: File): void }
export const StateFiles = createContext<StateFilesApi | null>(null);

export function StateFilesMenu({ className }: { className: string }) {
  const api = useContext(StateFiles);
  const file = useRef<HTMLInputElement | null>(null);
  if (!api) return null;
  const items = [
    { id: 'state-save', label: 'Save this state (.json)', run: () => api.save() },
    { id: 'state-open', label: 'Open a state file…', run: () => file.current?.click() },
  ];
  return (
    <FilesMenu items={items} label="State" testId="state-menu" className={className} listClass="top-9 w-52">
      <input ref={file} type="file" accept="application/json,.json" className="hidden" data-testid="state-file" aria-label="State file"
        onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) api.open(f); }} />
    </FilesMenu>
  );
}
