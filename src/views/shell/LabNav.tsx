// The instrument switch in every header: the current one marked, the others as links (a link
// with only `#lab=<id>` opens an instrument where the person left it, or with its defaults).
// Which instruments there are is the registry's (app/registry.ts): the app provides the list.
import { createContext, useContext } from 'react';

export interface NavItem { id: string; title: string }

/** The instruments the switch offers, in order (provided by the app's root). */
export const Instruments = createContext<readonly NavItem[]>([]);

export function LabNav({ current }: { current: string }) {
  const labs = useContext(Instruments);
  return (
    <nav aria-label="Instruments" className="flex shrink-0 overflow-hidden rounded-md border border-slate-300 text-xs font-medium">
      {labs.map(({ id, title }) => id === current
        ? <span key={id} aria-current="page" className="bg-slate-800 px-2 py-1.5 text-white">{title}</span>
        : <a key={id} href={`#lab=${id}`} className="px-2 py-1.5 text-slate-700 hover:bg-slate-100" data-testid={`to-${id}`}>{title}</a>)}
    </nav>
  );
}
