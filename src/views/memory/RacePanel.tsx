// The control-write vs lookup race on one QP context, animated cycle by cycle: modify_qp's slow
// word-by-word write (RTS → RTS, new access flags and RNR timer) and the pipeline's fast read of
// the same context for an incoming request. Without protection the read can return a torn
// context; each protection shows what it costs instead.
import { useEffect, useRef, useState } from 'react';
import { memory } from '../../bridge/labs.ts';
import type { Protection, RaceEvent, RaceTrace } from '../../core/memory/index.ts';
import type { RaceReply } from '../../worker/memory/types.ts';
import { memoryStore, useMemory } from '../../store/memory.ts';
import { WorkerSlider as LogSlider } from '../kit/controls.tsx';
import { useLatest } from './hooks.ts';

const PROTS: Array<[Protection, string, string]> = [
  ['none', 'No protection', 'the pipeline reads words while firmware writes them'],
  ['busy-bit', 'Busy bit', 'an entry lock: the reader stalls while the writer holds it'],
  ['seqlock', 'Seqlock', 'a version per entry: the reader retries if a write overlapped'],
  ['dual-port', 'Wide dual-port row', 'the whole context is one SRAM row, moved in one cycle: the row width makes the write atomic (a second port alone does not); paid in SRAM area'],
];
const CYCLE_MS = 260;

export function raceSummary(t: RaceTrace): string {
  const f = t.fields.map((x) => `${x.name} = ${x.seen} (${x.from})`).join(', ');
  return `${t.torn ? 'Torn read' : 'Consistent read'} with ${t.config.protection}: the pipeline saw ${f}; reader ${t.readerCycles} cycles (${t.readerOverheadCycles} over an uncontended read), ${t.retries} retries, writer ${t.writerCycles} cycles.`;
}

function glyph(e: RaceEvent): string {
  switch (e.action) {
    case 'write-word': return `W${e.word}`;
    case 'read-word': return `R${e.word}${e.value === 'new' ? '′' : ''}`;
    case 'lock': return 'lock';
    case 'lock-wait': return 'wait';
    case 'unlock': return 'free';
    case 'version-odd': return 'v odd';
    case 'version-even': return 'v even';
    case 'write-row': return 'row';
    case 'read-row': return 'row';
    case 'arbitration-wait': return 'arb';
    case 'check-busy': return 'busy?';
    case 'busy-stall': return 'stall';
    case 'read-version': return 'v?';
    case 'retry': return 'retry';
    case 'done': return '✓';
  }
}

