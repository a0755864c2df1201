// Topic 2: a QPN is an address. The 24 QPN bits split into one index per table level; a miss
// walks the levels top-down, each level not held on chip costing one PCIe read. Following the
// last miss, each new walk is animated level by level (and held until it has been seen).
import { useEffect, useId, useRef, useState } from 'react';
import { memory } from '../../bridge/labs.ts';
import { useMemory } from '../../store/memory.ts';
import type { WalkFrame } from '../../worker/memory/types.ts';
import { bytes, hex, int, ns } from './format.ts';
import { noteReply, sendConfig } from './hooks.ts';
import { WorkerSelect } from '../kit/controls.tsx';
import { useReducedMotion } from '../kit/motion.ts';
import { AnswerFirst, isMasked } from '../kit/mask.tsx';

const LEVEL_COLORS = ['var(--color-indigo-200)', 'var(--color-green-200)', 'var(--color-amber-200)', 'var(--color-pink-200)'];
const LEVEL_INK = ['var(--color-indigo-800)', 'var(--color-green-800)', 'var(--color-amber-800)', 'var(--color-pink-800)'];
const STEP_MS = 450;
const HOLD_MS = 1400;

export function WalkTab() {
  const live = useMemory((s) => s.frame?.walk ?? null);
  const cfg = useMemory((s) => s.frame?.config);
  const question = useMemory((s) => s.frame?.lesson?.question);
  const fetchNs = cfg?.fetchNs ?? 0;
  const [shown, setShown] = useState<WalkFrame | null>(live);
  const [revealed, setRevealed] = useState(99);
  const since = useRef(0);
  const qid = useId();
  const [qText, setQText] = useState('');
  // Reduced motion: a new walk shows all its levels at once instead of level by level.
  const still = useReducedMotion();

  // Hold a walk until its animation has played; then take the newest (a timer, so a held walk
  // is replaced even if no newer frame arrives).
  useEffect(() => {
    if (!live || live === shown) return;
    const changed = !shown || shown.walk.qpn !== live.walk.qpn || shown.geometry.levels !== live.geometry.levels || shown.geometry.onChipLevels !== live.geometry.onChipLevels;
    const left = shown ? since.current + shown.walk.steps.length * STEP_MS + HOLD_MS - performance.now() : 0;
    const wait = changed && live.following ? Math.max(0, left) : 0;
    const id = setTimeout(() => {
      setShown(live);
      if (changed) { since.current = performance.now(); setRevealed(still ? 99 : 0); }
    }, wait);
    return () => clearTimeout(id);
  }, [live, shown, still]);
  useEffect(() => {
    if (!shown || revealed >= shown.walk.steps.length) return;
    const t = setTimeout(() => setRevealed((r) => r + 1), STEP_MS);
    return () => clearTimeout(t);
  }, [revealed, shown]);

  if (!shown || !cfg) return <p className="p-4 text-sm text-slate-500" data-testid="table-walk">The QP table is being built…</p>;
  // table/onchip asks how many reads a miss costs, table/memory what a QP costs in table memory:
  // the walk's read count and the memory panel answer them until the answer is locked in.
  const walkMasked = isMasked(question, 'walk');
  const memMasked = isMasked(question, 'table-memory');
  const { walk, geometry: g, memory: m } = shown;
  const go = () => {
    const t = qText.trim();
    const q = /^0x[0-9a-f]+$/i.test(t) ? parseInt(t, 16) : Number(t);
    void memory().act('setWalk', Number.isInteger(q) ? q : NaN).then(noteReply);
  };
  const reads = walk.steps.filter((s) => !s.onChip).length;
  return (
    <div className="flex flex-col gap-2 @4xl:grid @4xl:h-full @4xl:min-h-0 @4xl:grid-cols-[minmax(0,1fr)_300px]" data-testid="table-walk">
      <section className="flex min-h-0 flex-col gap-2 overflow-y-auto rounded-md border border-slate-300 bg-white p-3" aria-label="The walk">
        <div className="flex flex-wrap items-end gap-2 text-[12px]">
          <div className="flex flex-col">
            <label htmlFor={qid} className="font-semibold text-slate-800">QPN to walk (decimal or 0x…)</label>
            <div className="flex gap-1">
              <input id={qid} value={qText} onChange={(e) => setQText(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') go(); }}
                placeholder={hex(walk.qpn)} className="h-7 w-32 rounded-md border border-slate-400 px-1.5 font-mono" data-testid="walk-qpn" />
              <button type="button" onClick={go} className="h-7 rounded-md border border-slate-400 px-2 font-medium hover:bg-slate-100">Walk</button>
              <button type="button" aria-pressed={shown.following} onClick={() => void memory().act('setWalk', null).then(noteReply)} data-testid="walk-follow"
                className={`h-7 rounded-md border px-2 font-medium ${shown.following ? 'border-indigo-600 bg-indigo-50 text-indigo-900' : 'border-slate-400 hover:bg-slate-100'}`}>
                {shown.following ? '● Following each miss' : 'Follow each miss'}
              </button>
            </div>
          </div>
          <Levels levels={cfg.tableLevels} onChip={cfg.onChipLevels} />
        </div>

        <h2 className="text-sm font-semibold text-slate-900">
          QPN {hex(walk.qpn)} ({int(walk.qpn)}): {walk.present ? 'present' : 'not allocated'} · {walkMasked ? <AnswerFirst testId="walk-masked" /> : <>{reads === 0 ? 'no PCIe read' : `${reads} PCIe read${reads > 1 ? 's' : ''}`} on a miss = <span data-testid="walk-cost">{ns(shown.costNs)}</span></>}
        </h2>
        <BitStrip qpn={walk.qpn} bits={g.bits} shifts={g.shifts} />

        <ol className="flex flex-col gap-1.5" aria-label="Levels walked">
          {walk.steps.map((s, i) => {
            const on = i < revealed;
            return (
              <li key={i} className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 rounded-md sm:grid-cols-[120px_minmax(0,1fr)_140px] border px-2 py-1.5 text-[12px] ${on ? 'border-solid' : 'border-dashed'}`}
                style={{ borderColor: on ? LEVEL_INK[i % 4] : 'var(--color-slate-400)', background: on ? `color-mix(in srgb, ${LEVEL_COLORS[i % 4]} 33%, var(--color-white))` : 'var(--color-white)' }} data-testid="walk-step" aria-current={i === revealed - 1 ? 'step' : undefined}>
                <span className="font-semibold" style={{ color: LEVEL_INK[i % 4] }}>
                  {i + 1}. {s.kind === 'context' ? 'Context page' : i === 0 ? 'Root directory' : `Directory L${i}`}
                </span>
                <span className="font-mono text-[11px] text-slate-800 max-sm:order-last max-sm:col-span-2">
                  bits {s.hi}–{s.lo} = index {int(s.index)} · table {s.tableAddr < 0 ? '(none)' : hex(s.tableAddr)} → entry {s.entryAddr < 0 ? '—' : hex(s.entryAddr)} ({s.readBytes} B)
                  {!s.present && <span className="ml-1 font-sans font-semibold text-red-800">✕ absent: the walk stops here</span>}
                </span>
                <span className={`justify-self-end rounded px-1.5 py-0.5 text-[11px] font-semibold ${s.onChip ? 'bg-slate-100 text-slate-700' : 'bg-blue-100 text-blue-900'}`}>
                  {walkMasked ? '?' : s.onChip ? 'on chip · 0 ns' : `PCIe read · ${ns(fetchNs)}`}
                </span>
              </li>
            );
          })}
        </ol>
        {walkMasked ? <AnswerFirst block what="the walk's cost" /> : <CostBar steps={walk.steps.map((st) => st.onChip)} fetchNs={fetchNs} revealed={revealed} />}
        <p className="text-[11px] leading-snug text-slate-500">
          The shape is the textbook one (MODEL). The memory itself is not hidden: in mlx4 the driver allocates the ICM pages that hold the contexts and maps them for the device (mlx4_init_icm_table, MAP_ICM; mlx4-icm); what no vendor documents is how the device walks from a QPN to its entry.
          Pages are 4 KiB (mlx4/mlx5 page shift 12, QUOTE); a context is 256 B (HNS QPC entry size, QUOTE), so one page holds {int(g.pageBytes / g.entryBytes)} contexts.
        </p>
      </section>
      <aside className="flex min-h-0 flex-col gap-2 overflow-y-auto" aria-label="Table memory" tabIndex={0}>
        {memMasked ? <AnswerFirst block what="the table memory per QP" testId="table-memory-masked" /> : (
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" data-testid="table-memory">
          <h3 className="font-semibold text-slate-900">Table memory for {int(m.allocatedQps)} QPs</h3>
          <p><span className="font-mono text-lg font-bold">{bytes(shown.hostBytes)}</span> <span className="text-slate-600">in host memory</span></p>
          {shown.onChipBytes > 0 && <p><span className="font-mono font-bold">{bytes(shown.onChipBytes)}</span> <span className="text-slate-600">of directories on chip (SRAM)</span></p>}
          <p className="text-slate-600">{m.allocatedQps > 0 ? `${bytes(m.totalBytes / m.allocatedQps)} per QP in all; the contexts alone are ${bytes(m.contextBytes)}.` : ''}</p>
          <table className="mt-1 w-full text-[11px]">
            <thead><tr className="text-left text-slate-500"><th className="font-medium">level</th><th className="text-right font-medium">tables</th><th className="text-right font-medium">bytes</th></tr></thead>
            <tbody className="font-mono">
              {m.tablesPerLevel.map((t, i) => (
                <tr key={i}><td className="font-sans" style={{ color: LEVEL_INK[i % 4] }}>{i === g.levels - 1 ? 'context pages' : i === 0 ? 'root' : `dir L${i}`}{i < g.onChipLevels ? ' · chip' : ' · host'}</td><td className="text-right">{int(t)}</td><td className="text-right">{bytes(m.bytesPerLevel[i])}</td></tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-slate-600">One flat array over all 2<sup>24</sup> QPNs would take {bytes(m.flatBytes)}.</p>
          <p className="mt-1 text-[11px] text-slate-500">Scattered QPNs touch many pages that each hold few live contexts: watch the bytes per QP climb as QPNs spread.</p>
        </section>
        )}
        {walkMasked ? <AnswerFirst block what="what keeping levels on chip buys" /> : (
        <section className="rounded-md border border-slate-300 bg-white p-2 text-[12px]" aria-label="Walk cost by levels on chip">
          <h3 className="font-semibold text-slate-900">What keeping levels on chip buys</h3>
          <table className="mt-1 w-full text-[11px]">
            <thead><tr className="text-left text-slate-500"><th className="font-medium">levels on chip</th><th className="text-right font-medium">PCIe reads</th><th className="text-right font-medium">per miss</th></tr></thead>
            <tbody className="font-mono">
              {Array.from({ length: g.levels }, (_, k) => (
                <tr key={k} className={k === g.onChipLevels ? 'bg-indigo-50 font-semibold' : ''}><td>{k}{k === g.onChipLevels ? ' (now)' : ''}</td><td className="text-right">{g.levels - k}</td><td className="text-right">{ns((g.levels - k) * fetchNs)}</td></tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-[11px] text-slate-500">On-chip directory levels cost SRAM instead: the root alone is {bytes(g.tableBytes[0])}.</p>
        </section>
        )}
      </aside>
    </div>
  );
}

function Levels({ levels, onChip }: { levels: number; onChip: number }) {
  const cls = { className: 'flex flex-col', labelClassName: 'font-semibold text-slate-800', selectClassName: 'h-7 rounded-md border border-slate-400 bg-white px-1' };
  return (
    <div className="flex items-end gap-2">
      <WorkerSelect id="table-levels" label="Table levels" value={String(levels)} {...cls}
        options={[1, 2, 3, 4].map((l) => [String(l), l === 1 ? '1 (flat array)' : String(l)] as const)}
        onChange={(v) => { const l = Number(v); return sendConfig({ tableLevels: l, onChipLevels: Math.min(onChip, l - 1) }); }} />
      <WorkerSelect id="onchip-levels" label="Levels on chip" value={String(onChip)} {...cls}
        options={Array.from({ length: levels }, (_, i) => [String(i), String(i)] as const)}
        onChange={(v) => sendConfig({ onChipLevels: Number(v) })} />
    </div>
  );
}

function BitStrip({ qpn, bits, shifts }: { qpn: number; bits: number[]; shifts: number[] }) {
  const cells = [];
  for (let b = 23; b >= 0; b--) {
    const level = bits.findIndex((n, l) => b >= shifts[l] && b < shifts[l] + n);
    cells.push({ b, v: (qpn >>> b) & 1, level });
  }
  return (
    <div role="img" aria-label={`QPN ${hex(qpn)} in binary, split into ${bits.length} indices: ${bits.map((n, l) => `level ${l} uses bits ${shifts[l] + n - 1} to ${shifts[l]}`).join('; ')}`}>
      <div className="flex gap-[2px]">
        {cells.map((c) => (
          <span key={c.b} className="flex h-7 w-[24px] flex-col items-center justify-center rounded-sm font-mono text-[12px] font-semibold"
            style={{ background: LEVEL_COLORS[c.level % 4], color: LEVEL_INK[c.level % 4] }}>
            {c.v}<span className="text-[8px] font-normal leading-none">{c.b}</span>
          </span>
        ))}
      </div>
      <div className="mt-0.5 flex gap-[2px] text-[10px]">
        {bits.map((n, l) => (
          <span key={l} className="truncate rounded-sm border-t-2 text-center" style={{ width: n * 26 - 2, borderColor: LEVEL_INK[l % 4], color: LEVEL_INK[l % 4] }}
            title={`${n} bits`}>
            {l === bits.length - 1 ? (n >= 6 ? 'context index' : 'ctx') : l === 0 ? 'root index' : `L${l} index`} = {int((qpn >>> shifts[l]) & (2 ** n - 1))}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The walk in time: on-chip levels are free, each host level is one PCIe read, end to end. */
function CostBar({ steps, fetchNs, revealed }: { steps: boolean[]; fetchNs: number; revealed: number }) {
  const reads = steps.filter((on) => !on).length;
  const total = Math.max(1, reads * fetchNs);
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-2 text-[11px]" aria-label={`The walk costs ${reads} PCIe reads, ${ns(reads * fetchNs)}`}>
      <div className="mb-1 flex justify-between text-slate-600"><span>the walk in time (a miss waits for all of it)</span><span className="font-mono font-semibold text-slate-900">{ns(reads * fetchNs)}</span></div>
      <div className="flex h-5 w-full overflow-hidden rounded bg-white">
        {steps.map((onChip, i) => onChip ? (
          <span key={i} className="flex w-6 shrink-0 items-center justify-center border-r border-white text-[9px]" style={{ background: LEVEL_COLORS[i % 4], color: LEVEL_INK[i % 4] }} title="on chip: no PCIe read">L{i}</span>
        ) : (
          <span key={i} className="flex items-center justify-center border-r border-white text-[10px] font-semibold"
            style={{ width: `${(fetchNs / total) * 100}%`, background: i < revealed ? 'var(--color-blue-700)' : 'var(--color-blue-100)', color: i < revealed ? 'var(--color-white)' : 'var(--color-blue-900)' }}>L{i}: PCIe read {ns(fetchNs)}</span>
        ))}
      </div>
    </div>
  );
}
