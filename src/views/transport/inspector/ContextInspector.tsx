// Every field of the selected QP's context, grouped by who writes it: software through
// ibv_modify_qp, the NIC as traffic flows, or both. Owner badges carry text (not colour only);
// each field names the IBV_QP_* attribute that writes it and explains itself on hover/focus;
// a field flashes when its value changes.
import { Fragment, memo, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTransport } from '../../../store/transport.ts';
import type { QpView, ReferenceData } from '../../../worker/transport/types.ts';
import { fieldName, fieldValueText, hostLetter, qpnHex } from '../format.ts';
import { peerOf } from '../modify/model.ts';
import { prefersReducedMotion } from '../../kit/motion.ts';

type Field = ReferenceData['fields'][number];

const OWNER: Record<Field['owner'], { label: string; cls: string; title: string; heading: string; blurb: string }> = {
  sw: { label: 'SW', cls: 'border-blue-600 bg-blue-50 text-blue-900', title: 'written by software (ibv_create_qp / ibv_modify_qp)', heading: 'Configuration written by software', blurb: 'Set at create or by ibv_modify_qp; the NIC only reads these.' },
  'sw+hw': { label: 'SW+HW', cls: 'border-purple-600 bg-purple-50 text-purple-900', title: 'initialised by software, then advanced by the NIC', heading: 'Written by software, advanced by hardware', blurb: 'Software sets the starting value; the NIC moves it as traffic flows.' },
  hw: { label: 'HW', cls: 'border-orange-600 bg-orange-50 text-orange-900', title: 'updated by the NIC as traffic flows', heading: 'Updated by hardware', blurb: 'Live counters and indices the NIC keeps. Of these, ibv_query_qp returns only the state, sq_psn (next_send_psn), rq_psn (next_rcv_psn) and sq_draining; the page shows the rest because it is a model.' },
};


/** Flash the element's background when `value` changes (Web Animations: no CSS needed). */
export function useFlash<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T | null>(null);
  const prev = useRef<unknown>(value);
  useEffect(() => {
    if (Object.is(prev.current, value)) return;
    prev.current = value;
    const el = ref.current;
    if (!el || typeof el.animate !== 'function' || prefersReducedMotion()) return;
    el.animate([{ backgroundColor: 'var(--color-yellow-300)' }, { backgroundColor: 'transparent' }], { duration: 1400, easing: 'ease-out' });
  }, [value]);
  return ref;
}

export function ContextInspector({ qp }: { qp: QpView }) {
  const ref = useTransport((s) => s.reference);
  const hosts = useTransport((s) => s.frame?.world.hosts);
  const all = useTransport((s) => s.frame?.world.qps);
  const changed = useTransport((s) => s.changed[`${qp.host}/${qp.qpn}`]);
  const [focus, setFocus] = useState<string | null>(null);
  if (!ref) return null;
  const hostName = (lid: number) => hosts?.find((h) => h.lid === lid)?.name;
  const fmt = (name: string) => fieldValueText(name, (qp.ctx as Record<string, number>)[name] ?? 0, ref.types, hostName);
  const focused = ref.fields.find((f) => f.name === focus);
  const peer = all ? peerOf(qp, all) : undefined;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative min-h-0 flex-1 overflow-y-auto px-3 pb-2 pt-2">
        <RdAtomic qp={qp} peer={peer && qp.peer ? peer : undefined} onFocusField={setFocus} />
        {(['sw', 'sw+hw', 'hw'] as const).map((owner) => {
          const fields = ref.fields.filter((f) => f.owner === owner);
          const o = OWNER[owner];
          return (
            <section key={owner} className="mt-2" aria-labelledby={`ctx-${owner}`}>
              <h3 id={`ctx-${owner}`} className="flex items-baseline gap-2 text-[12px] font-semibold text-slate-800">
                <span className={`rounded border px-1 font-mono text-[10px] font-bold ${o.cls}`}>{o.label}</span>
                {o.heading}
              </h3>
              <p className="text-[11px] text-slate-500">{o.blurb}</p>
              <table className="mt-0.5 w-full table-fixed border-collapse text-[12px]">
                <colgroup><col className="w-[31%]" /><col className="w-[10%]" /><col className="w-[21%]" /><col /></colgroup>
                <thead className="sr-only"><tr><th>Field</th><th>Owner</th><th>Written by</th><th>Value</th></tr></thead>
                <tbody>
                  {fields.map((f) => (
                    <FieldRow key={f.name} f={f} value={fmt(f.name)} changed={!!changed?.includes(f.name)} focused={focus === f.name} onFocus={setFocus} />
                  ))}
                </tbody>
              </table>
            </section>
          );
        })}
      </div>
      <div className="min-h-[3.25rem] border-t border-slate-200 bg-slate-50 px-3 py-1 text-[12px] text-slate-800" aria-live="polite" data-testid="ctx-doc">
        {focused ? (
          <>
            <span className="font-mono font-semibold">{fieldName(focused.name)}</span>
            <span className={`ml-1.5 rounded border px-1 font-mono text-[10px] font-bold ${OWNER[focused.owner].cls}`}>{OWNER[focused.owner].label}</span>
            {focused.attr && <span className="ml-1.5 font-mono text-[11px] text-slate-600">{focused.attr}</span>}
            <span className="block">{focused.doc}{focused.hw && <span className="text-slate-500"> · in a real NIC (mlx5): <span className="font-mono">{focused.hw}</span></span>}</span>
          </>
        ) : (
          <span className="text-slate-500">Hover or focus a field to read what it is. Fields flash yellow when the NIC or a modify changes them.</span>
        )}
      </div>
    </div>
  );
}