export function RacePanel() {
  const { offset, protection: prot } = useMemory((s) => s.race);
  const setRace = memoryStore.getState().setRace;
  const [reply, setReply] = useState<RaceReply | null>(null);
  const [cursor, setCursor] = useState(0);
  const ask = useLatest((o: number) => memory().call('race', { readerOffset: o }).then((r) => { setReply(r); setCursor(0); }));
  useEffect(() => { ask(offset); }, [ask, offset]);
  const t = reply?.traces?.[prot];
  const first = t ? Math.min(t.config.writerStart, t.config.readerStart) : 0;
  const last = t ? Math.max(...t.events.map((e) => e.cycle)) : 0;
  const timer = useRef(0);
  useEffect(() => {
    window.clearTimeout(timer.current);
    if (!t || first + cursor > last) return;
    timer.current = window.setTimeout(() => setCursor((c) => c + 1), CYCLE_MS);
    return () => window.clearTimeout(timer.current);
  }, [cursor, t, first, last]);

  const now = first + cursor;
  const done = !t || now > last;
  const lanes = (actor: 'writer' | 'reader') => {
    const cells: Array<{ cycle: number; evs: RaceEvent[] }> = [];
    if (!t) return cells;
    for (let c = first; c <= last; c++) cells.push({ cycle: c, evs: t.events.filter((e) => e.actor === actor && e.cycle === c) });
    return cells;
  };
  const seenSoFar = t ? t.fields.map((f, i) => {
    const reads = t.events.filter((e) => e.actor === 'reader' && e.cycle <= now && (e.action === 'read-word' && e.word === i || e.action === 'read-row'));
    const lastRead = reads[reads.length - 1];
    return lastRead?.value ? { ...f, from: lastRead.value, seen: lastRead.value === 'new' ? f.new : f.old } : null;
  }) : [];
  const mixed = seenSoFar.some((s) => s?.from === 'old') && seenSoFar.some((s) => s?.from === 'new');
  const cellW = t ? Math.max(26, Math.min(44, Math.floor(560 / Math.max(1, last - first + 1)))) : 30;

  return (
    <section className="flex min-h-0 flex-col gap-1.5 overflow-y-auto rounded-md border border-slate-300 bg-white p-2" data-testid="race" aria-label="Control write vs lookup race">
      <h2 className="text-sm font-semibold text-slate-900">modify_qp (RTS → RTS: new access flags and RNR timer) vs an incoming request reading the same context</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-56">
          <LogSlider id="race-offset" label="Packet arrives at cycle" value={offset} min={-6} max={20} toPos={(v) => v} fromPos={(p) => p}
            text={(v) => `${v >= 0 ? '+' : ''}${v} vs the write`} onChange={(v) => setRace({ offset: v, protection: prot })} />
        </div>
        <div role="radiogroup" aria-label="Protection" className="flex flex-wrap gap-1">
          {PROTS.map(([id, label, tip]) => (
            <button key={id} type="button" role="radio" aria-checked={prot === id} title={tip} data-testid={`race-${id}`}
              onClick={() => { setRace({ offset, protection: id }); setCursor(0); }}
              className={`rounded-md border px-2 py-0.5 text-[12px] font-medium ${prot === id ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-400 hover:bg-slate-100'}`}>
              {label}{reply?.traces?.[id].torn ? ' ⚠' : ''}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => setCursor(0)} className="rounded-md border border-green-700 bg-green-700 px-2 py-0.5 text-[12px] font-semibold text-white hover:bg-green-800">↺ Replay</button>
      </div>
      {reply && !reply.ok && <p role="alert" className="text-[12px] text-red-800">{reply.error}</p>}
      {t && (
        <>
          <div className="overflow-x-auto" role="img" tabIndex={0} aria-label={raceSummary(t)}>
            <table className="border-separate border-spacing-0.5 text-[10px]">
              <thead><tr><th className="w-20"><span className="sr-only">cycle</span></th>{lanes('writer').map((c) => <th key={c.cycle} style={{ width: cellW }} className={`font-mono font-normal ${c.cycle === now ? 'font-bold text-slate-900' : 'text-slate-600'}`}>{c.cycle}</th>)}</tr></thead>
              <tbody>
                {(['writer', 'reader'] as const).map((actor) => (
                  <tr key={actor}>
                    <th className="pr-1 text-right text-[11px] font-semibold text-slate-700">{actor === 'writer' ? 'firmware write' : 'packet read'}</th>
                    {lanes(actor).map((c) => {
                      const shown = c.cycle <= now;
                      const e = c.evs[0];
                      const bad = e && (e.action === 'busy-stall' || e.action === 'lock-wait' || e.action === 'retry' || e.action === 'arbitration-wait');
                      const newv = e?.value === 'new';
                      const busyWriting = !e && actor === 'writer' && c.cycle >= t.config.writerStart && c.cycle <= t.events.filter((x) => x.actor === 'writer').reduce((a, x) => Math.max(a, x.cycle), 0);
                      if (busyWriting) {
                        return <td key={c.cycle} title="writing the next word" className={`h-6 rounded text-center font-mono ${shown ? 'bg-indigo-50 text-indigo-400' : 'bg-slate-50 text-transparent'} ${c.cycle === now ? 'outline outline-2 outline-slate-900' : ''}`}>…</td>;
                      }
                      return (
                        <td key={c.cycle} title={e ? `${e.action}${e.note ? `: ${e.note}` : ''}` : ''}
                          className={`h-6 rounded text-center font-mono ${!shown || !e ? 'bg-slate-50 text-transparent' : bad ? 'bg-red-100 text-red-900' : actor === 'writer' ? 'bg-indigo-100 text-indigo-900' : newv ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'} ${c.cycle === now ? 'outline outline-2 outline-slate-900' : ''}`}>
                          {e && shown ? glyph(e) : '·'}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-[11px] text-slate-500">W<i>n</i>: firmware writes word <i>n</i> (4 cycles per word on its narrow path); R<i>n</i>: the pipeline reads word <i>n</i> (1 cycle), ′ = it saw the new value. A dual-ported SRAM alone does not make a multi-word write atomic: only a row as wide as the context does. Every cycle count is MODEL.</p>
          {/* Fixed columns that wrap inside themselves: no column is pushed out of the panel and clipped. */}
          <table className="w-full table-fixed text-[12px]" data-testid="race-fields">
            <colgroup><col className="w-[38%]" /><col className="w-[18%]" /><col className="w-[18%]" /><col className="w-[26%]" /></colgroup>
            <thead><tr className="text-left text-[11px] text-slate-500"><th className="font-medium">context field</th><th className="font-medium">before</th><th className="font-medium">after</th><th className="font-medium">the packet saw</th></tr></thead>
            <tbody>
              {t.fields.map((f, i) => {
                const s = seenSoFar[i];
                return (
                  <tr key={f.name} className="border-t border-slate-100">
                    <td className="break-words font-mono text-[11px]">{f.name.split('/').map((part, k, all) => <span key={k}>{part}{k < all.length - 1 && <>/<wbr /></>}</span>)}</td>
                    <td className="break-words font-mono text-[11px] text-slate-500">{f.old}</td><td className="break-words font-mono text-[11px] text-slate-500">{f.new}</td>
                    <td className={`break-words font-mono text-[11px] font-semibold ${!s ? 'text-slate-400' : s.from === 'new' ? 'text-green-800' : 'text-amber-800'}`} data-testid="race-seen">{s ? <>{s.seen} <span className="whitespace-nowrap">({s.from})</span></> : '…'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className={`rounded-md px-2 py-1 text-[12px] font-semibold ${done ? (t.torn ? 'bg-red-100 text-red-900' : 'bg-green-100 text-green-900') : mixed ? 'bg-red-50 text-red-900' : 'bg-slate-100 text-slate-700'}`} data-testid="race-verdict" aria-live="polite">
            {done ? (t.torn ? '⚠ TORN: the packet used a context nobody wrote (here the new access flags with the old RNR timer).' : '✓ Consistent: the packet saw the context entirely before or entirely after the write.') : mixed ? 'Old and new words mixed so far…' : `Cycle ${now}…`}
          </p>
          <table className="w-full text-[11px]" data-testid="race-compare">
            <caption className="text-left text-[11px] font-semibold text-slate-700">Same collision, every protection</caption>
            <thead><tr className="text-left text-slate-500"><th className="font-medium">protection</th><th className="font-medium">result</th><th className="text-right font-medium">read cycles</th><th className="text-right font-medium">extra</th><th className="text-right font-medium">retries</th><th className="text-right font-medium">write cycles</th></tr></thead>
            <tbody className="font-mono">
              {PROTS.map(([id, label]) => {
                const x = reply?.traces?.[id];
                if (!x) return null;
                return (
                  <tr key={id} className={id === prot ? 'bg-slate-100' : ''}>
                    <td className="font-sans">{label}</td><td className={`font-sans font-semibold ${x.torn ? 'text-red-800' : 'text-green-800'}`}>{x.torn ? '⚠ torn' : '✓ ok'}</td>
                    <td className="text-right">{x.readerCycles}</td><td className="text-right">+{x.readerOverheadCycles}</td><td className="text-right">{x.retries}</td><td className="text-right">{x.writerCycles}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {reply?.tornOffsets && <p className="text-[11px] text-slate-600">Unprotected, a read tears when the packet arrives {reply.tornOffsets.length ? `between cycle ${reply.tornOffsets[0] >= 0 ? '+' : ''}${reply.tornOffsets[0]} and +${reply.tornOffsets[reply.tornOffsets.length - 1]} of the write: a ${reply.tornOffsets.length}-cycle window` : 'never in this geometry'}.</p>}
        </>
      )}
    </section>
  );
}
