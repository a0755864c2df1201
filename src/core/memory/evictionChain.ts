// The "why?" of one eviction as a chain a person reads, root first: the miss that needed a slot,
// the rule of the policy in force, what that rule saw in the victim (the access that made it the
// victim), who was next in line, and what leaving cost. Every number and name comes from the
// EvictionWhy record the cache captured when it chose the victim.
import type { EvictionWhy, WhyLine } from './evictionWhy.ts';

export type EvictionStepId = 'miss' | 'passed' | 'rule' | 'access' | 'next' | 'leaves';
export interface EvictionStep { id: EvictionStepId; text: string; /** The instant the step is about (a use stamp). */ stamp?: number }

const hex = (q: number) => `0x${q.toString(16)}`;
// Thousands separated by commas without Intl (the core does not depend on locale data), as the page's int() writes them.
const num = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const s = (n: number, one: string, many = `${one}s`) => `${num(n)} ${n === 1 ? one : many}`;

/** A use stamp in words: a packet's lookup (even) or an earlier packet's completion write (odd). */
export function stampText(stamp: number): string {
  if (stamp < 0) return 'before the record began';
  const p = Math.floor(stamp / 2);
  return stamp % 2 === 0 ? `packet #${num(p)}'s lookup` : `a completion write during packet #${num(p)}`;
}

function nextText(w: EvictionWhy, l: WhyLine): string {
  switch (w.policy) {
    case 'fifo': return `${hex(l.qpn)} (filled at ${stampText(l.filledAt)})`;
    case 'lfu': return `${hex(l.qpn)} (used ${s(l.count ?? 0, 'time')}, last at ${stampText(l.lastUse)})`;
    case '2q': return w.rule.kind === '2q' && w.rule.list === 'a1in' ? `${hex(l.qpn)} (filled at ${stampText(l.filledAt)})` : `${hex(l.qpn)} (last used at ${stampText(l.lastUse)})`;
    default: return `${hex(l.qpn)} (last used at ${stampText(l.lastUse)})`;
  }
}

function ruleAndAccess(w: EvictionWhy): [string, EvictionStep] {
  const v = w.victim;
  const V = hex(v.qpn);
  const r = w.rule;
  switch (r.kind) {
    case 'lru':
      return ['LRU evicts the evictable line used least recently.',
        { id: 'access', stamp: v.lastUse, text: `What made ${V} the victim: its last use, ${stampText(v.lastUse)}; every other evictable line of the set was used after it.` }];
    case 'fifo':
      return ['FIFO evicts the line filled longest ago; a hit does not move a line.',
        { id: 'access', stamp: v.filledAt, text: `What made ${V} the victim: its fill, at ${stampText(v.filledAt)}, the oldest fill among the evictable lines. ${v.lastUse > v.filledAt ? `It was used again at ${stampText(v.lastUse)}, which FIFO does not count.` : 'It was not used again after its fill.'}` }];
    case 'lfu':
      return ['LFU evicts the evictable line used the fewest times since its fill (the fill counts as one); a tie goes to the line that reached the count first.',
        { id: 'access', stamp: v.lastUse, text: `What made ${V} the victim: it was used ${s(v.count ?? 0, 'time')} since its fill at ${stampText(v.filledAt)}, no more than any other evictable line; its last use was ${stampText(v.lastUse)}.` }];
    case 'clock': {
      const k = r.secondChances.length;
      const list = k > 0 ? ` (${r.secondChances.slice(0, 6).map((l) => hex(l.qpn)).join(', ')}${k > 6 ? ', …' : ''})` : '';
      return [`CLOCK's hand started at way ${r.handFrom} and gave ${s(k, 'line')} a second chance${list}: it cleared each one's reference bit and moved on. At way ${v.way} the bit was already clear.`,
        { id: 'access', stamp: v.lastUse, text: `What made ${V} the victim: a clear bit means no use since the hand last cleared it; its last use was ${stampText(v.lastUse)}.` }];
    }
    case '2q': {
      const over = r.a1in > r.kin;
      const why = over ? `A1in (lines seen once since their fill) held ${s(r.a1in, 'line')}, over its target of ${num(r.kin)}` : `A1in held ${s(r.a1in, 'line')}, within its target of ${num(r.kin)}`;
      const from = r.list === 'a1in' ? "A1in's oldest line goes" : 'Am (lines that missed again while A1out still remembered them) gives up its least recently used line';
      const rule = `2Q: ${why}${r.fellBack ? `, but no line of ${over ? 'A1in' : 'Am'} could leave, so ${from}` : `, so ${from}`}.`;
      return [rule, r.list === 'a1in'
        ? { id: 'access', stamp: v.filledAt, text: `What made ${V} the victim: its fill at ${stampText(v.filledAt)}, the oldest in A1in; a hit in A1in does not promote a line (its last use: ${stampText(v.lastUse)}).` }
        : { id: 'access', stamp: v.lastUse, text: `What made ${V} the victim: its last use, ${stampText(v.lastUse)}, the least recent in Am.` }];
    }
    case 'random': {
      const walked = r.drawnWay !== v.way ? `; that way could not leave, so the walk moved on to way ${v.way}, the first that could` : '';
      return [`Random replacement: the seeded draw picked way ${r.drawnWay}${walked}.`,
        { id: 'access', stamp: v.lastUse, text: `No access made ${V} the victim: the draw does not look at use (its last use was ${stampText(v.lastUse)}).` }];
    }
  }
}

/** The chain, root first. */
export function evictionChain(w: EvictionWhy): EvictionStep[] {
  const v = w.victim;
  // The cache's own set rule (cache.ts setOf): low bits when the sets are a power of two, else the remainder.
  const pick = (w.sets & (w.sets - 1)) === 0 ? (Math.log2(w.sets) === 1 ? "the QPN's lowest bit" : `the QPN's low ${Math.log2(w.sets)} bits`) : `QPN mod ${num(w.sets)}`;
  const where = w.sets > 1 ? `set ${num(w.set)} (${s(w.ways, 'way')}, chosen by ${pick})` : `the cache (fully associative, ${s(w.ways, 'way')})`;
  const out: EvictionStep[] = [
    { id: 'miss', stamp: w.incoming.stamp, text: `${stampText(w.incoming.stamp).replace(/^./, (c) => c.toUpperCase())} of ${hex(w.incoming.qpn)} missed, and ${where} was full: one line had to leave for it.` },
  ];
  if (w.skipped > 0) out.push({ id: 'passed', text: `${s(w.skipped, 'line')} could not leave and ${w.skipped === 1 ? 'was' : 'were'} passed over: pinned, or in flight while in-flight lines are pinned.` });
  const [rule, access] = ruleAndAccess(w);
  out.push({ id: 'rule', text: rule }, access);
  if (w.next.length > 0) out.push({ id: 'next', text: `Next in line: ${w.next.map((l) => nextText(w, l)).join(', then ')}.` });
  const ghost = w.rule.kind === '2q' && w.rule.ghost ? ` Its QPN is remembered in A1out (a ghost, no data): a miss on it soon puts it into Am.` : '';
  const cost = v.inFlight ? 'it still had work in flight, so its context is written back and fetched again when that work returns'
    : v.dirty ? 'it was dirty, so its hardware-updated fields are written back to host memory before the slot refills'
      : 'it was clean, so it is dropped without a write-back';
  out.push({ id: 'leaves', text: `${hex(v.qpn)} leaves way ${v.way}: ${cost}.${ghost}` });
  return out;
}
