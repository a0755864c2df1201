// The cache microscope's grid on a canvas (it may hold 16,384 slots): each slot shows its QP,
// coloured by its place in the policy's victim order, with dirty / pinned / policy marks; the
// latest lookups flash with a shape per outcome; misses fetch from host memory and dirty
// victims are written back, drawn as packets travelling over PCIe to the host-memory band.
import { useCallback, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { AccessRec, CacheGrid } from '../../worker/memory/types.ts';
import type { Flash } from '../../store/memory.ts';
import { COLORS, hex, rankFill } from './format.ts';
import { cellPos, gridLayout, hitTest, type GridLayout } from './gridLayout.ts';
import { paint, useTheme } from '../kit/theme.ts';
import { prefersReducedMotion } from '../kit/motion.ts';

export interface CacheCanvasProps {
  grid: CacheGrid | null;
  flash: Flash;
  width: number;
  height: number;
  /** Draw the host-memory band with fetch / write-back traffic. */
  hostBand?: boolean;
  selected?: { set: number; way: number } | null;
  onSelect?(set: number, way: number): void;
  onActivate?(set: number, way: number): void;
  label: string;
  testId?: string;
}

const BAND = 44;
const FLASH_MS = 900;
const TRAVEL_MS = 650;
const MAX_FLASH = 32;
const MAX_PARTICLES = 10;

interface Particle { x0: number; y0: number; x1: number; y1: number; t0: number; kind: 'fetch' | 'writeback'; text: string }
interface Lit { slot: number; set: number; code: number; t0: number }

export function slotOfAccess(grid: CacheGrid, rec: AccessRec): number {
  const base = rec.set * grid.ways;
  for (let w = 0; w < grid.ways; w++) if (grid.qpn[base + w] === rec.qpn) return base + w;
  return -1;
}

export function CacheCanvas({ grid, flash, width, height, hostBand = false, selected, onSelect, onActivate, label, testId }: CacheCanvasProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const lit = useRef<Lit[]>([]);
  const particles = useRef<Particle[]>([]);
  const raf = useRef(0);
  const layoutRef = useRef<GridLayout | null>(null);
  const gridH = Math.max(20, height - (hostBand ? BAND + 8 : 0));
  // The drawing loop runs outside React's render: it reads the latest props from this ref.
  const props = useRef({ grid, width, height, gridH, hostBand, selected });
  useEffect(() => { props.current = { grid, width, height, gridH, hostBand, selected }; });

  const draw = useCallback(function drawFrame(): void {
    const { grid, width, height, gridH, hostBand, selected } = props.current;
    const c = canvas.current;
    if (!c) return;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    if (c.width !== Math.round(width * dpr) || c.height !== Math.round(height * dpr)) {
      c.width = Math.round(width * dpr);
      c.height = Math.round(height * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const now = performance.now();
    // Reduced motion: flashes hold still and traffic shows at its end instead of travelling.
    const still = prefersReducedMotion();
    let animating = false;
    if (grid) {
      const l = gridLayout(grid.sets, grid.ways, width, gridH);
      layoutRef.current = l;
      drawGrid(ctx, grid, l, selected ?? null);
      for (const f of lit.current) {
        const age = now - f.t0;
        if (age >= FLASH_MS || f.slot < 0) continue;
        animating = true;
        const set = Math.floor(f.slot / grid.ways);
        const p = cellPos(l, set, f.slot - set * grid.ways);
        drawFlash(ctx, l, p.x, p.y, f.code, still ? 1 : 1 - age / FLASH_MS);
      }
    }
    if (hostBand) {
      drawBand(ctx, width, gridH + 8);
      for (const p of particles.current) {
        const age = now - p.t0;
        if (age > TRAVEL_MS) continue;
        animating = true;
        if (age < 0) continue;
        drawParticle(ctx, p, still ? 1 : age / TRAVEL_MS);
      }
    }
    if (animating) raf.current = requestAnimationFrame(drawFrame);
  }, []);

  const kick = useCallback(() => {
    cancelAnimationFrame(raf.current);
    raf.current = requestAnimationFrame(draw);
  }, [draw]);

  // New accesses: light their slots, launch PCIe traffic.
  useEffect(() => {
    const { grid, width, gridH, hostBand } = props.current;
    if (!grid || flash.recs.length === 0) return;
    const t0 = performance.now();
    const l = gridLayout(grid.sets, grid.ways, width, gridH);
    const recs = flash.recs.slice(-MAX_FLASH);
    const next: Lit[] = lit.current.filter((f) => t0 - f.t0 < FLASH_MS);
    for (const r of recs) {
      const slot = slotOfAccess(grid, r);
      next.push({ slot, set: r.set, code: r.code, t0 });
    }
    lit.current = next.slice(-MAX_FLASH * 2);
    if (hostBand) {
      const ps = particles.current.filter((p) => t0 - p.t0 < TRAVEL_MS);
      const misses = recs.filter((r) => r.code > 0).slice(-4);
      misses.forEach((r, i) => {
        const slot = slotOfAccess(grid, r);
        const way = slot >= 0 ? slot - r.set * grid.ways : 0;
        const p = cellPos(l, r.set, way);
        const cx = p.x + l.cw / 2;
        const cy = p.y + l.ch / 2;
        const bandY = gridH + 8 + BAND / 2;
        const stagger = i * 60;
        ps.push({ x0: cx, y0: bandY, x1: cx, y1: cy, t0: t0 + stagger, kind: 'fetch', text: `QP ${hex(r.qpn)}` });
        if (r.code === 3) ps.push({ x0: cx, y0: cy, x1: cx + 18, y1: bandY, t0: t0 + stagger, kind: 'writeback', text: `WB ${hex(r.victim)}` });
      });
      particles.current = ps.slice(-MAX_PARTICLES);
    }
    layoutRef.current = l;
    kick();
  }, [flash, kick]);

  const theme = useTheme();
  useEffect(() => { kick(); }, [grid, width, height, selected?.set, selected?.way, kick, theme]);
  useEffect(() => () => cancelAnimationFrame(raf.current), []);

  const pick = (e: MouseEvent<HTMLCanvasElement>) => {
    const l = layoutRef.current;
    if (!grid || !l || !onSelect) return;
    const r = e.currentTarget.getBoundingClientRect();
    const hit = hitTest(l, grid.sets, grid.ways, e.clientX - r.left, e.clientY - r.top);
    if (hit) onSelect(hit.set, hit.way);
  };

  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    if (!grid || !onSelect) return;
    const s = selected ?? { set: 0, way: 0 };
    let { set, way } = s;
    if (e.key === 'ArrowUp') set = Math.max(0, set - 1);
    else if (e.key === 'ArrowDown') set = Math.min(grid.sets - 1, set + 1);
    else if (e.key === 'ArrowLeft') way = Math.max(0, way - 1);
    else if (e.key === 'ArrowRight') way = Math.min(grid.ways - 1, way + 1);
    else if (e.key === 'Home') { set = 0; way = 0; }
    else if (e.key === 'End') { set = grid.sets - 1; way = grid.ways - 1; }
    else if ((e.key === 'Enter' || e.key === ' ') && onActivate) { e.preventDefault(); onActivate(set, way); return; }
    else return;
    e.preventDefault();
    onSelect(set, way);
  };

  return (
    <canvas
      ref={canvas} data-testid={testId} role="img" aria-label={label} tabIndex={onSelect ? 0 : -1}
      onClick={pick} onDoubleClick={(e) => { pick(e); const s = selected; if (s && onActivate) onActivate(s.set, s.way); }} onKeyDown={onKey}
      style={{ width, height, display: 'block' }} className="rounded outline-offset-2"
    />
  );
}

function drawGrid(ctx: CanvasRenderingContext2D, g: CacheGrid, l: GridLayout, selected: { set: number; way: number } | null): void {
  const { cw, ch, gap } = l;
  const fontPx = Math.max(9, Math.min(12, Math.floor(ch * 0.58)));
  ctx.font = `${fontPx}px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace`;
  ctx.textBaseline = 'middle';
  const charW = ctx.measureText('0').width;
  // Set labels.
  if (l.labelW > 0 && ch >= 8) {
    ctx.fillStyle = paint(COLORS.muted);
    ctx.textAlign = 'right';
    const every = Math.max(1, Math.ceil(12 / (l.linesPerSet * ch)));
    for (let s = 0; s < g.sets; s += every) {
      const p = cellPos(l, s, 0);
      ctx.fillText(String(s), p.x - 5, p.y + (l.linesPerSet * ch) / 2);
    }
  }
  ctx.textAlign = 'center';
  const w = cw - gap;
  const h = ch - gap;
  for (let set = 0; set < g.sets; set++) {
    for (let way = 0; way < g.ways; way++) {
      const slot = set * g.ways + way;
      const { x, y } = cellPos(l, set, way);
      const q = g.qpn[slot];
      const f = g.flags[slot];
      if (q < 0) {
        ctx.fillStyle = paint('var(--color-slate-50)');
        ctx.fillRect(x, y, w, h);
        if (h >= 5) { ctx.strokeStyle = paint('var(--color-slate-300)'); ctx.setLineDash([2, 2]); ctx.lineWidth = 1; ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1); ctx.setLineDash([]); }
        continue;
      }
      ctx.fillStyle = paint(rankFill(g.rank[slot], g.policy === 'clock' ? g.ways * 2 : g.ways));
      ctx.fillRect(x, y, w, h);
      if (h >= 6) {
        ctx.lineWidth = f & 2 ? 2 : 1;
        ctx.strokeStyle = paint(f & 2 ? COLORS.ink : 'var(--color-slate-400)');
        if (g.policy === '2q' && g.aux[slot] === 0) ctx.setLineDash([3, 2]);
        ctx.strokeRect(x + 0.5, y + 0.5, w - 1, h - 1);
        ctx.setLineDash([]);
      }
      if (f & 1 && h >= 7) { // dirty: a dark corner (too small to read below 7 px: the caption counts them)
        const d = Math.max(3, Math.min(8, h * 0.4));
        ctx.fillStyle = paint(COLORS.writeback);
        ctx.beginPath(); ctx.moveTo(x + w - d, y); ctx.lineTo(x + w, y); ctx.lineTo(x + w, y + d); ctx.closePath(); ctx.fill();
      }
      if (f & 2 && h >= 10) { // pinned
        ctx.fillStyle = paint(COLORS.ink);
        ctx.fillRect(x + 1, y + 1, 8, 8);
        ctx.fillStyle = paint('var(--color-white)');
        ctx.font = 'bold 7px sans-serif';
        ctx.fillText('P', x + 5, y + 5.5);
        ctx.font = `${fontPx}px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace`;
      }
      if (l.text) {
        ctx.fillStyle = paint(COLORS.ink);
        const label = fitQpn(charW, q, w - 16);
        ctx.fillText(label, x + w / 2 + 4, y + h / 2 + 0.5);
        if (g.policy === 'lfu' && h >= 16) { ctx.fillStyle = paint(COLORS.muted); ctx.font = '8px sans-serif'; ctx.textAlign = 'right'; ctx.fillText(`×${g.aux[slot]}`, x + w - 2, y + h - 4); ctx.textAlign = 'center'; ctx.font = `${fontPx}px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace`; }
      }
      if (g.policy === 'clock' && h >= 8) { // reference bit: filled dot = 1, ring = 0
        ctx.beginPath(); ctx.arc(x + 5, y + h - 5, 2.5, 0, Math.PI * 2);
        ctx.strokeStyle = paint(COLORS.ink); ctx.lineWidth = 1;
        if (g.aux[slot]) { ctx.fillStyle = paint(COLORS.ink); ctx.fill(); } else ctx.stroke();
      }
    }
    if (g.policy === 'clock' && g.hands.length > set && l.ch >= 6) { // the hand: a triangle left of its way
      const p = cellPos(l, set, g.hands[set]);
      ctx.fillStyle = paint(COLORS.evict);
      ctx.beginPath(); ctx.moveTo(p.x - 1, p.y + h / 2 - 4); ctx.lineTo(p.x + 4, p.y + h / 2); ctx.lineTo(p.x - 1, p.y + h / 2 + 4); ctx.closePath(); ctx.fill();
    }
  }
  if (selected && selected.set < g.sets) {
    const a = cellPos(l, selected.set, 0);
    const rowW = Math.min(g.ways, l.perLine) * cw;
    ctx.strokeStyle = paint('var(--color-indigo-700)');
    ctx.lineWidth = 2;
    ctx.strokeRect(a.x - 2, a.y - 2, rowW - gap + 4, l.linesPerSet * ch - gap + 4);
    if (selected.way < g.ways) {
      const p = cellPos(l, selected.set, selected.way);
      ctx.strokeStyle = paint(COLORS.ink);
      ctx.lineWidth = 2.5;
      ctx.strokeRect(p.x + 1, p.y + 1, w - 2, h - 2);
    }
  }
}

/** The QPN in hex as wide as fits; the font is monospace, so one glyph width measures all. */
function fitQpn(charW: number, q: number, room: number): string {
  const bare = q.toString(16);
  if ((bare.length + 2) * charW <= room) return `0x${bare}`;
  if (bare.length * charW <= room) return bare;
  return `…${bare.slice(-3)}`;
}

function drawFlash(ctx: CanvasRenderingContext2D, l: GridLayout, x: number, y: number, code: number, a: number): void {
  const w = l.cw - l.gap;
  const h = l.ch - l.gap;
  const color = code === 0 ? COLORS.hit : code === 1 ? COLORS.miss : code === 2 ? COLORS.evict : COLORS.writeback;
  ctx.globalAlpha = Math.max(0, a);
  ctx.strokeStyle = paint(color);
  ctx.lineWidth = Math.max(2, Math.min(3, h / 5));
  ctx.strokeRect(x - 1, y - 1, w + 2, h + 2);
  // A write-back's outline is doubled, so it differs from a clean eviction by shape too.
  if (code === 3 && w > 8 && h > 8) { ctx.lineWidth = 1; ctx.strokeRect(x + 2.5, y + 2.5, w - 5, h - 5); }
  const r = Math.max(2.5, Math.min(4, h / 4));
  const cx = l.text ? x + 3 + r : x + w / 2;
  const cy = y + h / 2;
  ctx.fillStyle = paint(color);
  ctx.strokeStyle = paint(color);
  ctx.beginPath();
  if (code === 0) { ctx.arc(cx, cy, r, 0, Math.PI * 2); ctx.fill(); } // hit: disc
  else if (code === 1) ctx.fillRect(cx - r, cy - r, 2 * r, 2 * r); // miss into a free way: square
  else { // evict (and write-back): a cross
    ctx.lineWidth = 2;
    ctx.moveTo(cx - r, cy - r); ctx.lineTo(cx + r, cy + r); ctx.moveTo(cx + r, cy - r); ctx.lineTo(cx - r, cy + r); ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

function drawBand(ctx: CanvasRenderingContext2D, width: number, y: number): void {
  ctx.fillStyle = paint('var(--color-slate-100)');
  ctx.fillRect(0, y, width, BAND);
  ctx.strokeStyle = paint('var(--color-slate-400)');
  ctx.lineWidth = 1;
  ctx.strokeRect(0.5, y + 0.5, width - 1, BAND - 1);
  ctx.fillStyle = paint(COLORS.muted);
  ctx.font = '11px ui-sans-serif, system-ui, sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(width > 640 ? 'Host memory (QP table)   ↑ fetch of a context on a miss (PCIe read)   ↓ write-back of a dirty victim (PCIe write)' : 'Host memory   ↑ fetch   ↓ write-back', 8, y + BAND / 2);
}

function drawParticle(ctx: CanvasRenderingContext2D, p: Particle, t: number): void {
  const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  const x = p.x0 + (p.x1 - p.x0) * e;
  const y = p.y0 + (p.y1 - p.y0) * e;
  const color = p.kind === 'fetch' ? COLORS.fetch : COLORS.writeback;
  ctx.globalAlpha = 0.25;
  ctx.strokeStyle = paint(color);
  ctx.setLineDash([3, 3]);
  ctx.beginPath(); ctx.moveTo(p.x0, p.y0); ctx.lineTo(x, y); ctx.stroke();
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
  ctx.fillStyle = paint(color);
  ctx.font = 'bold 9px ui-sans-serif, system-ui, sans-serif';
  const label = p.kind === 'fetch' ? `↑ ${p.text}` : `↓ ${p.text}`;
  const tw = ctx.measureText(label).width + 8;
  ctx.fillRect(x - tw / 2, y - 7, tw, 14);
  ctx.fillStyle = paint('var(--color-white)');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x, y + 0.5);
}
