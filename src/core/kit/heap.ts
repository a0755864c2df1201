// Discrete-event queue ordered by (time, seq). seq is a global counter, so two events at the
// same nanosecond run in the order they were scheduled: ties never depend on heap layout.
// Items are treated as immutable once pushed, which lets a checkpoint copy the array shallowly.
//
// WHY the keys live in typed arrays beside the items: the engine pushes and pops one item per
// simulated step, and comparing two Float64Array cells is much cheaper than loading `t` and
// `seq` from two heap objects; holes are moved, not swapped (one write per level).

export interface Scheduled {
  readonly t: number;
  readonly seq: number;
}

export class EventHeap<T extends Scheduled> {
  private items: T[] = [];
  private ts = new Float64Array(64);
  private ss = new Float64Array(64);
  private n = 0;

  get size(): number {
    return this.n;
  }

  peek(): T | undefined {
    return this.n > 0 ? this.items[0] : undefined;
  }

  /** Time of the first item, or Infinity when empty. */
  peekTime(): number {
    return this.n > 0 ? this.ts[0] : Infinity;
  }

  push(item: T): void {
    if (this.n === this.ts.length) this.grow();
    const ts = this.ts, ss = this.ss, a = this.items;
    const t = item.t, s = item.seq;
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = ts[p];
      if (pt < t || (pt === t && ss[p] < s)) break;
      ts[i] = pt; ss[i] = ss[p]; a[i] = a[p];
      i = p;
    }
    ts[i] = t; ss[i] = s; a[i] = item;
  }

  pop(): T | undefined {
    const n = this.n;
    if (n === 0) return undefined;
    const a = this.items, ts = this.ts, ss = this.ss;
    const top = a[0];
    const last = n - 1;
    this.n = last;
    const item = a.pop() as T;
    if (last === 0) return top;
    const t = ts[last], s = ss[last];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= last) break;
      const r = c + 1;
      if (r < last && (ts[r] < ts[c] || (ts[r] === ts[c] && ss[r] < ss[c]))) c = r;
      const ct = ts[c];
      if (t < ct || (t === ct && s < ss[c])) break;
      ts[i] = ct; ss[i] = ss[c]; a[i] = a[c];
      i = c;
    }
    ts[i] = t; ss[i] = s; a[i] = item;
    return top;
  }

  private grow(): void {
    const ts = new Float64Array(this.ts.length * 2);
    ts.set(this.ts);
    const ss = new Float64Array(this.ss.length * 2);
    ss.set(this.ss);
    this.ts = ts;
    this.ss = ss;
  }

  /** Copy for checkpoints (items are immutable, so the item array is copied shallowly). */
  copy(): EventHeap<T> {
    const h = new EventHeap<T>();
    h.items = this.items.slice(0, this.n);
    h.ts = this.ts.slice();
    h.ss = this.ss.slice();
    h.n = this.n;
    return h;
  }

  toArray(): readonly T[] {
    return this.items.slice(0, this.n);
  }
}
