// Each host's hardware counters as its driver profile names them (mlx5 hw_counters, rxe's own,
// the IBTA PortCounters), live from the frame's summary, with the change since a mark the person
// sets. A counter's rule and sources show on hover; the ones the model cannot produce are listed
// as "not modelled" with the reason, never as 0 (core/hw/counterDefs.ts).
import { useState } from 'react';
import { useTransport } from '../../../store/transport.ts';
import { durationText, hostLetter } from '../format.ts';

type Counts = Record<number, Record<string, number>>;

/** What a counter's rule rests on, said with it (a hover names the rule, this says how far to trust it). */
const BASIS: Record<string, string> = {
  code: 'read in the driver\'s code',
  documented: 'as documented',
  model: 'the model\'s reading of the vendor\'s description: the firmware that counts it is not public',
};
const BASIS_LINE: Record<string, string> = {
  mlx5: 'Names as mlx5 counters.c reads them from the firmware; which event increments each is the model\'s reading of the vendor\'s descriptions (the firmware is not public).',
  rxe: 'Names and increments as rxe\'s code has them (rxe_hw_counters.c and the lines that increment each).',
  ibta: 'The IBTA PortCounters as the kernel\'s sysfs names them; the spec has no per-QP transport counters.',
};

export function CountersPanel() {
  const summary = useTransport((s) => s.frame?.world.summary);
  const t = useTransport((s) => s.frame?.t ?? 0);
  const profile = useTransport((s) => s.frame?.profile ?? 'ibta');
  const defs = useTransport((s) => s.reference?.counterDefs?.[profile]);
  const [mark, setMark] = useState<{ t: number; profile: string; counts: Counts } | null>(null);
  const counts: Counts = summary?.counters ?? {};
  const hosts = Object.keys(counts).map(Number);
  const modelled = (defs ?? []).filter((d) => d.from !== undefined);
  const missing = (defs ?? []).filter((d) => d.from === undefined);
  const base = mark && mark.profile === profile ? mark : null;
  return (
    <details className="min-w-0 rounded-md border border-slate-200 p-2" data-testid="counters-panel">
      <summary className="cursor-pointer text-[12px] font-semibold text-slate-800">
        Hardware counters ({profile === 'mlx5' ? 'mlx5 hw_counters' : profile === 'rxe' ? 'rxe hw_counters' : 'IBTA PortCounters'})
      </summary>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-[11px] text-slate-600">
        <button type="button" className="rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold" data-testid="counters-mark"
          onClick={() => setMark({ t, profile, counts: structuredClone(counts) })}>Mark now</button>
        {base ? (
          <>
            <span data-testid="counters-mark-at">Δ since the mark at {durationText(base.t)}</span>
            <button type="button" className="rounded-md border border-slate-300 px-2 py-1 text-xs" onClick={() => setMark(null)}>Clear mark</button>
          </>
        ) : <span>Set a mark to see what rises from here.</span>}
      </div>
      <table className="mt-1 w-full table-fixed border-collapse text-left font-mono text-[11px]">
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="w-1/2 font-semibold">counter</th>
            {hosts.map((h) => <th key={h} scope="col" className="text-right font-semibold">{hostLetter(h)}</th>)}
          </tr>
        </thead>
        <tbody>
          {modelled.map((d) => (
            <tr key={d.name} className="border-t border-slate-100" data-testid={`counter-${d.name}`}>
              <th scope="row" className="truncate font-normal text-slate-800" title={`${d.rule} (${BASIS[d.basis] ?? d.basis}; bibliography: ${d.sources.join(', ')})`}>{d.name}</th>
              {hosts.map((h) => {
                const n = counts[h]?.[d.name] ?? 0;
                const delta = base ? n - (base.counts[h]?.[d.name] ?? 0) : 0;
                return (
                  <td key={h} className="text-right text-slate-900">
                    {n}{delta > 0 ? <span className="ml-1 font-semibold text-amber-800" data-testid={`counter-delta-${d.name}-${h}`}>+{delta}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-[11px] text-slate-600" data-testid="counters-basis">{BASIS_LINE[profile]}</p>
      {missing.length > 0 && (
        <p className="mt-1 text-[11px] text-slate-600">
          Not modelled (never shown as 0): {missing.map((d, i) => (
            <span key={d.name} title={d.notModelled}>{i ? ', ' : ''}<span className="font-mono">{d.name}</span></span>
          ))}. Hover a name for why.
        </p>
      )}
    </details>
  );
}
