// One tab list for every instrument, as the WAI-ARIA tabs pattern has it: a roving tabindex (only
// the selected tab is in the Tab order), ← and → move to the previous and next tab (wrapping),
// Home and End to the first and last; moving selects (automatic activation: every panel here
// shows at once). The keys stop at the tab list, so they never also step the simulation.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** Extra classes for this tab's button (e.g. a monospaced API name). */
  className?: string;
}

export interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect(id: T): void;
  /** The tab list's accessible name. */
  label: string;
  /** A tab's element id is `${idPrefix}${tab id}`; its test id is always `tab-${tab id}`. */
  idPrefix: string;
  /** The id of the one panel that shows the selected tab (TabPanel). */
  panelId: string;
  /** Spacing and rule colour of the list (default: an instrument's main views). */
  className?: string;
  /** Text size of the tabs: the inspector's are a step smaller than an instrument's main views. */
  small?: boolean;
}

/** Where a key moves the selection from `i` among `n` tabs, or -1 for a key the list does not own. */
export function tabKeyTarget(key: string, i: number, n: number): number {
  if (key === 'ArrowRight') return (i + 1) % n;
  if (key === 'ArrowLeft') return (i - 1 + n) % n;
  if (key === 'Home') return 0;
  if (key === 'End') return n - 1;
  return -1;
}

export function Tabs<T extends string>({ tabs, selected, onSelect, label, idPrefix, panelId, className = 'gap-1 border-slate-300', small }: TabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const j = tabKeyTarget(e.key, tabs.findIndex((t) => t.id === selected), tabs.length);
    if (j < 0) return;
    e.preventDefault();
    e.stopPropagation();
    onSelect(tabs[j].id);
    refs.current.get(tabs[j].id)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`flex flex-wrap border-b ${className}`} onKeyDown={onKeyDown}>
      {tabs.map((t) => {
        const on = t.id === selected;
        return (
          <button key={t.id} type="button" role="tab" id={`${idPrefix}${t.id}`} data-testid={`tab-${t.id}`}
            ref={(el) => { if (el) refs.current.set(t.id, el); else refs.current.delete(t.id); }}
            aria-selected={on} aria-controls={panelId} tabIndex={on ? 0 : -1} onClick={() => onSelect(t.id)}
            className={`-mb-px rounded-t-md border px-3 py-1 font-medium ${small ? 'text-[13px]' : 'text-sm'} ${on ? 'border-slate-300 border-b-white bg-white text-slate-900' : 'border-transparent text-slate-600 hover:bg-slate-200 hover:text-slate-900'} ${t.className ?? ''}`}>
            {t.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of a Tabs list: labelled by the selected tab. */
export function TabPanel({ id, idPrefix, selected, className, children }: { id: string; idPrefix: string; selected: string; className?: string; children: ReactNode }) {
  return <div id={id} role="tabpanel" aria-labelledby={`${idPrefix}${selected}`} className={className}>{children}</div>;
}
