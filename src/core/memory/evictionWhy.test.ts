// The eviction "why?": for every policy, on random traces with pinned and in-flight lines, the
// record the cache captures names the victim the cache evicted, the order the policy's own view
// showed just before the miss (victim first, runners-up next, lines passed over counted), the
// stamps a separate bookkeeping of the trace gives, and a chain that says so in words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from '../kit/rng.ts';
import { POLICY_IDS, QpcCache, type CacheConfig, type PolicyId, type SlotView } from './cache.ts';
import { evictionChain, stampText } from './evictionChain.ts';
import { lookupStamp, type EvictionWhy } from './evictionWhy.ts';

interface Book { filledAt: number; lastUse: number; count: number; dirty: boolean }

/** The order the policy's view gives a set, next victim first (QPNs), and the list 2Q takes it from. */
function expectedOrder(c: QpcCache, set: number, slots: SlotView[], blocked: (q: number) => boolean): { order: number[]; skipped: number; rule?: Partial<EvictionWhy['rule']> } | null {
  const ps = c.view(set, 1).policyState;
  const cut = (xs: number[]) => { const i = xs.findIndex((q) => !blocked(q)); return { order: xs.slice(i), skipped: i }; };
  switch (ps.kind) {
    case 'lru': return cut([...ps.sets[0].mruToLru].reverse());
    case 'fifo': return cut(ps.sets[0].oldestFirst);
    case 'lfu': return cut(ps.sets[0].victimOrder.map((e) => e.qpn));
    case '2q': {
      const { a1in, am } = ps.sets[0];
      const over = a1in.length > ps.kin;
      const first = over ? a1in : am;
      const second = over ? am : a1in;
      const fellBack = first.every(blocked);
      const r = cut(fellBack ? second : first);
      return { order: r.order, skipped: r.skipped + (fellBack ? first.length : 0), rule: { kind: '2q', list: (fellBack ? !over : over) ? 'a1in' : 'am', a1in: a1in.length, kin: ps.kin, fellBack } };
    }
    case 'clock': {
      const { handWay, refBits } = ps.sets[0];
      const ways = refBits.length;
      const bits = [...refBits];
      const chances: number[] = [];
      let skipped = 0;
      for (let k = 0; k < 2 * ways; k++) {
        const w = (handWay + k) % ways;
        const q = slots[w].qpn;
        if (blocked(q)) { if (k < ways) skipped++; continue; }
        if (bits[w] === 1) { bits[w] = 0; if (k < ways) chances.push(q); continue; }
        return { order: [q], skipped, rule: { kind: 'clock', handFrom: handWay, secondChances: chances as never } };
      }
      return null;
    }
    case 'random': return null;
  }
}

function run(policy: PolicyId, cfg: Omit<CacheConfig, 'policy'>, seed: number, steps: number, track = true): { whys: EvictionWhy[]; victims: number[] } {
  const c = new QpcCache({ ...cfg, policy }, new Rng(seed), { track });
  c.captureWhy = true;
  const r = new Rng(seed + 1);
  const book = new Map<number, Book>();
  const inFlight = new Set<number>();
  const pinned = new Set(cfg.pinned ?? []);
  const blocked = (q: number) => pinned.has(q) || ((cfg.inFlight ?? 'pin') === 'pin' && inFlight.has(q));
  const whys: EvictionWhy[] = [];
  const victims: number[] = [];
  for (let i = 1; i <= steps; i++) {
    const q = 0x100 + r.int(0, 23);
    const write = r.int(0, 2) === 0;
    const set = c.setOf(q);
    const slots = c.view(set, 1).slots;
    const exp = c.has(q) ? null : expectedOrder(c, set, slots, blocked);
    c.stamp = lookupStamp(i);
    c.access(q, write);
    const b = book.get(q);
    if (!track) expect(c.lastWhy).toBeNull();
    if (c.lastVictim >= 0 && !track) { victims.push(c.lastVictim); book.delete(c.lastVictim); }
    else if (c.lastVictim >= 0) {
      victims.push(c.lastVictim);
      const w = c.lastWhy!;
      expect(w, `eviction at ${i} has a record`).not.toBeNull();
      whys.push(w);
      const vb = book.get(c.lastVictim)!;
      expect(w).toMatchObject({ policy, set, ways: c.ways, sets: c.sets, incoming: { qpn: q, stamp: lookupStamp(i) } });
      expect(w.victim).toMatchObject({ qpn: c.lastVictim, filledAt: vb.filledAt, lastUse: vb.lastUse, dirty: vb.dirty, inFlight: inFlight.has(c.lastVictim) });
      expect(slots[w.victim.way].qpn).toBe(c.lastVictim);
      if (policy === 'lfu') expect(w.victim.count).toBe(vb.count);
      for (const n of w.next) expect(n).toMatchObject({ filledAt: book.get(n.qpn)!.filledAt, lastUse: book.get(n.qpn)!.lastUse });
      if (exp) {
        expect(exp.order[0], `policy order at ${i}`).toBe(c.lastVictim);
        expect(w.skipped).toBe(exp.skipped);
        if (w.rule.kind !== 'clock') expect(w.next.map((n) => n.qpn)).toEqual(exp.order.slice(1).filter((x) => !blocked(x)).slice(0, 3));
        if (exp.rule?.kind === 'clock') expect({ ...w.rule, secondChances: (w.rule as { secondChances: { qpn: number }[] }).secondChances.map((l) => l.qpn) }).toEqual(exp.rule);
        else if (exp.rule) expect(w.rule).toMatchObject(exp.rule);
      }
      const others = slots.filter((s) => s.qpn >= 0 && s.qpn !== c.lastVictim && !blocked(s.qpn)).map((s) => book.get(s.qpn)!);
      // What each rule says of the victim, checked against the separate bookkeeping.
      if (policy === 'lru') for (const o of others) expect(vb.lastUse).toBeLessThan(o.lastUse);
      if (policy === 'fifo') for (const o of others) expect(vb.filledAt).toBeLessThan(o.filledAt);
      if (policy === 'lfu') for (const o of others) expect(vb.count < o.count || (vb.count === o.count && vb.lastUse < o.lastUse)).toBe(true);
      if (w.rule.kind === 'random') {
        const ways = slots.map((s) => s.qpn);
        let k = w.rule.drawnWay;
        let skipped = 0;
        while (blocked(ways[k])) { k = (k + 1) % ways.length; skipped++; }
        expect([k, skipped]).toEqual([w.victim.way, w.skipped]);
      }
      book.delete(c.lastVictim);
    }
    if (b) { b.lastUse = lookupStamp(i); b.count++; b.dirty ||= write; } else if (c.has(q)) book.set(q, { filledAt: lookupStamp(i), lastUse: lookupStamp(i), count: 1, dirty: write });
    // Work goes in flight and comes back, so some lines may not leave for a while.
    if (r.int(0, 3) === 0) { inFlight.add(q); c.setInFlight(q, true); }
    if (inFlight.size > 0 && r.int(0, 2) === 0) { const x = [...inFlight][0]; inFlight.delete(x); c.setInFlight(x, false); }
  }
  return { whys, victims };
}

