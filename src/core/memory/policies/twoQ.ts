// 2Q (Johnson & Shasha, VLDB 1994, "simplified full 2Q"), the scan-resistant policy. Per set:
//   A1in - FIFO of lines seen once since they were filled (size target Kin = 25% of the ways),
//   Am   - LRU of lines re-referenced (a fill whose QPN is remembered in A1out lands here),
//   A1out - a ghost FIFO of QPNs recently evicted from A1in (no context data, Kout = 50%).
// A scan touches each QP once, so it only churns A1in and never displaces the hot QPs in Am.
// Victim: the oldest evictable A1in line when |A1in| > Kin, else Am's LRU; each falls back to the
// other list when it has no evictable line. Kin/Kout fractions are the paper's suggested values.
import type { Policy, PolicyView, SlotInfo } from '../cacheTypes.ts';
import { QpnIndex } from '../qpnIndex.ts';
import { SlotLists, type SlotListsSnapshot } from './slotLists.ts';
import { blockedBefore, eligibleAfter, type PolicyReason } from '../evictionWhy.ts';

const NIL = -1;

interface TwoQSnapshot {
  lists: SlotListsSnapshot;
  inAm: Uint8Array;
  ghosts: SlotListsSnapshot;
  gQpn: Int32Array;
  gSet: Int32Array;
  gFree: Int32Array;
  gFreeTop: number;
}

export class TwoQPolicy implements Policy {
  readonly id = '2q' as const;
  readonly kin: number;
  readonly kout: number;
  private lists: SlotLists; // list 2*set = A1in, 2*set+1 = Am
  private inAm: Uint8Array;
  private ghosts: SlotLists; // list per set, nodes = ghost entries
  private gQpn: Int32Array;
  private gSet: Int32Array;
  private gFree: Int32Array;
  private gFreeTop: number;
  private gIndex: QpnIndex; // QPN -> ghost node

  constructor(private readonly info: SlotInfo) {
    const slots = info.sets * info.ways;
    this.kin = Math.max(1, Math.floor(info.ways / 4));
    this.kout = Math.max(1, Math.floor(info.ways / 2));
    this.lists = new SlotLists(slots, info.sets * 2);
    this.inAm = new Uint8Array(slots);
    const nodes = info.sets * this.kout;
    this.ghosts = new SlotLists(nodes, info.sets);
    this.gQpn = new Int32Array(nodes).fill(NIL);
    this.gSet = new Int32Array(nodes);
    this.gFree = new Int32Array(nodes);
    for (let i = 0; i < nodes; i++) this.gFree[i] = nodes - 1 - i;
    this.gFreeTop = nodes;
    this.gIndex = new QpnIndex(nodes);
  }

  onInsert(slot: number, set: number, qpn: number): void {
    this.link(slot, set, this.takeGhost(qpn));
  }

  onHit(slot: number, set: number): void {
    if (this.inAm[slot] === 1) this.lists.moveToTail(2 * set + 1, slot);
  }

  onRemove(slot: number, set: number, qpn: number, evicted: boolean): void {
    const fromAm = this.inAm[slot] === 1;
    this.lists.remove(2 * set + (fromAm ? 1 : 0), slot);
    this.inAm[slot] = 0;
    if (!evicted || fromAm) return;
    if (this.ghosts.len[set] >= this.kout) this.dropGhost(set, this.ghosts.head[set]);
    const g = this.gFree[--this.gFreeTop];
    this.gQpn[g] = qpn;
    this.gSet[g] = set;
    this.ghosts.pushTail(set, g);
    this.gIndex.set(qpn, g);
  }

  onReplace(slot: number, set: number, oldQpn: number, newQpn: number): void {
    // The paper tests "X in A1out" before reclaiming a slot, so the victim's new ghost cannot
    // push X's own ghost out first.
    const toAm = this.takeGhost(newQpn);
    this.onRemove(slot, set, oldQpn, true);
    this.link(slot, set, toAm);
  }

  /** True (and the ghost is dropped) when qpn was remembered in A1out. */
  private takeGhost(qpn: number): boolean {
    const g = this.gIndex.get(qpn);
    if (g === NIL) return false;
    this.dropGhost(this.gSet[g], g);
    return true;
  }

  private link(slot: number, set: number, toAm: boolean): void {
    this.inAm[slot] = toAm ? 1 : 0;
    this.lists.pushTail(2 * set + (toAm ? 1 : 0), slot);
  }

  victim(set: number): number {
    const { flags, blockMask } = this.info;
    const a1in = 2 * set;
    const am = a1in + 1;
    if (this.lists.len[a1in] > this.kin) {
      const s = this.lists.firstEligible(a1in, flags, blockMask);
      return s !== NIL ? s : this.lists.firstEligible(am, flags, blockMask);
    }
    const s = this.lists.firstEligible(am, flags, blockMask);
    return s !== NIL ? s : this.lists.firstEligible(a1in, flags, blockMask);
  }

  /** Which list gave the victim and why (A1in over its target, or not), its runners-up in that list. */
  reason(set: number, victim: number): PolicyReason {
    const { flags, blockMask } = this.info;
    const a1in = this.lists.len[2 * set];
    const list = this.inAm[victim] === 1 ? 'am' : 'a1in';
    const l = 2 * set + (list === 'am' ? 1 : 0);
    const fellBack = (a1in > this.kin) !== (list === 'a1in');
    // A fallback means the preferred list had nothing evictable: all of it was passed over.
    const other = 2 * set + (list === 'am' ? 0 : 1);
    const skipped = blockedBefore(this.lists.head[l], this.lists.next, victim, flags, blockMask) + (fellBack ? this.lists.len[other] : 0);
    return { next: eligibleAfter(this.lists.head[l], this.lists.next, victim, flags, blockMask, 3), skipped, rule: { kind: '2q', list, a1in, kin: this.kin, fellBack, ghost: list === 'a1in' } };
  }

  forget(qpn: number): void {
    this.takeGhost(qpn);
  }

  private dropGhost(set: number, g: number): void {
    this.ghosts.remove(set, g);
    this.gIndex.delete(this.gQpn[g]);
    this.gQpn[g] = NIL;
    this.gFree[this.gFreeTop++] = g;
  }

  snapshot(): TwoQSnapshot {
    return {
      lists: this.lists.snapshot(), inAm: this.inAm.slice(), ghosts: this.ghosts.snapshot(),
      gQpn: this.gQpn.slice(), gSet: this.gSet.slice(), gFree: this.gFree.slice(), gFreeTop: this.gFreeTop,
    };
  }

  restore(snap: unknown): void {
    const s = snap as TwoQSnapshot;
    this.lists.restore(s.lists);
    this.inAm = s.inAm.slice();
    this.ghosts.restore(s.ghosts);
    this.gQpn = s.gQpn.slice();
    this.gSet = s.gSet.slice();
    this.gFree = s.gFree.slice();
    this.gFreeTop = s.gFreeTop;
    this.gIndex.clear();
    for (let g = 0; g < this.gQpn.length; g++) if (this.gQpn[g] !== NIL) this.gIndex.set(this.gQpn[g], g);
  }

  view(firstSet: number, setCount: number): PolicyView {
    const q = (slot: number) => this.info.slotQpn[slot];
    const sets = [];
    for (let set = firstSet; set < firstSet + setCount; set++) {
      sets.push({
        a1in: this.lists.toArray(2 * set).map(q),
        am: this.lists.toArray(2 * set + 1).map(q),
        a1out: this.ghosts.toArray(set).map((g) => this.gQpn[g]),
      });
    }
    return { kind: '2q', kin: this.kin, kout: this.kout, sets };
  }
}
