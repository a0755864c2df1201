// The reset view's timeline: lanes for the packets on the wire, B's reassembly of the message,
// A's replay window, B's DMA engine and the context cache, and the reset instant as a red line
// the person drags (or moves with the arrow keys). While a lesson question is open (`masked`,
// "answer first", views/kit/mask.tsx) only what happened before the reset is drawn: the late
// packets' colours and ✕, what reassembly, the replay window, DMA and the cache did after it, and
// any NAK or ACK B sent are the answers the reset questions ask for (issue 17).
import { scaleLinear } from 'd3-scale';
import { useRef, type PointerEvent } from 'react';
import type { ResetFrame } from '../../worker/faults/types.ts';
import { dur } from './format.ts';
import { psnText } from '../kit/psn.ts';

const LANES = ['Wire A → B', 'Wire B → A', 'Reassembly at B', 'Replay window at A', 'DMA at B', 'Context cache'] as const;
export const T_MAX = 16_000;

export function ResetLanes({ r, width, onMove, masked = false }: { r: ResetFrame; width: number; onMove(t: number): void; masked?: boolean }) {
  const svg = useRef<SVGSVGElement | null>(null);
  const left = 118;
  const lane = 30;
  const wire = 52;
  // The two wire lanes are taller: packets fly diagonally across them, labels staggered in rows.
  const y = (i: number) => 18 + Math.min(i, 2) * wire + Math.max(0, i - 2) * lane;
  const hOf = (i: number) => (i < 2 ? wire : lane);
  // The lanes, then a row for the time axis under them (its labels drawn whole, not cut by the svg's edge).
  const h = 24 + 2 * wire + (LANES.length - 2) * lane + 12;
  const res = r.result;
  const at = res.resetAt;
  // The axis spans what happened (and the reset), so packets a few ns apart stay apart.
  const lastT = Math.max(at, ...res.lanes.packets.map((p) => p.rxAt ?? p.arrive));
  const tEnd = Math.min(T_MAX * 2, Math.max(4000, Math.ceil((lastT * 1.08) / 1000) * 1000));
  const x = scaleLinear().domain([0, tEnd]).range([left, Math.max(left + 100, width - 8)]).clamp(true);
  const drag = (e: PointerEvent<SVGSVGElement>) => {
    if (e.buttons !== 1 || !svg.current) return;
    const b = svg.current.getBoundingClientRect();
    onMove(Math.round(x.invert(e.clientX - b.left) / 100) * 100);
  };
  // Masked: what started after the reset is left out, what spans it is cut at the reset line.
  const before = (t: number) => !masked || t <= at;
  const upTo = (t: number) => (masked ? Math.min(t, at) : t);
  const packets = res.lanes.packets.filter((p) => before(p.start));
  const reassembly = res.lanes.reassembly.filter((m) => before(m.t));
  const replay = res.lanes.replay.filter((p) => masked ? p.t < at : true);
  const maxUnacked = Math.max(1, ...res.lanes.replay.map((p) => p.unacked));
  // A label that would run past the right edge is drawn to the left of its point instead (~5.5 px a character at 9 px).
  const right = width - 8;
  const fits = (x0: number, text: string, px = 5.5) => x0 + text.length * px <= right;
  // Message pieces that land close together share one label ("1024–4096 B ✓"): side by side they overprinted.
  const pieces: Array<{ x: number; from: number; to: number; done: boolean; end: number }> = [];
  for (const m of reassembly) {
    const last = pieces[pieces.length - 1];
    if (last && x(m.t) < last.end + 4) { last.to = m.bytes; last.done = m.done; last.end = last.x + 5 + 5.5 * `${last.from}–${m.bytes} B ✓`.length; continue; }
    pieces.push({ x: x(m.t), from: m.bytes, to: m.bytes, done: m.done, end: x(m.t) + 5 + 5.5 * `${m.bytes} B ✓`.length });
  }
  return (
    <svg ref={svg} width={width} height={h} data-testid="reset-lanes" role="img" aria-label={`Timeline of the transfer, reset at ${dur(at)}${masked ? '; what followed the reset shows once you lock in your answer' : ''}`} data-masked={masked}
      onPointerDown={(e) => { e.currentTarget.setPointerCapture(e.pointerId); drag(e); }} onPointerMove={drag} className="touch-none select-none">
      {LANES.map((l, i) => (
        <g key={l}>
          <line x1={left} x2={width - 8} y1={y(i) + hOf(i) / 2} y2={y(i) + hOf(i) / 2} stroke="var(--color-slate-200)" />
          <text x={4} y={y(i) + hOf(i) / 2 + 4} fontSize={11} fill="var(--color-slate-700)">{l}</text>
        </g>
      ))}
      {packets.map((p, i) => {
        const row = p.src === 0 ? 0 : 1;
        const late = p.start < at && (p.rxAt ?? p.arrive) > at;
        // Masked, a packet not yet processed at the reset is drawn as far as the reset line, in the
        // plain colour, with no outcome: where it lands and what meets it is the question.
        const hide = masked && (p.rxAt ?? p.arrive) > at;
        const done = hide ? at : p.rxAt ?? p.arrive;
        const lost = !hide && !!p.drop;
        const bad = !hide && (lost || !!p.outcome?.startsWith('dropped'));
        const y0 = y(row) + 6;
        const y1 = y(row) + wire - 16;
        const colour = bad ? 'var(--color-red-600)' : late && !hide ? 'var(--color-amber-700)' : 'var(--color-blue-600)';
        const arrive = hide ? Math.min(p.arrive, at) : p.arrive;
        const label = p.op.replace(/^RDMA_/, '').replace('ACKNOWLEDGE', 'ACK').replace('READ_RESPONSE', 'RESP').replace('_REQUEST', '').replace('MIDDLE', 'MID');
        return (
          <g key={p.id} data-testid="lane-packet" data-late={hide ? 'masked' : late} data-outcome={hide ? '' : p.outcome ?? p.drop ?? ''}>
            <title>{hide
              ? `${p.op} PSN ${psnText(p.psn)}: left ${dur(p.start)}, still on its way at the reset: what meets it shows once you lock in your answer`
              : `${p.op} PSN ${psnText(p.psn)}: left ${dur(p.start)}, reached the NIC ${dur(p.arrive)}${p.rxAt !== undefined ? `, processed ${dur(p.rxAt)}` : ''}: ${p.outcome ?? p.drop ?? 'in flight'}${p.detail ? ` (${p.detail})` : ''}`}</title>
            <line x1={x(p.start)} x2={x(lost ? (p.start + p.arrive) / 2 : arrive)} y1={y0} y2={hide && p.arrive > at ? y0 + ((y1 - y0) * (at - p.start)) / Math.max(1, p.arrive - p.start) : y1} stroke={colour} strokeWidth={1.5} />
            {!lost && p.rxAt !== undefined && upTo(p.rxAt) > arrive && <line x1={x(arrive)} x2={x(upTo(p.rxAt))} y1={y1} y2={y1} stroke={colour} strokeWidth={3} strokeLinecap="round" />}
            <text x={!hide && fits(x(done) + 3, `${label} ✕`) ? x(done) + 3 : x(done) - 3} textAnchor={!hide && fits(x(done) + 3, `${label} ✕`) ? 'start' : 'end'} y={y0 + 8 + (i % 4) * 10} fontSize={9} fill={bad ? 'var(--color-red-900)' : 'var(--color-blue-900)'}>{label}{bad ? ' ✕' : ''}</text>
          </g>
        );
      })}
      {reassembly.map((m, i) => <circle key={i} cx={x(m.t)} cy={y(2) + lane / 2} r={4} fill={m.done ? 'var(--color-teal-700)' : 'var(--color-amber-500)'} />)}
      {pieces.map((p) => {
        const text = `${p.from === p.to ? p.to : `${p.from}–${p.to}`} B${p.done ? ' ✓' : ''}`;
        const ok = fits(p.x + 5, text);
        return <text key={p.x} x={ok ? p.x + 5 : p.x - 5} textAnchor={ok ? 'start' : 'end'} y={y(2) + lane / 2 - 4} fontSize={9} fill="var(--color-slate-700)" data-testid="reassembly-label">{text}</text>;
      })}
      {replay.map((p, i) => {
        const next = upTo(replay[i + 1]?.t ?? T_MAX);
        const hh = (p.unacked / maxUnacked) * (lane - 8);
        return <rect key={i} x={x(p.t)} y={y(3) + lane - 4 - hh} width={Math.max(0, x(next) - x(p.t))} height={hh} fill="var(--color-violet-400)" />;
      })}
      {res.lanes.dma.filter((d) => before(d.start)).map((d, i) => <rect key={i} x={x(d.start)} y={y(4) + 8} width={Math.max(2, x(upTo(d.end)) - x(d.start))} height={lane - 14} fill="var(--color-cyan-600)" />)}
      {res.lanes.cache.filter((c) => before(c.t)).map((c, i) => <text key={i} x={x(c.t)} y={y(5) + lane / 2 + 4} fontSize={10} fill="var(--color-slate-700)">{c.result === 'miss' ? '↑' : '✕'}</text>)}
      {masked && x(at) < right - 4 && (
        <g data-testid="reset-lanes-masked" data-masked="true">
          <rect x={x(at)} y={18} width={right - x(at)} height={h - 32} fill="var(--color-violet-50)" stroke="var(--color-violet-600)" strokeDasharray="4 3" />
          {/* The mask's words where they fit: under the wire lanes, beside the reset line or left of it. */}
          <text x={fits(x(at) + 8, 'after the reset: answer first') ? x(at) + 8 : right - 4} textAnchor={fits(x(at) + 8, 'after the reset: answer first') ? 'start' : 'end'} y={y(2) + lane / 2 + 4} fontSize={11} fontWeight={600} fill="var(--color-violet-800)">after the reset: answer first</text>
        </g>
      )}
      <line x1={x(at)} x2={x(at)} y1={6} y2={h - 14} stroke="var(--color-red-600)" strokeWidth={3} data-testid="reset-line" />
      <text x={fits(x(at) + 4, `RESET ${dur(at)}`, 7) ? x(at) + 4 : x(at) - 4} textAnchor={fits(x(at) + 4, `RESET ${dur(at)}`, 7) ? 'start' : 'end'} y={12} fontSize={11} fontWeight={700} fill="var(--color-red-700)">RESET {dur(at)}</text>
      {x.ticks(5).map((t) => <text key={t} x={x(t)} y={h - 3} fontSize={9} textAnchor={x(t) > width - 40 ? 'end' : x(t) < left + 16 ? 'start' : 'middle'} fill="var(--color-slate-500)">{dur(t)}</text>)}
    </svg>
  );
}
