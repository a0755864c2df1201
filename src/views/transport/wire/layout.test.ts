import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { colourTokens } from '../../kit/darkPalette.ts';
import { contrast, parseColour } from '../../kit/colour.ts';
import type { PacketView } from '../../../worker/transport/types.ts';
import { OP_STYLES } from '../format.ts';
import { LANE_MIN_H, layoutWire, lanesFitting, phaseAt, type Box, type WireLayout } from './layout.ts';
import { laneIndex, pairOf, pairsFromGrid, planLanes, type PairSpec } from './lanes.ts';
import type { QpGridView } from '../../../worker/transport/types.ts';

const OPS = ['SEND_ONLY', 'SEND_FIRST', 'SEND_MIDDLE', 'RDMA_WRITE_LAST', 'RDMA_READ_REQUEST', 'RDMA_READ_RESPONSE_ONLY', 'ACKNOWLEDGE', 'COMPARE_SWAP'] as const;
const SYNDROMES = [undefined, 'ACK', 'NAK_PSN', 'RNR_NAK', 'NAK_REM_ACCESS'] as const;

const intersects = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Every box the layout placed: lane labels and pills/groups. */
const boxes = (l: WireLayout): Box[] => [...l.lanes.map((x) => x.labelBox), ...l.items.map((x) => x.box)];

/** Random traffic between two hosts over `pairs` connected pairs (QPNs 0x100+i on A, 0x200+i on B), plus stray UD lanes. */
function world() {
  return fc.record({
    pairs: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 600 })),
    width: fc.integer({ min: 120, max: 900 }),
    height: fc.integer({ min: 40, max: 400 }),
    t: fc.integer({ min: 0, max: 20_000 }),
    sel: fc.option(fc.integer({ min: 0, max: 700 }), { nil: null }),
    lostLinger: fc.integer({ min: 60, max: 20_000 }),
    arriveLinger: fc.integer({ min: 60, max: 5_000 }),
    raw: fc.array(fc.record({
      pair: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 700 })),
      back: fc.boolean(),
      op: fc.constantFrom(...OPS),
      syndrome: fc.constantFrom(...SYNDROMES),
      psn: fc.integer({ min: 0, max: 0xffffff }),
      ago: fc.integer({ min: -1_000, max: 8_000 }),
      flight: fc.integer({ min: 1, max: 4_000 }),
      drop: fc.boolean(),
    }), { maxLength: 400 }).chain((xs) => fc.constantFrom(xs, xs.slice(0, 6))),
  });
}

function build(w: ReturnType<typeof world> extends fc.Arbitrary<infer T> ? T : never) {
  const pairs: PairSpec[] = Array.from({ length: w.pairs }, (_, i) => pairOf({ host: 0, qpn: 0x100 + i }, { host: 1, qpn: 0x200 + i }));
  const packets: PacketView[] = w.raw.map((r, id) => {
    const a = { host: 0, qpn: 0x100 + r.pair }, b = { host: 1, qpn: 0x200 + r.pair };
    const [s, d] = r.back ? [b, a] : [a, b];
    return {
      id, src: s.host, dst: d.host, srcQpn: s.qpn, dstQpn: d.qpn, op: r.op, psn: r.psn, bytes: 1024,
      start: w.t - r.ago, arrive: w.t - r.ago + r.flight, drop: r.drop && id % 5 === 0 ? 'fault: dropped on the wire' : undefined,
      syndrome: r.op === 'ACKNOWLEDGE' ? r.syndrome : undefined,
    };
  });
  const selected = w.sel === null ? null : { host: w.sel % 2, qpn: (w.sel % 2 ? 0x200 : 0x100) + w.sel };
  const lanes = planLanes(pairs, packets, selected, lanesFitting(w.height));
  const layout = layoutWire({ lanes, packets, t: w.t, width: w.width, height: Math.max(w.height, lanes.length * LANE_MIN_H), lostLingerNs: w.lostLinger, arriveLingerNs: w.arriveLinger });
  return { pairs, packets, lanes, layout, selected };
}

