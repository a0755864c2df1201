// The wire's key behind one small button, so the lanes keep the panel's height: what each colour,
// outline and shape on the wire means. Every pill also names its op in text.
import { OP_STYLES } from '../format.ts';
import { Swatch } from './QpGrid.tsx';

const SHORT: Record<string, string> = { SEND: 'SEND', WRITE: 'WRITE', READ_REQ: 'READ request', READ_RESP: 'READ response', ATOMIC: 'ATOMIC', ACK: 'ACK', RNR: 'RNR NAK', NAK: 'NAK' };

export function WireKey() {
  return (
    <details className="relative" data-testid="wire-key">
      <summary className="cursor-pointer list-none rounded border border-slate-400 bg-white px-1.5 text-[11.5px] font-medium text-slate-800 hover:bg-slate-100">Key ▾</summary>
      <div className="absolute right-0 top-6 z-30 w-72 rounded-md border border-slate-300 bg-white p-2 text-[11px] leading-snug text-slate-800 shadow-lg">
        <p className="mb-1 font-semibold">Each QP pair has a lane per direction; a pill is one packet: its op, then its PSN.</p>
        <ul aria-label="Packet colour legend" className="grid grid-cols-2 gap-x-2 gap-y-0.5">
          {Object.values(OP_STYLES).map((s) => (
            <li key={s.key} className="flex items-center gap-1" title={s.label}>
              <span aria-hidden="true" className={`inline-block h-2.5 w-4 shrink-0 ${s.key === 'NAK' || s.key === 'RNR' ? 'rounded-[2px]' : 'rounded-full'}`} style={{ background: s.fill }} />
              {SHORT[s.key]}
            </li>
          ))}
        </ul>
        <ul className="mt-1 space-y-0.5" aria-label="Pill shapes">
          <li><span className="rounded border border-slate-900 px-1 font-mono">white, outlined</span> arrived at the receiver</li>
          <li><span className="rounded border border-dashed border-red-600 px-1 font-mono text-red-900">✕ dashed</span> lost on the wire</li>
          <li><span className="rounded bg-slate-600 px-1 font-mono text-white">3 × SEND</span> packets too close to tell apart, counted (hover for the list)</li>
          <li><span className="rounded border-2 border-slate-900 px-1 font-mono">dark outline</span> the selected QP&apos;s packets; its lanes are tinted</li>
        </ul>
        <p className="mt-1 font-semibold">QP states in the grid (hosts with many QPs)</p>
        <ul className="grid grid-cols-4 gap-x-1" aria-label="QP state glyphs">
          {['RESET', 'INIT', 'RTR', 'RTS', 'SQD', 'SQE', 'ERR'].map((st) => <li key={st} className="flex items-center gap-0.5 font-mono"><Swatch state={st} />{st}</li>)}
        </ul>
      </div>
    </details>
  );
}