const FieldRow = memo(function FieldRow({ f, value, changed, focused, onFocus }: { f: Field; value: string; changed: boolean; focused: boolean; onFocus(name: string): void }) {
  const flash = useFlash<HTMLTableRowElement>(value);
  const o = OWNER[f.owner];
  return (
    <tr
      ref={flash} tabIndex={0} onFocus={() => onFocus(f.name)} onMouseEnter={() => onFocus(f.name)} title={f.doc}
      data-testid={`ctx-${f.name}`} data-changed={changed || undefined}
      className={`border-t border-slate-100 outline-none even:bg-slate-50/70 hover:bg-blue-50/60 focus-visible:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 ${focused ? '!bg-blue-50/70' : ''}`}
    >
      {/* Long names break after an underscore, whole, where an ellipsis cut them ("max_dest_rd_atom…"). */}
      <td className="py-[3px] pl-1 font-mono text-[11.5px] leading-tight text-slate-900">
        {changed && <span className="mr-0.5 text-amber-600" title="changed in the latest update" aria-label="changed">●</span>}
        {breakable(fieldName(f.name))}
      </td>
      <td className="py-[3px]"><span className={`rounded border px-1 font-mono text-[9.5px] font-bold ${o.cls}`} title={o.title}>{o.label}</span></td>
      <td className="py-[3px] font-mono text-[10.5px] leading-tight text-slate-500" title={f.attr ?? 'not writable by modify_qp'}>{f.attr ? breakable(f.attr.replace('IBV_QP_', '')) : f.owner === 'hw' ? 'NIC' : 'create'}</td>
      <td className="break-words py-[3px] pr-1 text-right font-mono text-[11.5px] font-semibold leading-tight text-slate-900" title={value}>{value}</td>
    </tr>
  );
});

function Meter({ used, max, color, label }: { used: number; max: number; color: string; label: string }) {
  const n = Math.max(max, used, 1);
  const cells = Math.min(n, 16);
  return (
    <span className="inline-flex items-center gap-[2px] align-middle" role="img" aria-label={`${label}: ${used} of ${max}`}>
      {Array.from({ length: cells }, (_, i) => (
        <span key={i} className="inline-block h-3 w-2.5 rounded-[2px] border" style={{ background: i < used ? color : 'var(--color-white)', borderColor: i < max ? color : 'var(--color-slate-300)' }} />
      ))}
    </span>
  );
}

