// Controls whose value lives in the worker: each shows the person's choice at once (pending
// until the worker answers, see useWorkerValue) and then the value in force. Every control is a
// real, labelled element; sends return a promise so the pending state knows when to let go.
import { useId, type ReactNode } from 'react';
import { useWorkerValue } from './useWorkerValue.ts';

/** Sends the choice; the promise settles once the worker's answer (and frame) has arrived. A
 *  control over local state may return nothing. */
/** Sends the choice; a promise is waited for (anything else counts as sent). */
export type Send<T> = (v: T) => unknown;

interface SwitchProps {
  value: boolean;
  onChange: Send<boolean>;
  label: ReactNode;
  testId: string;
  title?: string;
  className?: string;
  inputClassName?: string;
}

/** A checkbox with role="switch" (aria-checked follows the shown state). */
export function WorkerSwitch({ value, onChange, label, testId, title, className, inputClassName }: SwitchProps) {
  const [on, set] = useWorkerValue(value, onChange);
  return (
    <label className={className ?? 'flex items-center gap-1'} title={title}>
      <input type="checkbox" role="switch" data-testid={testId} checked={on} aria-checked={on}
        onChange={(e) => set(e.target.checked)} className={inputClassName} />
      {label}
    </label>
  );
}

interface SelectProps {
  id: string;
  label: ReactNode;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: Send<string>;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
  labelClassName?: string;
  selectClassName?: string;
}

export function WorkerSelect({ id, label, value, options, onChange, hint, disabled, className, labelClassName, selectClassName }: SelectProps) {
  const uid = useId();
  const [shown, set] = useWorkerValue(value, onChange);
  return (
    <div className={className ?? 'flex flex-col gap-0.5'}>
      <label htmlFor={uid} className={labelClassName ?? 'text-[12px] font-semibold text-slate-800'}>{label}</label>
      <select id={uid} data-testid={id} value={shown} disabled={disabled} onChange={(e) => set(e.target.value)}
        className={selectClassName ?? 'h-7 rounded-md border border-slate-400 bg-white px-1.5 text-[12px] text-slate-900'}>
        {options.map(([v, t]) => <option key={v} value={v}>{t}</option>)}
      </select>
      {hint && <p className="text-[11px] leading-tight text-slate-500">{hint}</p>}
    </div>
  );
}

export interface SliderProps {
  id: string;
  label: ReactNode;
  value: number;
  /** Range of slider positions; positions map to values (log scales, step lists). */
  min: number;
  max: number;
  step?: number;
  toPos(v: number): number;
  fromPos(p: number): number;
  text(v: number): string;
  valueText?(v: number): string;
  onChange: Send<number>;
  hint?: ReactNode;
  marks?: Array<{ pos: number; title: string }>;
  /** Compact: label and value inline before the track (headers). */
  inline?: boolean;
  className?: string;
  title?: string;
}

export function WorkerSlider({ id, label, value, min, max, step = 1, toPos, fromPos, text, valueText, onChange, hint, marks, inline, className, title }: SliderProps) {
  const uid = useId();
  const [shown, set] = useWorkerValue(value, onChange);
  const pos = Math.max(min, Math.min(max, toPos(shown)));
  const input = (
    <input id={uid} type="range" data-testid={id} min={min} max={max} step={step} value={pos} title={title}
      aria-valuetext={(valueText ?? text)(shown)}
      onChange={(e) => set(fromPos(Number(e.target.value)))}
      className={inline ? 'w-24 accent-slate-700' : 'w-full accent-indigo-700'} />
  );
  const out = <output htmlFor={uid} className="shrink-0 whitespace-nowrap font-mono text-[12px] font-semibold tabular-nums text-slate-900" data-testid={`${id}-value`}>{text(shown)}</output>;
  if (inline) {
    return (
      <div className={className ?? 'flex items-center gap-2 text-xs text-slate-700'}>
        <label htmlFor={uid} className="font-medium">{label}</label>
        {input}
        <span className="min-w-20">{out}</span>
      </div>
    );
  }
  return (
    <div className={className ?? 'flex flex-col'}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={uid} className="text-[12px] font-semibold text-slate-800">{label}</label>
        {out}
      </div>
      <div className="relative">
        {input}
        {marks?.map((m) => (
          <span key={m.title} title={m.title} aria-hidden="true"
            className="pointer-events-none absolute top-[1px] h-2.5 w-0.5 rounded bg-amber-600"
            style={{ left: `calc(${((m.pos - min) / (max - min)) * 100}% * 0.94 + 3%)` }} />
        ))}
      </div>
      {hint && <p className="text-[11px] leading-tight text-slate-500">{hint}</p>}
    </div>
  );
}
