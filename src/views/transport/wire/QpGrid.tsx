// One host's QPs as a canvas grid when there are too many for chips: a cell per QP, coloured and
// shaped by its state (the legend counts them in words), the selected QP ringed. Click a cell, or
// focus the grid and move with the arrow keys (Home/End, Page Up/Down): the selection follows.
import { useEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { QpGridView } from '../../../worker/transport/types.ts';
import { baseState, hostLetter, qpnHex } from '../format.ts';
import { useSize } from '../../kit/useSize.ts';
import { paint, useTheme } from '../../kit/theme.ts';
import { GRID_FLAG, cellAt, cellGeometry, cellKey, cellOrigin, drawGlyph, glyph, type Prim } from './gridCells.ts';

export interface QpGridProps {
  host: number;
  hostName: string;
  grid: QpGridView;
  /** Grid slots on this host, in slot order. */
  slots: readonly number[];
  selected: { host: number; qpn: number } | null;
  /** QPs the "why?" chain names (`host/qpn`). */
  why?: readonly string[];
  onSelect(q: { host: number; qpn: number }): void;
}

const BASES = ['RTS', 'RTR', 'INIT', 'RESET', 'SQD', 'SQE', 'ERR'] as const;

function describe(g: QpGridView, s: number): string {
  const state = g.states[g.lc[s]] ?? '?';
  const peer = g.peerHost[s] >= 0 ? `, connected to ${hostLetter(g.peerHost[s])}·${qpnHex(g.peerQpn[s])}` : '';
  const f = g.flags[s];
  const notes = [f & GRID_FLAG.fault ? 'a fault is armed' : '', f & GRID_FLAG.stalled ? 'stalled' : '', f & GRID_FLAG.flushing ? 'flushing' : '', f & GRID_FLAG.gone ? 'destroyed' : ''].filter(Boolean);
  return `QP ${qpnHex(g.qpn[s])}, ${['RC', 'UC', 'UD'][g.type[s]] ?? ''}, ${state}${peer}, SQ ${g.sq[s]}/${g.sqDepth[s]}${notes.length ? `, ${notes.join(', ')}` : ''}`;
}

export function QpGrid({ host, hostName, grid, slots, selected, why, onSelect }: QpGridProps) {
  const [box, size] = useSize<HTMLDivElement>({ width: 136, height: 90 });
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const n = slots.length;
  const geo = useMemo(() => cellGeometry(n, size.width, size.height), [n, size.width, size.height]);
  const selIdx = selected && selected.host === host ? slots.findIndex((s) => grid.qpn[s] === selected.qpn) : -1;
  const counts = useMemo(() => {
    // Counted by lifecycle code first (a few integers), then named.
    const byLc = new Map<number, number>();
    for (const s of slots) byLc.set(grid.lc[s], (byLc.get(grid.lc[s]) ?? 0) + 1);
    const c = new Map<string, number>();
    for (const [lc, n] of byLc) { const b = baseState(grid.states[lc] ?? 'RESET'); c.set(b, (c.get(b) ?? 0) + n); }
    return c;
  }, [grid, slots]);
  /** What the canvas last drew: a new frame that changes no cell is not drawn again. */
  const drawn = useRef<{ cells: Uint8Array; key: string } | null>(null);
  // The canvas resolves theme tokens when it draws: a theme change redraws it.
  const theme = useTheme();
  const glyphs = useMemo(() => new Map(grid.states.map((st, i) => [i, glyph(st)] as [number, Prim[]])), [grid.states]);

  useEffect(() => {
    const cv = canvas.current;
    const ctx = cv?.getContext('2d');
    if (!cv || !ctx) return;
    const cells = new Uint8Array(2 * slots.length);
    slots.forEach((s, i) => { cells[2 * i] = grid.lc[s]; cells[2 * i + 1] = grid.flags[s]; });
    const dpr = globalThis.devicePixelRatio || 1;
    const key = `${geo.width}x${geo.height}/${geo.size}/${dpr}/${selIdx}/${theme}/${(why ?? []).join(',')}/${slots.length ? grid.qpn[slots[0]] : -1}`;
    const last = drawn.current;
    if (last && last.key === key && last.cells.length === cells.length && last.cells.every((v, i) => v === cells[i])) return;
    drawn.current = { cells, key };
    cv.width = Math.round(geo.width * dpr);
    cv.height = Math.round(geo.height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, geo.width, geo.height);
    const whySet = new Set(why ?? []);
    slots.forEach((s, i) => {
      const { x, y } = cellOrigin(geo, i);
      if (grid.flags[s] & GRID_FLAG.gone) { ctx.strokeStyle = paint('var(--color-slate-300)'); ctx.lineWidth = 1; ctx.strokeRect(x + 0.5, y + 0.5, geo.size - 1, geo.size - 1); return; }
      drawGlyph(ctx, glyphs.get(grid.lc[s]) ?? [], x, y, geo.size);
      if (grid.flags[s] & GRID_FLAG.fault) { ctx.fillStyle = paint('var(--color-slate-900)'); ctx.beginPath(); ctx.moveTo(x + geo.size * 0.45, y); ctx.lineTo(x + geo.size, y); ctx.lineTo(x + geo.size, y + geo.size * 0.55); ctx.fill(); }
      if (whySet.has(`${host}/${grid.qpn[s]}`)) { ctx.strokeStyle = paint('var(--color-fuchsia-600)'); ctx.lineWidth = 2; ctx.strokeRect(x - 1, y - 1, geo.size + 2, geo.size + 2); }
    });
    if (selIdx >= 0) {
      const { x, y } = cellOrigin(geo, selIdx);
      ctx.strokeStyle = paint('var(--color-slate-900)');
      ctx.lineWidth = 2;
      ctx.strokeRect(x - 1.5, y - 1.5, geo.size + 3, geo.size + 3);
    }
  }, [grid, slots, geo, selIdx, glyphs, why, host, theme]);

  const pick = (i: number) => { if (i >= 0 && i < n) onSelect({ host, qpn: grid.qpn[slots[i]] }); };
  const onClick = (e: MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    pick(cellAt(geo, n, e.clientX - r.left, e.clientY - r.top));
  };
  const onMove = (e: MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const i = cellAt(geo, n, e.clientX - r.left, e.clientY - r.top);
    e.currentTarget.title = i >= 0 ? `${describe(grid, slots[i])} — click to inspect` : '';
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const to = cellKey(geo, n, Math.max(0, selIdx), e.key);
    if (to < 0) return;
    e.preventDefault();
    pick(to);
  };
  const summary = `${n} QPs on ${hostName}: ${BASES.filter((b) => counts.get(b)).map((b) => `${counts.get(b)} ${b}`).join(', ')}`;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-0.5">
      <ul className="flex flex-wrap gap-x-1.5 font-mono text-[10px] leading-tight text-slate-700" aria-label={`States of the QPs on ${hostName}`}>
        {BASES.filter((b) => counts.get(b)).map((b) => (
          <li key={b} className="flex items-center gap-0.5"><Swatch state={b} />{counts.get(b)} {b}</li>
        ))}
      </ul>
      <div
        ref={box} tabIndex={0} role="slider" aria-label={`${summary}. Arrow keys pick a QP`}
        aria-valuemin={0} aria-valuemax={Math.max(0, n - 1)} aria-valuenow={Math.max(0, selIdx)}
        aria-valuetext={selIdx >= 0 ? describe(grid, slots[selIdx]) : 'none of these selected'}
        onKeyDown={onKey} data-testid={`qp-grid-${host}`} data-count={n}
        className="min-h-0 flex-1 overflow-y-auto rounded outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        <canvas ref={canvas} style={{ width: geo.width, height: geo.height }} className="block cursor-pointer" onClick={onClick} onMouseMove={onMove} aria-hidden="true" />
      </div>
    </div>
  );
}

/** The glyph of a state, as the legend shows it. */
export function Swatch({ state }: { state: string }) {
  const s = 9;
  return (
    <svg width={s} height={s} aria-hidden="true" className="shrink-0">
      {glyph(state).map((p, i) => p.k === 'fill' ? <rect key={i} width={s} height={s} fill={p.color} />
        : p.k === 'outline' ? <rect key={i} x={0.5} y={0.5} width={s - 1} height={s - 1} fill="var(--color-white)" stroke={p.color} />
        : p.k === 'rect' ? <rect key={i} x={p.x * s} y={p.y * s} width={p.w * s} height={p.h * s} fill={p.color} />
        : <line key={i} x1={p.x1 * s} y1={p.y1 * s} x2={p.x2 * s} y2={p.y2 * s} stroke={p.color} strokeWidth={1.6} />)}
    </svg>
  );
}
