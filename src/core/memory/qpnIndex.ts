// Open-addressing hash map from a 24-bit QPN to a small integer (a cache slot, a list node...).
// WHY not a Map: the per-packet path must not allocate and must run at tens of millions of
// lookups per second; a direct QPN-indexed array would cost 2^24 × 4 B = 64 MiB per cache.
// Linear probing with backward-shift deletion keeps probe chains short without tombstones.

const EMPTY = -1;

/** Smallest power of two ≥ n (n ≥ 1). */
export function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p *= 2;
  return p;
}

export class QpnIndex {
  private keys: Int32Array;
  private vals: Int32Array;
  private mask: number;
  private shift: number;
  private count = 0;

  /** `capacity` is the most keys that will ever be held at once; the table is sized 2× that. */
  constructor(capacity: number) {
    const size = Math.max(16, nextPow2(capacity * 2));
    this.keys = new Int32Array(size).fill(EMPTY);
    this.vals = new Int32Array(size);
    this.mask = size - 1;
    this.shift = 32 - Math.log2(size);
  }

  get size(): number {
    return this.count;
  }

  private home(key: number): number {
    // Fibonacci hashing: QPNs are often dense runs, which a plain mask would cluster.
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  /** The value stored for key, or -1 (values stored are expected to be ≥ 0). */
  get(key: number): number {
    const keys = this.keys;
    const mask = this.mask;
    let h = Math.imul(key, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = keys[h];
      if (k === key) return this.vals[h];
      if (k === EMPTY) return -1;
      h = (h + 1) & mask;
    }
  }

  has(key: number): boolean {
    return this.findPos(key) !== -1;
  }

  /** Insert or overwrite. */
  set(key: number, val: number): void {
    const keys = this.keys;
    let h = this.home(key);
    for (;;) {
      const k = keys[h];
      if (k === key) { this.vals[h] = val; return; }
      if (k === EMPTY) break;
      h = (h + 1) & this.mask;
    }
    if ((this.count + 1) * 2 > keys.length) this.grow();
    this.insertFresh(key, val);
    this.count++;
  }

  /** Remove key if present; returns true when something was removed. */
  delete(key: number): boolean {
    const pos = this.findPos(key);
    if (pos < 0) return false;
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    // Backward-shift: pull later members of the cluster into the hole if their home allows it.
    let hole = pos;
    let j = (pos + 1) & mask;
    for (;;) {
      const k = keys[j];
      if (k === EMPTY) break;
      const home = this.home(k);
      // Move k into hole when hole lies cyclically in [home, j).
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        keys[hole] = k;
        vals[hole] = vals[j];
        hole = j;
      }
      j = (j + 1) & mask;
    }
    keys[hole] = EMPTY;
    this.count--;
    return true;
  }

  clear(): void {
    this.keys.fill(EMPTY);
    this.count = 0;
  }

  /** Every (key, value) pair, in table order (not insertion order). */
  entries(): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== EMPTY) out.push([this.keys[i], this.vals[i]]);
    return out;
  }

  private findPos(key: number): number {
    let h = this.home(key);
    for (;;) {
      const k = this.keys[h];
      if (k === key) return h;
      if (k === EMPTY) return -1;
      h = (h + 1) & this.mask;
    }
  }

  private insertFresh(key: number, val: number): void {
    let h = this.home(key);
    while (this.keys[h] !== EMPTY) h = (h + 1) & this.mask;
    this.keys[h] = key;
    this.vals[h] = val;
  }

  private grow(): void {
    const oldK = this.keys;
    const oldV = this.vals;
    const size = oldK.length * 2;
    this.keys = new Int32Array(size).fill(EMPTY);
    this.vals = new Int32Array(size);
    this.mask = size - 1;
    this.shift = 32 - Math.log2(size);
    for (let i = 0; i < oldK.length; i++) if (oldK[i] !== EMPTY) this.insertFresh(oldK[i], oldV[i]);
  }
}
