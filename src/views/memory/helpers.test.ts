import { describe, expect, it } from 'vitest';
import { ENTRY_STEPS, NAMED_QPS, bytes, compact, engineWaitText, entrySteps, hex, int, mops, ns, overlapFromPos, pct, posFromOverlap, posFromQps, posFromSpeed, qpsFromPos, qpsNote, rankFill, speedFromPos } from './format.ts';
import { cellPos, gridLayout, hitTest } from './gridLayout.ts';
import { chartSummary } from './charts.tsx';
import { diffText } from './CompareTab.tsx';
import { raceSummary } from './RacePanel.tsx';
import { waterfallSummary } from './TimingTab.tsx';
import { slotOfAccess } from './CacheCanvas.tsx';
import type { CacheGrid, CompareFrame, MissDetail, SeriesPoint } from '../../worker/memory/types.ts';
import type { RaceTrace } from '../../core/memory/index.ts';
import { MEMORY_LESSONS } from '../../lessons/memory/index.ts';

describe('slider scales', () => {
  it('the active-QP slider is logarithmic from 1 to 1,000,000 and round-trips every decade', () => {
    expect(qpsFromPos(0)).toBe(1);
    expect(qpsFromPos(1200)).toBe(1_000_000);
    expect(qpsFromPos(600)).toBe(1000);
    for (const q of [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]) expect(qpsFromPos(posFromQps(q))).toBe(q);
    for (let p = 1; p <= 1200; p++) expect(qpsFromPos(p)).toBeGreaterThanOrEqual(qpsFromPos(p - 1));
  });
  it('reaches every QP count a lesson sets, and every named one (the walk finds the lessons\' values)', () => {
    const named: number[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) { node.forEach(walk); return; }
      if (!node || typeof node !== 'object') return;
      const o = node as { kind?: string; qps?: unknown; patch?: { qps?: unknown } };
      if (o.kind === 'preset' && typeof o.qps === 'number') named.push(o.qps);
      if (o.kind === 'config' && typeof o.patch?.qps === 'number') named.push(o.patch.qps);
      Object.values(node).forEach(walk);
    };
    walk(MEMORY_LESSONS);
    expect(named).toEqual(expect.arrayContaining([631, 4096, 8192, 100_000]));
    for (const q of [...named, ...NAMED_QPS]) expect(qpsFromPos(posFromQps(q)), `${q} QPs`).toBe(q);
  });
  it('speed has two significant digits and spans 1 … 2,000,000 packets/s', () => {
    expect(speedFromPos(0)).toBe(1);
    expect(speedFromPos(1000)).toBe(2_000_000);
    expect(speedFromPos(posFromSpeed(5000))).toBe(5000);
  });
  it('overlap steps by powers of two up to 256, and entry steps keep a preset’s own size', () => {
    expect(overlapFromPos(0)).toBe(1);
    expect(overlapFromPos(80)).toBe(256);
    expect(overlapFromPos(posFromOverlap(32))).toBe(32);
    expect(entrySteps(112)).toEqual(ENTRY_STEPS);
    expect(entrySteps(300)).toContain(300);
  });
});