const GEOMETRIES: Array<[string, Omit<CacheConfig, 'policy'>]> = [
  ['8 entries, 4 ways, one pinned', { entries: 8, ways: 4, pinned: [0x102] }],
  ['fully associative 6, in-flight pinned', { entries: 6, ways: 0, inFlight: 'pin' }],
  ['8 entries, 2 ways, write-back-refetch', { entries: 8, ways: 2, inFlight: 'writeback-refetch' }],
];

describe.each(POLICY_IDS)('eviction why? under %s', (policy) => {
  it.each(GEOMETRIES)('%s: each record matches the cache, the policy view and the trace (fast-check seed 41)', (_g, cfg) => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
      const { whys } = run(policy, cfg, seed, 200);
      expect(whys.length).toBeGreaterThan(0);
      return true;
    }), { seed: 41, numRuns: 3 });
  });

  it('the chain names the miss, the rule, the victim\'s deciding access and what leaving cost', () => {
    const { whys } = run(policy, GEOMETRIES[0][1], 7, 400);
    for (const w of whys) {
      const chain = evictionChain(w);
      const text = chain.map((x) => x.text).join('\n');
      expect(chain[0]).toMatchObject({ id: 'miss', stamp: w.incoming.stamp });
      expect(chain[0].text).toContain(`Packet #${w.incoming.stamp / 2}'s lookup of 0x${w.incoming.qpn.toString(16)} missed, and set ${w.set} (4 ways, chosen by the QPN's lowest bit) was full`);
      expect(text).toContain(`0x${w.victim.qpn.toString(16)} leaves way ${w.victim.way}`);
      const access = chain.find((x) => x.id === 'access')!;
      const deciding = policy === 'fifo' || (w.rule.kind === '2q' && w.rule.list === 'a1in') ? w.victim.filledAt : w.victim.lastUse;
      expect(access.stamp).toBe(deciding);
      expect(access.text).toContain(stampText(deciding));
      const word = { lru: 'LRU evicts', fifo: 'FIFO evicts', lfu: 'LFU evicts', clock: "CLOCK's hand", '2q': '2Q: A1in', random: 'seeded draw' }[policy];
      expect(chain.find((x) => x.id === 'rule')!.text).toContain(word);
      expect(text).toContain(w.victim.inFlight ? 'in flight' : w.victim.dirty ? 'dirty' : 'clean');
      if (w.skipped > 0) expect(chain.some((x) => x.id === 'passed')).toBe(true);
    }
  });

  it('keeping stamps and records changes no decision (the same victims as an untracked cache, which records nothing)', () => {
    for (const [, cfg] of GEOMETRIES) {
      const tracked = run(policy, cfg, 3, 300).victims;
      expect(tracked.length).toBeGreaterThan(0);
      expect(run(policy, cfg, 3, 300, false).victims).toEqual(tracked);
    }
  });
});
