// Discrete-event queue ordered by (time, seq). seq is a global counter, so two events at the
// same nanosecond run in the order they were scheduled: ties never depend on heap layout.
// Items are treated as immutable once pushed, which lets a checkpoint copy the array shallowly.

export interface Scheduled {
  readonly t: number;
  readonly seq: number;
}

export class EventHeap<T extends Scheduled> {
  private items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }

  pop(): T | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop() as T;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l], a[m])) m = l;
        if (r < a.length && before(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }

  /** Shallow copy for checkpoints (items are immutable). */
  copy(): EventHeap<T> {
    const h = new EventHeap<T>();
    h.items = this.items.slice();
    return h;
  }

  toArray(): readonly T[] {
    return this.items;
  }
}

function before(x: Scheduled, y: Scheduled): boolean {
  return x.t < y.t || (x.t === y.t && x.seq < y.seq);
}
