// The cache as typed arrays for the canvas grid (one entry per slot), plus the chosen set's
// policy state as a readable list. Built from QpcCache.view(); nothing here changes the cache.
import type { PolicyView, QpcCache } from '../../core/memory/index.ts';
import type { CacheGrid, PolicySetView } from './types.ts';

const SHOW = 48; // longest list sent for one set; the middle is elided

export function buildGrid(cache: QpcCache, selectedSet: number, seq: number): CacheGrid {
  const v = cache.view(0, cache.sets);
  const n = v.entries;
  const qpn = new Int32Array(n);
  const flags = new Uint8Array(n);
  const rank = new Int32Array(n).fill(-1);
  const aux = new Int32Array(n);
  const slotOf = new Map<number, number>();
  for (const s of v.slots) {
    qpn[s.slot] = s.qpn;
    flags[s.slot] = (s.dirty ? 1 : 0) | (s.pinned ? 2 : 0) | (s.inFlight ? 4 : 0);
    if (s.qpn >= 0) slotOf.set(s.qpn, s.slot);
  }
  const ps = v.policyState;
  let hands = new Int32Array(0);
  const put = (q: number, r: number, a = 0) => {
    const slot = slotOf.get(q);
    if (slot !== undefined) { rank[slot] = r; aux[slot] = a; }
  };
  switch (ps.kind) {
    case 'lru': ps.sets.forEach((s) => { const L = s.mruToLru.length; s.mruToLru.forEach((q, i) => put(q, L - 1 - i)); }); break;
    case 'fifo': ps.sets.forEach((s) => s.oldestFirst.forEach((q, i) => put(q, i))); break;
    case 'lfu': ps.sets.forEach((s) => s.victimOrder.forEach((e, i) => put(e.qpn, i, e.count))); break;
    case 'clock':
      hands = new Int32Array(ps.sets.length);
      ps.sets.forEach((s, set) => {
        hands[set] = s.handWay;
        const ways = s.refBits.length;
        s.refBits.forEach((bit, way) => {
          const slot = set * ways + way;
          aux[slot] = bit;
          // Distance the hand must travel to reach this way: a rough victim order (second chance aside).
          if (qpn[slot] >= 0) rank[slot] = (way - s.handWay + ways) % ways + (bit ? ways : 0);
        });
      });
      break;
    case '2q': ps.sets.forEach((s) => {
      const inFirst = s.a1in.length > ps.kin;
      const first = inFirst ? s.a1in : s.am;
      const second = inFirst ? s.am : s.a1in;
      first.forEach((q, i) => put(q, i, inFirst ? 0 : 1));
      second.forEach((q, i) => put(q, first.length + i, inFirst ? 1 : 0));
    }); break;
    case 'random': break;
  }
  const sel = Math.max(0, Math.min(v.sets - 1, selectedSet));
  return {
    seq, entries: n, sets: v.sets, ways: v.ways, policy: v.policy, qpn, flags, rank, aux, hands,
    selected: policySet(ps, sel, qpn, v.ways), lastVictim: v.lastVictim,
  };
}

function elide<T>(xs: T[]): { items: T[]; hidden: number } {
  if (xs.length <= SHOW) return { items: xs, hidden: 0 };
  const half = SHOW / 2;
  return { items: [...xs.slice(0, half), ...xs.slice(xs.length - half)], hidden: xs.length - SHOW };
}

export function policySet(ps: PolicyView, set: number, qpn: Int32Array, ways: number): PolicySetView {
  switch (ps.kind) {
    case 'lru': { const e = elide([...ps.sets[set].mruToLru].reverse()); return { kind: 'lru', set, order: e.items, hidden: e.hidden }; }
    case 'fifo': { const e = elide(ps.sets[set].oldestFirst); return { kind: 'fifo', set, order: e.items, hidden: e.hidden }; }
    case 'lfu': { const e = elide(ps.sets[set].victimOrder); return { kind: 'lfu', set, order: e.items, hidden: e.hidden }; }
    case 'clock': {
      const s = ps.sets[set];
      const base = set * ways;
      const bits = elide(s.refBits);
      const q = elide(Array.from(qpn.subarray(base, base + ways)));
      return { kind: 'clock', set, hand: s.handWay, refBits: bits.items, qpns: q.items };
    }
    case '2q': {
      const s = ps.sets[set];
      const a = elide(s.a1in), b = elide(s.am), c = elide(s.a1out);
      return { kind: '2q', set, a1in: a.items, am: b.items, a1out: c.items, kin: ps.kin, kout: ps.kout, hidden: a.hidden + b.hidden + c.hidden };
    }
    case 'random': return { kind: 'random', set, note: ps.note };
  }
}