describe('wire layout', () => {
  const pkt = (over: Partial<PacketView>): PacketView => ({ id: 1, src: 0, dst: 1, srcQpn: 0x100, dstQpn: 0x200, op: 'SEND_ONLY', psn: 7, bytes: 100, start: 1000, arrive: 2000, ...over });
  const pair = [pairOf({ host: 0, qpn: 0x100 }, { host: 1, qpn: 0x200 })];
  const place = (ps: PacketView[], t: number, lost = 60, arrive = 60) => layoutWire({ lanes: planLanes(pair, ps, null, 4), packets: ps, t, width: 208, height: 160, lostLingerNs: lost, arriveLingerNs: arrive });
  const cx = (l: WireLayout) => l.items[0].box.x + l.items[0].box.w / 2;

  it('places a packet by (t − start)/(arrive − start) along its own lane, mirrored for the other direction', () => {
    expect(cx(place([pkt({})], 1500))).toBeCloseTo(104);
    expect(cx(place([pkt({})], 1250))).toBeCloseTo(54);
    const back = place([pkt({ src: 1, dst: 0, srcQpn: 0x200, dstQpn: 0x100 })], 1250);
    expect(cx(back)).toBeCloseTo(154);
    expect(back.items[0].lane).toBe(1);
    expect(back.items[0]).toMatchObject({ kind: 'pill', line1: 'SEND', line2: '7' });
  });

  it('stops a lost packet at mid-wire, hollow with ✕, until its linger ends', () => {
    const l = place([pkt({ drop: 'fault' })], 1900, 1000);
    expect(cx(l)).toBeCloseTo(104);
    expect(l.items[0]).toMatchObject({ kind: 'pill', phase: 'lost', line1: '✕ SEND', dashed: true });
    expect(place([pkt({ drop: 'fault' })], 3000, 1000).items).toHaveLength(0);
  });

  it('keeps only the latest arrival of a lane at the receiver', () => {
    const mk = (id: number, arrive: number): PacketView => pkt({ id, psn: id, start: arrive - 500, arrive });
    const l = place([mk(2, 1000), mk(4, 1100), mk(6, 1200)], 1300, 60, 1000);
    expect(l.items.map((it) => (it.kind === 'pill' ? it.p.id : -1))).toEqual([6]);
    expect([2, 4].map((id) => l.fate.get(id))).toEqual(['gone', 'gone']);
  });

  it('no two placed boxes intersect: lane labels, pills and group pills (seed 9001)', () => {
    let groups = 0, pills = 0;
    fc.assert(fc.property(world(), (w) => {
      const { layout } = build(w);
      groups += layout.items.filter((x) => x.kind === 'group').length;
      pills += layout.items.filter((x) => x.kind === 'pill').length;
      const all = boxes(layout);
      for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
        if (intersects(all[i], all[j])) throw new Error(`boxes ${i} and ${j} intersect: ${JSON.stringify(all[i])} ${JSON.stringify(all[j])}`);
      }
      for (const it of layout.items) {
        expect(it.box.x).toBeGreaterThanOrEqual(layout.trackL - 1e-9);
        expect(it.box.x + it.box.w).toBeLessThanOrEqual(layout.trackR + 1e-9);
      }
    }), { seed: 9001, numRuns: 250 });
    // The runs did exercise both: lone pills and crowds merged into groups.
    expect(groups).toBeGreaterThan(50);
    expect(pills).toBeGreaterThan(100);
  });

  it('every packet on the wire is drawn or counted in a group; only finished ones are gone (seed 9002)', () => {
    fc.assert(fc.property(world(), (w) => {
      const { packets, lanes, layout } = build(w);
      const laneOf = laneIndex(lanes);
      const counted = new Map<number, number>();
      for (const it of layout.items) for (const p of it.kind === 'pill' ? [it.p] : it.packets) counted.set(p.id, (counted.get(p.id) ?? 0) + 1);
      // Lanes' latest arrival, computed independently of the layout.
      const latest = new Map<number, PacketView>();
      for (const p of packets) {
        const at = phaseAt(p, w.t, w.lostLinger, w.arriveLinger);
        if (at?.phase !== 'arrived') continue;
        const cur = latest.get(laneOf(p));
        if (!cur || p.arrive > cur.arrive || (p.arrive === cur.arrive && p.id > cur.id)) latest.set(laneOf(p), p);
      }
      for (const p of packets) {
        const at = phaseAt(p, w.t, w.lostLinger, w.arriveLinger);
        const shown = counted.get(p.id) ?? 0;
        expect(shown).toBeLessThanOrEqual(1);
        const mustShow = at !== null && (at.phase !== 'arrived' || latest.get(laneOf(p)) === p);
        expect(shown, `packet ${p.id} (${at?.phase ?? 'off the wire'})`).toBe(mustShow ? 1 : 0);
        expect(layout.fate.get(p.id)).toBe(mustShow ? (layout.items.find((it) => it.kind === 'pill' && it.p === p) ? 'pill' : 'group') : 'gone');
      }
    }), { seed: 9002, numRuns: 250 });
  });

  it('gives each pair and direction its own lane while they fit, else keeps the selected pair and aggregates by direction (seed 9003)', () => {
    fc.assert(fc.property(world(), (w) => {
      const { pairs, lanes, selected } = build(w);
      const fit = lanesFitting(w.height);
      expect(lanes.length).toBeLessThanOrEqual(fit);
      if (2 * pairs.length <= fit && lanes.every((l) => l.rest === undefined)) {
        expect(new Set(lanes.map((l) => l.key)).size).toBe(lanes.length);
        return;
      }
      const rest = lanes.filter((l) => l.rest !== undefined);
      const total = lanes.length - rest.length + rest.reduce((n, l) => n + (l.rest ?? 0), 0);
      expect(total).toBeGreaterThanOrEqual(2 * pairs.length);
      const mine = selected && pairs.some((p) => (p.a.host === selected.host && p.a.qpn === selected.qpn) || (p.b.host === selected.host && p.b.qpn === selected.qpn));
      if (mine && fit >= 4) expect(lanes.filter((l) => l.mine && l.rest === undefined)).toHaveLength(2);
    }), { seed: 9003, numRuns: 250 });
  });

  it('the sandbox (two pairs) gets four labelled lanes at 1280×720 wire size', () => {
    const pairs = [pairOf({ host: 0, qpn: 0x100 }, { host: 1, qpn: 0x200 }), pairOf({ host: 1, qpn: 0x201 }, { host: 0, qpn: 0x101 })];
    const lanes = planLanes(pairs, [], { host: 0, qpn: 0x100 }, lanesFitting(170));
    expect(lanes.map((l) => l.label)).toEqual(['A·0x100 → B·0x200', 'A·0x100 ← B·0x200', 'A·0x101 → B·0x201', 'A·0x101 ← B·0x201']);
    expect(lanes.map((l) => l.mine)).toEqual([true, true, false, false]);
  });

  it('500 pairs in a short wire: the selected pair, then one lane per direction for the other 499', () => {
    const pairs = Array.from({ length: 500 }, (_, i) => pairOf({ host: 0, qpn: 0x100 + i }, { host: 1, qpn: 0x400 + i }));
    const lanes = planLanes(pairs, [], { host: 1, qpn: 0x405 }, lanesFitting(170));
    expect(lanes.map((l) => l.label)).toEqual(['A·0x105 → B·0x405', 'A·0x105 ← B·0x405', 'A → B · 499 other connections', 'A ← B · 499 other connections']);
  });

  const light = colourTokens(readFileSync('node_modules/tailwindcss/theme.css', 'utf8'));
  const themes = { light, dark: { ...light, ...colourTokens(readFileSync('src/dark.css', 'utf8')) } };
  it.each(Object.keys(themes))('PSNs and op names are legible, %s theme: every pill text colour has a contrast of at least 4.5:1 with its fill', (theme) => {
    const tokens = themes[theme as keyof typeof themes];
    const rgb = (v: string) => {
      const m = /^var\(--color-([\w-]+)\)$/.exec(v);
      if (!m || !tokens[m[1]]) throw new Error(`not a palette token: ${v}`);
      return parseColour(tokens[m[1]]);
    };
    const ratio = (a: string, b: string) => contrast(rgb(a), rgb(b));
    const pairs = [pairOf({ host: 0, qpn: 1 }, { host: 1, qpn: 2 })];
    const packets: PacketView[] = [];
    let id = 0;
    for (const op of OPS) for (const syndrome of SYNDROMES) for (const drop of [undefined, 'lost']) {
      for (const start of [0, -5000]) packets.push({ id: id++, src: 0, dst: 1, srcQpn: 1, dstQpn: 2, op, psn: 7, bytes: 1, start, arrive: start + 2000, drop, syndrome: op === 'ACKNOWLEDGE' ? syndrome : undefined });
    }
    const seen = new Set<string>();
    for (const p of packets) {
      const lanes = planLanes(pairs, [p], null, 4);
      const l = layoutWire({ lanes, packets: [p], t: 1000, width: 400, height: 160, lostLingerNs: 1e9, arriveLingerNs: 1e9 });
      for (const it of l.items) { seen.add(`${it.fill}/${it.text}`); expect(ratio(it.fill, it.text), `${it.line1} ${it.fill} on ${it.text}`).toBeGreaterThanOrEqual(4.5); }
    }
    for (const s of Object.values(OP_STYLES)) expect(ratio(s.fill, s.text), s.key).toBeGreaterThanOrEqual(4.5);
    expect(ratio('var(--color-slate-600)', 'var(--color-white)')).toBeGreaterThanOrEqual(4.5);
    expect(seen.size).toBeGreaterThan(5);
  });

  it('pairs from the grid follow every change of a connection, frame after frame (a cached list is never stale)', () => {
    // n QPs on host A (0x100 + i), n on host B (0x400 + i); A's QP i connected to B's QP peerOf(i).
    const grid = (n: number, peerOf: (i: number) => number, gone = -1): QpGridView => {
      const m = 2 * n;
      const g: QpGridView = {
        n: m, host: new Uint8Array(m), qpn: new Uint32Array(m), lc: new Uint8Array(m), states: [], type: new Uint8Array(m), flags: new Uint8Array(m),
        peerHost: new Int16Array(m).fill(-1), peerQpn: new Int32Array(m).fill(-1), sq: new Uint16Array(m), rq: new Uint16Array(m), sqDepth: new Uint16Array(m), rqDepth: new Uint16Array(m),
      };
      for (let i = 0; i < n; i++) {
        g.qpn[i] = 0x100 + i;
        g.host[n + i] = 1;
        g.qpn[n + i] = 0x400 + i;
        const j = peerOf(i);
        if (j >= 0) { g.peerHost[i] = 1; g.peerQpn[i] = 0x400 + j; }
      }
      if (gone >= 0) g.flags[gone] = 8;
      return g;
    };
    const names = (ps: PairSpec[]) => ps.map((p) => `${p.a.qpn.toString(16)}-${p.b.qpn.toString(16)}`);
    const a = pairsFromGrid(grid(500, (i) => i));
    expect(a).toHaveLength(500);
    // The same connections in a new frame: the very same list.
    expect(pairsFromGrid(grid(500, (i) => i))).toBe(a);
    // One QP reconnected, one not connected any more, one destroyed: each is seen.
    expect(names(pairsFromGrid(grid(500, (i) => (i === 7 ? 9 : i))))).toContain('107-409');
    expect(pairsFromGrid(grid(500, (i) => (i === 3 ? -1 : i)))).toHaveLength(499);
    expect(pairsFromGrid(grid(500, (i) => i, 42))).toHaveLength(499);
    expect(pairsFromGrid(grid(499, (i) => i))).toHaveLength(499);
  });
});
