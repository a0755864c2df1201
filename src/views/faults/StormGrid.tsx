// The affected QPs as a grid on a canvas (up to 16,384 cells): each cell one QP, filled by its
// storm phase, with a class stripe on its left edge. The pointer (or the arrow keys) picks a QP;
// the caption and the live region say what the grid shows in words.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { GridStatic } from '../../worker/faults/types.ts';
import { CLASS_COLORS, PHASES } from './format.ts';

export interface StormGridProps {
  grid: GridStatic | null;
  phase: Uint8Array | null;
  width: number;
  height: number;
  picked: number | null;
  onPick(i: number | null): void;
  label: string;
  testId: string;
}

export function layoutOf(n: number, width: number, height: number): { cols: number; cell: number } {
  // The largest square cell that fits n cells in the box.
  let cell = Math.max(2, Math.floor(Math.sqrt((width * height) / Math.max(1, n))));
  while (cell > 2 && Math.ceil(n / Math.floor(width / cell)) * cell > height) cell--;
  return { cols: Math.max(1, Math.floor(width / cell)), cell };
}

export function StormGrid({ grid, phase, width, height, picked, onPick, label, testId }: StormGridProps) {
  const ref = useRef<HTMLCanvasElement | null>(null);
  const n = grid?.qpn.length ?? 0;
  const { cols, cell } = layoutOf(n, width, height);
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
      ctx.fillStyle = PHASES[phase[i]]?.fill ?? '#000';
      ctx.fillRect(x, y, cell - gap, cell - gap);
      if (cell >= 6) {
        ctx.fillStyle = CLASS_COLORS[grid.cls[i] % CLASS_COLORS.length];
        ctx.fillRect(x, y, Math.max(1, Math.floor(cell / 5)), cell - gap);
      }
      if (cell >= 14 && PHASES[phase[i]]?.glyph) {
        ctx.fillStyle = phase[i] === 0 ? '#0f172a' : '#fff';
        ctx.font = `${Math.floor(cell * 0.6)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(PHASES[phase[i]].glyph, x + cell / 2 + 1, y + cell / 2);
      }
    }
    if (picked !== null && picked < n) {
      ctx.strokeStyle = '#0f172a';
      ctx.lineWidth = 2;
      ctx.strokeRect((picked % cols) * cell + 1, Math.floor(picked / cols) * cell + 1, cell - 2, cell - 2);
    }
  }, [grid, phase, width, height, cols, cell, n, picked]);

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
    <canvas ref={ref} role="img" aria-label={label} tabIndex={0} data-testid={testId} data-cells={n}
      onClick={(e) => onPick(at(e))} onKeyDown={onKey}
      style={{ width, height, display: 'block' }} className="rounded outline-offset-2" />
  );
}
