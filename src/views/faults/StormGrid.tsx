// The affected QPs as a grid on a canvas (up to 16,384 cells): each cell one QP, filled by its
// storm phase, with a class stripe on its left edge. The pointer (or the arrow keys) picks a QP;
// the caption and the live region say what the grid shows in words.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { GridStatic } from '../../worker/faults/types.ts';
import { CLASS_COLORS, PHASES } from './format.ts';
import { paint, useTheme } from '../kit/theme.ts';

export interface StormGridProps {
  grid: GridStatic | null;
  phase: Uint8Array | null;
  width: number;
  height: number;
  picked: number | null;
  onPick(i: number | null): void;
  label: string;
  testId: string;
  /** Cells outlined as part of a "why?" (1 = outlined): the reports taken while the picked QP waited. */
  marked?: Uint8Array | null;
}

export function layoutOf(n: number, width: number, height: number): { cols: number; cell: number } {
  // The largest square cell that fits n cells in the box.
  let cell = Math.max(2, Math.floor(Math.sqrt((width * height) / Math.max(1, n))));
  while (cell > 2 && Math.ceil(n / Math.floor(width / cell)) * cell > height) cell--;
  return { cols: Math.max(1, Math.floor(width / cell)), cell };
}

export function StormGrid({ grid, phase, width, height, picked, onPick, label, testId, marked = null }: StormGridProps) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  const n = grid?.qpn.length ?? 0;
  const { cols, cell } = layoutOf(n, width, height);
  const theme = useTheme();
  useEffect(() => {
    const c = ref.current;
    if (!c || !grid || !phase) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const gap = cell >= 6 ? 1 : 0;
    for (let i = 0; i < n; i++) {
      const x = (i % cols) * cell;
      const y = Math.floor(i / cols) * cell;
      ctx.fillStyle = paint(PHASES[phase[i]]?.fill ?? 'var(--color-black)');
      ctx.fillRect(x, y, cell - gap, cell - gap);
      if (cell >= 6) {
        ctx.fillStyle = paint(CLASS_COLORS[grid.cls[i] % CLASS_COLORS.length]);
        ctx.fillRect(x, y, Math.max(1, Math.floor(cell / 5)), cell - gap);
      }
      // Every phase but "healthy" also carries a mark (the legend's glyph, drawn): colour is
      // never the only signal, even in cells too small for text.
      const ph = PHASES[phase[i]];
      if (cell >= 6 && ph?.glyph) drawMark(ctx, ph.id, x + Math.max(1, Math.floor(cell / 5)), y, cell - gap - Math.max(1, Math.floor(cell / 5)), cell - gap, paint(ph.ink));
    }
    if (marked && cell >= 4) {
      ctx.strokeStyle = paint('var(--color-fuchsia-600)');
      ctx.lineWidth = 1;
      for (let i = 0; i < n; i++) if (marked[i]) ctx.strokeRect((i % cols) * cell + 0.5, Math.floor(i / cols) * cell + 0.5, cell - 2, cell - 2);
    }
    if (picked !== null && picked < n) {
      ctx.strokeStyle = paint('var(--color-slate-900)');
      ctx.lineWidth = 2;
      ctx.strokeRect((picked % cols) * cell + 1, Math.floor(picked / cols) * cell + 1, cell - 2, cell - 2);
    }
  }, [grid, phase, width, height, cols, cell, n, picked, theme, marked]);

  const at = (e: MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const i = Math.floor((e.clientY - r.top) / cell) * cols + Math.floor((e.clientX - r.left) / cell);
    return i >= 0 && i < n ? i : null;
  };
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowDown' ? cols : e.key === 'ArrowUp' ? -cols : e.key === 'Home' ? -Infinity : e.key === 'End' ? Infinity : 0;
    if (!d || n === 0) return;
    e.preventDefault();
    onPick(Math.max(0, Math.min(n - 1, (picked ?? 0) + (Number.isFinite(d) ? d : d > 0 ? n : -n))));
  };
  return (
    <canvas ref={ref} role="img" aria-label={label} tabIndex={0} data-testid={testId} data-cells={n} data-marked={marked ? marked.reduce((a, x) => a + x, 0) : 0}
      onClick={(e) => onPick(at(e))} onKeyDown={onKey}
      style={{ width, height, display: 'block' }} className="rounded outline-offset-2" />
  );
}

/** The phase's glyph as strokes, scaled to the cell: … dot, ↓ chevron, ✓ tick, ! bar, ✕ cross,
 *  ○ ring, ‖ two bars, ? hook and dot, / slash. */
function drawMark(ctx: CanvasRenderingContext2D, id: number, x: number, y: number, w: number, h: number, ink: string): void {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = Math.max(1.5, Math.min(w, h) * 0.3);
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = Math.max(1, Math.min(w, h) / 7);
  ctx.lineCap = 'round';
  ctx.beginPath();
  if (id === 1) { ctx.arc(cx, cy, Math.max(0.8, r * 0.45), 0, Math.PI * 2); ctx.fill(); return; }
  if (id === 2) { ctx.moveTo(cx - r, cy - r * 0.5); ctx.lineTo(cx, cy + r * 0.6); ctx.lineTo(cx + r, cy - r * 0.5); }
  else if (id === 3) { ctx.moveTo(cx - r, cy); ctx.lineTo(cx - r * 0.3, cy + r * 0.7); ctx.lineTo(cx + r, cy - r * 0.7); }
  else if (id === 4) { ctx.moveTo(cx, cy - r); ctx.lineTo(cx, cy + r * 0.3); ctx.moveTo(cx, cy + r * 0.85); ctx.lineTo(cx, cy + r * 0.9); }
  else if (id === 6) ctx.arc(cx, cy, r * 0.8, 0, Math.PI * 2);
  else if (id === 7) { ctx.moveTo(cx - r * 0.4, cy - r); ctx.lineTo(cx - r * 0.4, cy + r); ctx.moveTo(cx + r * 0.4, cy - r); ctx.lineTo(cx + r * 0.4, cy + r); }
  else if (id === 8) { ctx.arc(cx, cy - r * 0.35, r * 0.5, Math.PI, Math.PI * 2.5); ctx.lineTo(cx, cy + r * 0.35); ctx.moveTo(cx, cy + r * 0.85); ctx.lineTo(cx, cy + r * 0.9); }
  else if (id === 9) { ctx.moveTo(cx + r, cy - r); ctx.lineTo(cx - r, cy + r); }
  else { ctx.moveTo(cx - r, cy - r); ctx.lineTo(cx + r, cy + r); ctx.moveTo(cx + r, cy - r); ctx.lineTo(cx - r, cy + r); }
  ctx.stroke();
}
