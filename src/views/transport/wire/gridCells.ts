// The compact QP grid (hundreds of QPs on one host): cell geometry, hit-testing, and each state's
// glyph as a few primitives in a unit square, drawn alike on the canvas and in the legend's SVG,
// so the state is told by shape as well as by colour.
import { STATE_COLOR, baseState } from '../format.ts';
import { paint } from '../../kit/theme.ts';

/** QpGridView.flags bits (worker/transport/projection.ts writes them). */
export const GRID_FLAG = { fault: 1, stalled: 2, flushing: 4, gone: 8 } as const;

export interface CellGeometry { size: number; gap: number; cols: number; rows: number; width: number; height: number }

const MAX_CELL = 14;
const MIN_CELL = 5;

/** The largest cells (5–14 px) that fit n QPs in width × height; below 5 px the grid grows taller and scrolls. */
export function cellGeometry(n: number, width: number, height: number): CellGeometry {
  const w = Math.max(MIN_CELL, Math.floor(width));
  let g: CellGeometry = { size: MIN_CELL, gap: 1, cols: 1, rows: 1, width: w, height: MIN_CELL };
  for (let size = MAX_CELL; size >= MIN_CELL; size--) {
    const gap = size >= 9 ? 2 : 1;
    const cols = Math.max(1, Math.floor((w + gap) / (size + gap)));
    const rows = Math.max(1, Math.ceil(n / cols));
    g = { size, gap, cols, rows, width: cols * (size + gap) - gap, height: rows * (size + gap) - gap };
    if (g.height <= height) return g;
  }
  return g;
}

export function cellOrigin(g: CellGeometry, i: number): { x: number; y: number } {
  return { x: (i % g.cols) * (g.size + g.gap), y: Math.floor(i / g.cols) * (g.size + g.gap) };
}

/** The cell under a point, or -1 (a gap, or past the last QP). */
export function cellAt(g: CellGeometry, n: number, x: number, y: number): number {
  if (x < 0 || y < 0) return -1;
  const c = Math.floor(x / (g.size + g.gap));
  const r = Math.floor(y / (g.size + g.gap));
  if (c >= g.cols) return -1;
  const i = r * g.cols + c;
  return i < n ? i : -1;
}

/** The cell a key moves to from `i` (−1 when the key is not a grid key). */
export function cellKey(g: CellGeometry, n: number, i: number, key: string): number {
  const page = g.cols * Math.max(1, Math.floor(g.rows / 2));
  const to: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, ArrowDown: i + g.cols, ArrowUp: i - g.cols, Home: 0, End: n - 1, PageDown: i + page, PageUp: i - page };
  return key in to ? Math.max(0, Math.min(n - 1, to[key])) : -1;
}

export type Prim =
  | { k: 'fill'; color: string }
  | { k: 'outline'; color: string }
  | { k: 'rect'; x: number; y: number; w: number; h: number; color: string }
  | { k: 'line'; x1: number; y1: number; x2: number; y2: number; color: string };

/** A state's glyph, in a unit square: RTS solid; ERR crossed; SQE slashed; SQD barred; RTR half; INIT dotted; RESET hollow. */
export function glyph(state: string): Prim[] {
  const base = baseState(state);
  const c = STATE_COLOR[base].fill;
  // Marks drawn on a fill take the ink its label would (readable in both themes).
  const white = STATE_COLOR[base].ink;
  switch (base) {
    case 'RTS': return [{ k: 'fill', color: c }];
    case 'ERR': return [{ k: 'fill', color: c }, { k: 'line', x1: 0.2, y1: 0.2, x2: 0.8, y2: 0.8, color: white }, { k: 'line', x1: 0.8, y1: 0.2, x2: 0.2, y2: 0.8, color: white }];
    case 'SQE': return [{ k: 'fill', color: c }, { k: 'line', x1: 0.2, y1: 0.8, x2: 0.8, y2: 0.2, color: white }];
    case 'SQD': return [{ k: 'fill', color: c }, { k: 'line', x1: 0.18, y1: 0.5, x2: 0.82, y2: 0.5, color: white }];
    case 'RTR': return [{ k: 'outline', color: c }, { k: 'rect', x: 0, y: 0.5, w: 1, h: 0.5, color: c }];
    case 'INIT': return [{ k: 'outline', color: c }, { k: 'rect', x: 0.34, y: 0.34, w: 0.32, h: 0.32, color: c }];
    default: return [{ k: 'outline', color: c }];
  }
}

/** Draw one cell's glyph at (x, y), `s` px square; colours are theme tokens, resolved for the canvas. */
export function drawGlyph(ctx: CanvasRenderingContext2D, prims: readonly Prim[], x: number, y: number, s: number): void {
  const lw = Math.max(1, Math.round(s * 0.18));
  for (const p of prims) {
    const colour = paint(p.color);
    if (p.k === 'fill') { ctx.fillStyle = colour; ctx.fillRect(x, y, s, s); }
    else if (p.k === 'outline') { ctx.fillStyle = paint('var(--color-white)'); ctx.fillRect(x, y, s, s); ctx.strokeStyle = colour; ctx.lineWidth = 1; ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1); }
    else if (p.k === 'rect') { ctx.fillStyle = colour; ctx.fillRect(x + p.x * s, y + p.y * s, p.w * s, p.h * s); }
    else { ctx.strokeStyle = colour; ctx.lineWidth = lw; ctx.beginPath(); ctx.moveTo(x + p.x1 * s, y + p.y1 * s); ctx.lineTo(x + p.x2 * s, y + p.y2 * s); ctx.stroke(); }
  }
}
