// Intrusive doubly linked lists over cache slots, held in typed arrays (no objects per slot).
// Several policies keep one list per set (LRU order, FIFO order, 2Q's A1in/Am); a slot is in at
// most one list at a time. Head = oldest / least recent, tail = newest / most recent.

const NIL = -1;

export interface SlotListsSnapshot {
  prev: Int32Array;
  next: Int32Array;
  head: Int32Array;
  tail: Int32Array;
  len: Int32Array;
}

export class SlotLists {
  prev: Int32Array;
  next: Int32Array;
  head: Int32Array;
  tail: Int32Array;
  len: Int32Array;

  constructor(slots: number, lists: number) {
    this.prev = new Int32Array(slots).fill(NIL);
    this.next = new Int32Array(slots).fill(NIL);
    this.head = new Int32Array(lists).fill(NIL);
    this.tail = new Int32Array(lists).fill(NIL);
    this.len = new Int32Array(lists);
  }

  pushTail(list: number, s: number): void {
    const t = this.tail[list];
    this.prev[s] = t;
    this.next[s] = NIL;
    if (t === NIL) this.head[list] = s;
    else this.next[t] = s;
    this.tail[list] = s;
    this.len[list]++;
  }

  remove(list: number, s: number): void {
    const p = this.prev[s];
    const n = this.next[s];
    if (p === NIL) this.head[list] = n;
    else this.next[p] = n;
    if (n === NIL) this.tail[list] = p;
    else this.prev[n] = p;
    this.prev[s] = NIL;
    this.next[s] = NIL;
    this.len[list]--;
  }

  moveToTail(list: number, s: number): void {
    if (this.tail[list] === s) return;
    // Unlink (s is not the tail, so n exists).
    const p = this.prev[s];
    const n = this.next[s];
    if (p === NIL) this.head[list] = n;
    else this.next[p] = n;
    this.prev[n] = p;
    // Link at tail.
    const t = this.tail[list];
    this.prev[s] = t;
    this.next[s] = NIL;
    this.next[t] = s;
    this.tail[list] = s;
  }

  /** First slot from the head whose flags do not intersect blockMask, or -1. */
  firstEligible(list: number, flags: Uint8Array, blockMask: number): number {
    let s = this.head[list];
    while (s !== NIL && (flags[s] & blockMask) !== 0) s = this.next[s];
    return s;
  }

  /** Slots head → tail. */
  toArray(list: number): number[] {
    const out: number[] = [];
    for (let s = this.head[list]; s !== NIL; s = this.next[s]) out.push(s);
    return out;
  }

  snapshot(): SlotListsSnapshot {
    return { prev: this.prev.slice(), next: this.next.slice(), head: this.head.slice(), tail: this.tail.slice(), len: this.len.slice() };
  }

  restore(s: SlotListsSnapshot): void {
    this.prev = s.prev.slice();
    this.next = s.next.slice();
    this.head = s.head.slice();
    this.tail = s.tail.slice();
    this.len = s.len.slice();
  }
}
