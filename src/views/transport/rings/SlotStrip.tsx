// A ring drawn as a strip of slots (row-major, wrapping), with the producer and consumer
// indices marked. D3 computes the band scale; React renders. Slots carry a glyph and a title,
// so colour is never the only signal.
import { memo } from 'react';
import { scaleBand } from 'd3-scale';
import { range } from 'd3-array';

export interface SlotItem {
  slot: number;
  fill: string;
  text: string;
  glyph: string;
  title: string;
  testId: string;
  dim?: boolean;
  outline?: string;
}

export interface SlotStripProps {
  label: string;
  depth: number;
  items: SlotItem[];
  pi?: number;
  ci?: number;
  width: number;
  /** Slots drawn at most; deeper rings show a window starting a little before the consumer. */
  maxSlots?: number;
  testId: string;
}

const SLOT_H = 17;
const ROW_H = SLOT_H + 24;

/**
 * One row of slots. A ring deeper than fits is shown as a window that starts two slots
 * before the consumer index, so the occupied part is in view; the rest is counted.
 */
export function stripLayout(depth: number, width: number, maxSlots: number, ci = 0) {
  const fit = Math.max(8, Math.floor(width / 15));
  const shown = Math.min(depth, fit, maxSlots);
  const start = depth > shown ? (ci - 2 + depth) % depth : 0;
  const slotW = Math.min(22, width / shown);
  const x = scaleBand<number>().domain(range(shown)).range([0, shown * slotW]).paddingInner(0.12);
  return { shown, start, x };
}

function SlotStripImpl({ label, depth, items, pi, ci, width, maxSlots = 256, testId }: SlotStripProps) {
  if (depth <= 0) return null;
  const { shown, start, x } = stripLayout(depth, width, maxSlots, ci ?? 0);
  const top = 11;
  const pos = (slot: number) => {
    const k = (slot - start + depth) % depth;
    return k < shown ? { cx: x(k) ?? 0, cy: top } : null;
  };
  const bw = x.bandwidth();
  const bySlot = new Map(items.map((it) => [it.slot, it]));
  const hidden = items.filter((it) => !pos(it.slot)).length;
  const end = x.range()[1];
  const marker = (slot: number | undefined, name: string, color: string, below: boolean) => {
    if (slot === undefined) return null;
    const p = pos(slot);
    if (!p) return null;
    const y = below ? p.cy + SLOT_H + 1 : p.cy - 1;
    const mx = p.cx + bw / 2;
    return (
      <g aria-hidden="true">
        <path d={below ? `M${mx - 4},${y + 5} L${mx},${y} L${mx + 4},${y + 5}` : `M${mx - 4},${y - 5} L${mx},${y} L${mx + 4},${y - 5}`} fill={color} />
        <text x={mx + 6} y={below ? y + 9 : y - 2} fontSize={9} fontWeight={700} fill={color}>{name} slot {slot}</text>
      </g>
    );
  };
  return (
    <svg width={end + 86} height={ROW_H} role="list" aria-label={`${label}: ${items.length} of ${depth} slots used`} data-testid={testId} className="block overflow-visible">
      {Array.from({ length: shown }, (_, k) => {
        const slot = (start + k) % depth;
        const p = pos(slot) ?? { cx: 0, cy: top }; // k < shown: always placed
        const it = bySlot.get(slot);
        return (
          // Keyed by place, not slot number: as CI moves the window slides over the ring, and a
          // slot-keyed strip re-created most of its nodes every frame at top speed.
          <g key={k} role="listitem" aria-label={it ? it.title : `slot ${slot}: empty`} data-testid={it ? it.testId : undefined}>
            {it && <title>{it.title}</title>}
            <rect x={p.cx} y={p.cy} width={bw} height={SLOT_H} rx={2.5}
              fill={it ? it.fill : 'var(--color-white)'} stroke={it?.outline ?? (it ? 'color-mix(in srgb, var(--color-slate-900) 35%, transparent)' : 'var(--color-slate-300)')} strokeWidth={it?.outline ? 2 : 1}
              opacity={it?.dim ? 0.35 : 1} />
            <text x={p.cx + bw / 2} y={p.cy + 12.5} textAnchor="middle" fontSize={11} fontWeight={700} fill={it?.text} opacity={it?.dim ? 0.5 : 1}>{it?.glyph ?? ''}</text>
          </g>
        );
      })}
      {depth > shown && (
        <text x={end + 6} y={top + 12} fontSize={10} fill="var(--color-slate-500)">
          {hidden > 0 ? `+${hidden} more used` : `… ${depth - shown} more slots`}
        </text>
      )}
      {marker(pi, 'PI', 'var(--color-blue-700)', false)}
      {marker(ci, 'CI', 'var(--color-amber-700)', true)}
    </svg>
  );
}

const sameItems = (a: SlotItem[], b: SlotItem[]) =>
  a.length === b.length && a.every((x, i) => x.slot === b[i].slot && x.title === b[i].title && x.fill === b[i].fill && x.dim === b[i].dim);

/** Re-renders only when what it shows changes (frames arrive every animation frame). */
export const SlotStrip = memo(SlotStripImpl, (p, n) =>
  p.label === n.label && p.depth === n.depth && p.pi === n.pi && p.ci === n.ci && p.width === n.width && p.maxSlots === n.maxSlots && p.testId === n.testId && sameItems(p.items, n.items));
