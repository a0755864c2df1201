// LFU: evict the evictable line with the fewest hits since it was filled; ties go to the line
// least recently touched. O(1) per access with frequency buckets (a sorted list of buckets per
// set, each bucket a list of lines in the order they reached that count), so it holds up at a
// million fully-associative entries. Counts restart at 1 on every fill (in-cache LFU): a QP that
// was hot once and went quiet keeps its slot until others out-count it - the lesson of LFU.
import type { Policy, PolicyView, SlotInfo } from '../cacheTypes.ts';
import { SlotLists, type SlotListsSnapshot } from './slotLists.ts';
import { blockedBefore, eligibleAfter, type PolicyReason } from '../evictionWhy.ts';

const NIL = -1;

interface LfuSnapshot {
  count: Uint32Array;
  slotBucket: Int32Array;
  bFreq: Uint32Array;
  bPrev: Int32Array;
  bNext: Int32Array;
  setFirst: Int32Array;
  freeB: Int32Array;
  freeTop: number;
  items: SlotListsSnapshot;
}

export class LfuPolicy implements Policy {
  readonly id = 'lfu' as const;
  private count: Uint32Array;
  private slotBucket: Int32Array;
  private bFreq: Uint32Array;
  private bPrev: Int32Array;
  private bNext: Int32Array;
  private setFirst: Int32Array;
  private freeB: Int32Array;
  private freeTop: number;
  private items: SlotLists; // one list per bucket

  constructor(private readonly info: SlotInfo) {
    const slots = info.sets * info.ways;
    const buckets = slots + info.sets + 1; // ≤ one non-empty bucket per line, +1 while moving
    this.count = new Uint32Array(slots);
    this.slotBucket = new Int32Array(slots).fill(NIL);
    this.bFreq = new Uint32Array(buckets);
    this.bPrev = new Int32Array(buckets).fill(NIL);
    this.bNext = new Int32Array(buckets).fill(NIL);
    this.setFirst = new Int32Array(info.sets).fill(NIL);
    this.freeB = new Int32Array(buckets);
    for (let i = 0; i < buckets; i++) this.freeB[i] = buckets - 1 - i;
    this.freeTop = buckets;
    this.items = new SlotLists(slots, buckets);
  }

  onInsert(slot: number, set: number): void {
    const first = this.setFirst[set];
    let b = first;
    if (first === NIL || this.bFreq[first] !== 1) {
      b = this.freeB[--this.freeTop];
      this.bFreq[b] = 1;
      this.bPrev[b] = NIL;
      this.bNext[b] = first;
      if (first !== NIL) this.bPrev[first] = b;
      this.setFirst[set] = b;
    }
    this.items.pushTail(b, slot);
    this.slotBucket[slot] = b;
    this.count[slot] = 1;
  }

  onHit(slot: number, set: number): void {
    const b = this.slotBucket[slot];
    const f = this.bFreq[b] + 1;
    let nb = this.bNext[b];
    if (nb === NIL || this.bFreq[nb] !== f) {
      const after = nb;
      nb = this.freeB[--this.freeTop];
      this.bFreq[nb] = f;
      this.bPrev[nb] = b;
      this.bNext[nb] = after;
      this.bNext[b] = nb;
      if (after !== NIL) this.bPrev[after] = nb;
    }
    this.items.remove(b, slot);
    this.items.pushTail(nb, slot);
    this.slotBucket[slot] = nb;
    this.count[slot] = f;
    if (this.items.len[b] === 0) this.dropBucket(set, b);
  }

  onRemove(slot: number, set: number): void {
    const b = this.slotBucket[slot];
    this.items.remove(b, slot);
    this.slotBucket[slot] = NIL;
    this.count[slot] = 0;
    if (this.items.len[b] === 0) this.dropBucket(set, b);
  }

  onReplace(slot: number, set: number): void {
    this.onRemove(slot, set);
    this.onInsert(slot, set);
  }

  victim(set: number): number {
    const { flags, blockMask } = this.info;
    for (let b = this.setFirst[set]; b !== NIL; b = this.bNext[b]) {
      const s = this.items.firstEligible(b, flags, blockMask);
      if (s !== NIL) return s;
    }
    return NIL;
  }

  /** Buckets run from the fewest uses up; inside one, lines in the order they reached that count (least recent first). */
  reason(set: number, victim: number): PolicyReason {
    const { flags, blockMask } = this.info;
    const vb = this.slotBucket[victim];
    let skipped = 0;
    for (let b = this.setFirst[set]; b !== NIL && b !== vb; b = this.bNext[b]) skipped += this.items.len[b];
    skipped += blockedBefore(this.items.head[vb], this.items.next, victim, flags, blockMask);
    const next = eligibleAfter(this.items.head[vb], this.items.next, victim, flags, blockMask, 3);
    for (let b = this.bNext[vb]; b !== NIL && next.length < 3; b = this.bNext[b]) next.push(...eligibleAfter(this.items.head[b], this.items.next, -1, flags, blockMask, 3 - next.length));
    return { next, skipped, counts: [victim, ...next].map((s) => this.count[s]), rule: { kind: 'lfu' } };
  }

  forget(): void {}

  private dropBucket(set: number, b: number): void {
    const p = this.bPrev[b];
    const n = this.bNext[b];
    if (p === NIL) this.setFirst[set] = n;
    else this.bNext[p] = n;
    if (n !== NIL) this.bPrev[n] = p;
    this.freeB[this.freeTop++] = b;
  }

  snapshot(): LfuSnapshot {
    return {
      count: this.count.slice(), slotBucket: this.slotBucket.slice(), bFreq: this.bFreq.slice(),
      bPrev: this.bPrev.slice(), bNext: this.bNext.slice(), setFirst: this.setFirst.slice(),
      freeB: this.freeB.slice(), freeTop: this.freeTop, items: this.items.snapshot(),
    };
  }

  restore(snap: unknown): void {
    const s = snap as LfuSnapshot;
    this.count = s.count.slice();
    this.slotBucket = s.slotBucket.slice();
    this.bFreq = s.bFreq.slice();
    this.bPrev = s.bPrev.slice();
    this.bNext = s.bNext.slice();
    this.setFirst = s.setFirst.slice();
    this.freeB = s.freeB.slice();
    this.freeTop = s.freeTop;
    this.items.restore(s.items);
  }

  view(firstSet: number, setCount: number): PolicyView {
    const sets = [];
    for (let set = firstSet; set < firstSet + setCount; set++) {
      const victimOrder: Array<{ qpn: number; count: number }> = [];
      for (let b = this.setFirst[set]; b !== NIL; b = this.bNext[b]) {
        for (const slot of this.items.toArray(b)) victimOrder.push({ qpn: this.info.slotQpn[slot], count: this.count[slot] });
      }
      sets.push({ victimOrder });
    }
    return { kind: 'lfu', sets };
  }
}