/** Topic 1's comparison: the requester limit and the responder limit, with their live counters. */
function RdAtomic({ qp, peer, onFocusField }: { qp: QpView; peer?: QpView; onFocusField(n: string): void }) {
  const c = qp.ctx;
  const outFlash = useFlash<HTMLSpanElement>(c.rd_atomic_out);
  const destFlash = useFlash<HTMLSpanElement>(c.dest_rd_atomic_out);
  const ok = peer ? peer.ctx.max_dest_rd_atomic >= c.max_rd_atomic : undefined;
  return (
    <section aria-labelledby="rdatomic-title" className="rounded-md border border-slate-300 bg-gradient-to-b from-slate-50 to-white p-2" data-testid="rd-atomic">
      <h3 id="rdatomic-title" className="text-[12px] font-semibold text-slate-800">RDMA Read / Atomic: the two limits side by side</h3>
      <div className="mt-1 grid grid-cols-2 gap-2 text-[12px]">
        <LimitCard title="As requester (initiator)" tone="teal" limit="max_rd_atomic" counter="rd_atomic_out" max={c.max_rd_atomic} used={c.rd_atomic_out}
          flash={outFlash} color="var(--color-teal-700)" meter="reads and atomics this QP has outstanding" onFocusField={onFocusField}
          note={<>Reads/atomics this QP may have in flight; set by <span className="font-mono">IBV_QP_MAX_QP_RD_ATOMIC</span> at RTR→RTS.</>} />
        <LimitCard title="As responder (target)" tone="cyan" limit="max_dest_rd_atomic" counter="dest_rd_atomic_out" max={c.max_dest_rd_atomic} used={c.dest_rd_atomic_out}
          flash={destFlash} color="var(--color-cyan-600)" meter="incoming reads and atomics this QP is serving" onFocusField={onFocusField}
          note={<>Incoming reads/atomics it holds state for; set by <span className="font-mono">IBV_QP_MAX_DEST_RD_ATOMIC</span> at INIT→RTR.</>} />
      </div>
      {peer && (
        <p className={`mt-1 text-[11.5px] ${ok ? 'text-green-800' : 'text-red-800'}`}>
          {ok ? '✓' : '✕'} Peer {hostLetter(peer.host)}·{qpnHex(peer.qpn)} serves <span className="font-mono">max_dest_rd_atomic = {peer.ctx.max_dest_rd_atomic}</span> {ok ? '≥' : '<'} this QP’s <span className="font-mono">max_rd_atomic = {qp.ctx.max_rd_atomic}</span>
          {ok ? '' : ': excess requests would be NAKed (Invalid Request).'}
        </p>
      )}
    </section>
  );
}

interface LimitCardProps {
  title: string;
  tone: 'teal' | 'cyan';
  limit: string;
  counter: string;
  max: number;
  used: number;
  flash: Ref<HTMLSpanElement>;
  color: string;
  meter: string;
  note: ReactNode;
  onFocusField(n: string): void;
}

const CARD_TONE = {
  teal: { box: 'border-teal-600/60', title: 'text-teal-800' },
  cyan: { box: 'border-cyan-600/60', title: 'text-cyan-800' },
} as const;

/** One side of the comparison: the software-set limit, its hardware counter and a meter. */
function LimitCard({ title, tone, limit, counter, max, used, flash, color, meter, note, onFocusField }: LimitCardProps) {
  return (
    <div className={`rounded border ${CARD_TONE[tone].box} bg-white p-1.5`} onMouseEnter={() => onFocusField(limit)}>
      <div className={`text-[11px] font-semibold uppercase tracking-wide ${CARD_TONE[tone].title}`}>{title}</div>
      <div className="mt-0.5 font-mono"><span className="font-semibold">{limit}</span> = <strong>{max}</strong> <span className="rounded border border-blue-600 bg-blue-50 px-0.5 text-[9.5px] font-bold text-blue-900">SW</span></div>
      <div className="mt-0.5 font-mono">
        <span ref={flash} className="rounded px-0.5"><span className="font-semibold">{counter}</span> = <strong>{used}</strong></span>{' '}
        <span className="rounded border border-orange-600 bg-orange-50 px-0.5 text-[9.5px] font-bold text-orange-900">HW</span>
      </div>
      <div className="mt-1"><Meter used={used} max={max} color={color} label={meter} /></div>
      <p className="mt-0.5 text-[11px] text-slate-600">{note}</p>
    </div>
  );
}

/** A snake_case name that may break after each underscore (and nowhere else). */
function breakable(name: string): ReactNode {
  return name.split('_').map((part, i, all) => <Fragment key={i}>{part}{i < all.length - 1 ? <>_<wbr /></> : null}</Fragment>);
}
