// Where each cache slot goes on the canvas: sets are rows of ways (a wide set wraps over several
// lines), and the rows flow into side-by-side blocks when that makes the cells bigger. Pure.

export interface GridLayout {
  /** Cell size and gap, px. */
  cw: number;
  ch: number;
  gap: number;
  /** Ways per line (a set with more ways wraps). */
  perLine: number;
  linesPerSet: number;
  blocks: number;
  setsPerBlock: number;
  /** Width reserved for the set label at the left of each block. */
  labelW: number;
  blockW: number;
  /** Total drawn size. */
  width: number;
  height: number;
  /** Cells are big enough for a QPN in text. */
  text: boolean;
}

const BLOCK_GAP = 14;

export function gridLayout(sets: number, ways: number, width: number, height: number): GridLayout {
  let best: GridLayout | null = null;
  const labelW = sets > 1 ? (sets > 999 ? 38 : sets > 99 ? 32 : 26) : 0;
  const perLines = ways <= 16 ? [ways] : candidatesFor(ways);
  for (const perLine of perLines) {
    const linesPerSet = Math.ceil(ways / perLine);
    for (let blocks = 1; blocks <= Math.min(16, sets); blocks++) {
      const setsPerBlock = Math.ceil(sets / blocks);
      const lines = setsPerBlock * linesPerSet;
      const setGap = linesPerSet > 1 && sets > 1 ? 4 : 0;
      const availW = (width - (blocks - 1) * BLOCK_GAP - blocks * labelW) / (blocks * perLine);
      const availH = (height - setsPerBlock * setGap) / lines;
      if (availW <= 1 || availH <= 1) continue;
      // Text cells want a wide aspect; tiny cells are square.
      const textH = Math.min(availH, availW / 2.8, 28);
      const text = textH >= 13;
      const ch = text ? textH : Math.min(availH, availW, 28);
      const cw = text ? Math.min(availW, ch * 4) : ch;
      const gap = ch >= 10 ? 2 : ch >= 5 ? 1 : 0;
      const score = cw * ch * (text ? 4 : 1);
      if (!best || score > best.cw * best.ch * (best.text ? 4 : 1)) {
        const blockW = labelW + perLine * cw;
        best = {
          cw, ch, gap, perLine, linesPerSet, blocks, setsPerBlock, labelW, blockW,
          width: blocks * blockW + (blocks - 1) * BLOCK_GAP, height: setsPerBlock * (linesPerSet * ch + setGap), text,
        };
      }
    }
  }
  return best ?? { cw: 1, ch: 1, gap: 0, perLine: Math.max(1, ways), linesPerSet: 1, blocks: 1, setsPerBlock: sets, labelW: 0, blockW: ways, width: ways, height: sets, text: false };
}

function candidatesFor(ways: number): number[] {
  const out = new Set<number>();
  for (const p of [8, 16, 24, 32, 40, 48, 64, 80, 96, 100, 128, 160, 200, 256]) if (p <= ways) out.add(p);
  out.add(Math.min(ways, 256));
  return [...out];
}

/** Top-left of a slot's cell. */
export function cellPos(l: GridLayout, set: number, way: number): { x: number; y: number } {
  const block = Math.floor(set / l.setsPerBlock);
  const row = set % l.setsPerBlock;
  const line = Math.floor(way / l.perLine);
  const col = way % l.perLine;
  const setGap = l.linesPerSet > 1 && l.setsPerBlock > 1 ? 4 : 0;
  return {
    x: block * (l.blockW + BLOCK_GAP) + l.labelW + col * l.cw,
    y: row * (l.linesPerSet * l.ch + setGap) + line * l.ch,
  };
}

/** The slot under a point, or null. */
export function hitTest(l: GridLayout, sets: number, ways: number, x: number, y: number): { set: number; way: number } | null {
  const block = Math.floor(x / (l.blockW + BLOCK_GAP));
  const bx = x - block * (l.blockW + BLOCK_GAP) - l.labelW;
  if (block < 0 || block >= l.blocks || bx < 0 || bx >= l.perLine * l.cw) return null;
  const setGap = l.linesPerSet > 1 && l.setsPerBlock > 1 ? 4 : 0;
  const rowH = l.linesPerSet * l.ch + setGap;
  const row = Math.floor(y / rowH);
  const line = Math.floor((y - row * rowH) / l.ch);
  if (row < 0 || row >= l.setsPerBlock || line >= l.linesPerSet) return null;
  const set = block * l.setsPerBlock + row;
  const way = line * l.perLine + Math.floor(bx / l.cw);
  if (set >= sets || way >= ways) return null;
  return { set, way };
}