describe('number formatting', () => {
  it('reads like an engineer writes', () => {
    expect(int(1234567)).toBe('1,234,567');
    expect(compact(1_000_000)).toBe('1M');
    expect(compact(46_416)).toBe('46.4k');
    expect(pct(0.1234)).toBe('12.3%');
    expect(pct(1)).toBe('100%');
    expect(pct(0.99999)).toBe('99.9%');
    expect(mops(11.0011)).toBe('11.0');
    expect(ns(0)).toBe('0 ns');
    expect(ns(845)).toBe('845 ns');
    expect(ns(25_000)).toBe('25 µs');
    expect(bytes(28 * 1024)).toBe('28 KiB');
    expect(bytes(4 * 2 ** 30)).toBe('4 GiB');
    expect(hex(255)).toBe('0xff');
    expect(hex(-1)).toBe('—');
  });
  it('colours the next victim warm and a safe line cool, from the theme in force', () => {
    const root = document.documentElement.style;
    root.setProperty('--color-blue-100', '#dbeafe');
    root.setProperty('--color-orange-200', '#fed7aa');
    expect(rankFill(0, 8)).toBe('#fed7aa');
    expect(rankFill(7, 8)).toBe('#dbeafe');
    expect(rankFill(3, 8)).not.toMatch(/^#(fed7aa|dbeafe)$/);
  });
});

describe('cache grid layout', () => {
  it.each([
    [14, 8, 680, 430], [64, 8, 680, 430], [1, 10_000, 680, 430], [2048, 8, 680, 430], [1, 16, 300, 150], [4, 4, 200, 100],
  ])('%i sets × %i ways fits %i×%i and hit-tests back to every slot', (sets, ways, w, h) => {
    const l = gridLayout(sets, ways, w, h);
    expect(l.width).toBeLessThanOrEqual(w + 0.5);
    expect(l.height).toBeLessThanOrEqual(h + 0.5);
    for (const set of [0, Math.floor(sets / 2), sets - 1]) {
      for (const way of [0, Math.floor(ways / 2), ways - 1]) {
        const p = cellPos(l, set, way);
        expect(hitTest(l, sets, ways, p.x + l.cw / 2, p.y + l.ch / 2)).toEqual({ set, way });
      }
    }
  });
  it('gives a small cache cells big enough for a QPN in text', () => {
    expect(gridLayout(14, 8, 680, 430).text).toBe(true);
    expect(gridLayout(1, 10_000, 680, 430).text).toBe(false);
  });
  it('finds the slot a flashed access landed in', () => {
    const g = { ways: 4, qpn: Int32Array.from([5, 9, -1, -1, 7, 3, 11, -1]) } as unknown as CacheGrid;
    expect(slotOfAccess(g, { n: 1, qpn: 3, set: 1, code: 0, victim: -1, bypass: false })).toBe(5);
    expect(slotOfAccess(g, { n: 1, qpn: 4, set: 1, code: 1, victim: -1, bypass: false })).toBe(-1);
  });
});

describe('words for screen readers and captions', () => {
  const pt = (tNs: number, hitRate: number): SeriesPoint => ({ packets: tNs, tNs, hitRate, mops: 1, latencyNs: 1, engineWaitNs: 0, evictionsPerOp: 0, writebacksPerOp: 0 });
  it('a chart states its latest value and range', () => {
    const s = chartSummary('Hit rate', [{ name: 'live', color: '#000', points: [pt(0, 0.9), pt(1000, 0.2)] }], (p) => p.hitRate, (v) => pct(v, 0));
    expect(s).toContain('now 20%');
    expect(s).toContain('range 20% to 90%');
  });
  it('the compare strip signs the differences and names the winner', () => {
    const side = (hitRate: number, m: number) => ({ readout: { hitRate, mops: m, valid: true } });
    const d = diffText({ a: side(0.6, 2), b: side(0.5, 1.5) } as unknown as CompareFrame);
    expect(d.hit).toBe('−10.0 pp');
    expect(d.thr).toBe('−0.50 Mops (−25%)');
    expect(d.verdict).toBe('A is faster');
  });
  it('the waterfall and the race say what happened in words', () => {
    const m: MissDetail = { n: 5, qpn: 255, code: 3, victim: 16, latencyNs: 845, hitLatencyNs: 91, measured: true, parts: [
      { id: 'lookup', label: 'Lookup', startNs: 0, ns: 91, critical: true, note: '' },
      { id: 'fetch', label: 'PCIe read', startNs: 91, ns: 750, critical: true, note: '' },
      { id: 'writeback', label: 'Write-back 0x10', startNs: 91, ns: 750, critical: false, note: '' },
    ] };
    expect(waterfallSummary(m)).toMatch(/Miss of QP 0xff: 845 ns .*a hit takes 91\.0 ns.*Alongside: Write-back 0x10/);
    const t = { torn: true, config: { protection: 'none' }, fields: [{ name: 'state', seen: 'RTS', from: 'new' }], readerCycles: 4, readerOverheadCycles: 0, retries: 0, writerCycles: 16 } as unknown as RaceTrace;
    expect(raceSummary(t)).toMatch(/^Torn read with none: the pipeline saw state = RTS \(new\)/);
  });
});

describe('the memory readouts say what they show (issue 17)', () => {
  it('below the cache size a set-associative cache says it still evicts (set conflicts), where the slider says "drag past it"', () => {
    expect(qpsNote({ qps: 93, entries: 112, ways: 8 })).toMatch(/14 sets of 8.*set conflicts/);
    expect(qpsNote({ qps: 93, entries: 112, ways: 8 })).not.toMatch(/drag past it/);
    expect(qpsNote({ qps: 631, entries: 112, ways: 8 })).toMatch(/past it, lookups must miss/);
    expect(qpsNote({ qps: 93, entries: 112, ways: 0 })).toBe('cache holds 112 (amber tick): drag past it');
    // While a question masks the hit rate or the evictions, the note names the shape, not the answer (caching/conflicts).
    expect(qpsNote({ qps: 93, entries: 112, ways: 8 }, true)).toBe('cache holds 112 in 14 sets of 8 (amber tick)');
  });

  it('the engine card names the engine\'s wait, apart from the in-flight queueing the latency card adds', () => {
    expect(engineWaitText(true, 0)).toBe('no wait for the engine');
    expect(engineWaitText(true, 0)).not.toMatch(/queueing/);
    expect(engineWaitText(true, 120)).toBe('engine wait 120 ns/pkt');
  });
});
