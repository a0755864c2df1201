// Zipf(s) over n ranks (weight of rank r ∝ 1/(r+1)^s) sampled in O(1) with Vose's alias method:
// one uniform double picks a column and, from its fractional part, the column's own rank or its
// alias. Built once per (n, s); 12 bytes per rank.
export class ZipfAlias {
  readonly prob: Float64Array;
  readonly alias: Int32Array;

  constructor(readonly n: number, readonly s: number) {
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`zipf n must be a positive integer, got ${n}`);
    if (!(s >= 0) || s > 10) throw new RangeError(`zipf s must be in [0, 10], got ${s}`);
    const w = new Float64Array(n);
    let total = 0;
    for (let r = 0; r < n; r++) { w[r] = Math.pow(r + 1, -s); total += w[r]; }
    this.prob = new Float64Array(n);
    this.alias = new Int32Array(n);
    const small = new Int32Array(n);
    const large = new Int32Array(n);
    let ns = 0;
    let nl = 0;
    for (let r = 0; r < n; r++) {
      w[r] = (w[r] * n) / total;
      if (w[r] < 1) small[ns++] = r; else large[nl++] = r;
    }
    while (ns > 0 && nl > 0) {
      const a = small[--ns];
      const b = large[--nl];
      this.prob[a] = w[a];
      this.alias[a] = b;
      w[b] = w[b] + w[a] - 1;
      if (w[b] < 1) small[ns++] = b; else large[nl++] = b;
    }
    while (nl > 0) { const b = large[--nl]; this.prob[b] = 1; this.alias[b] = b; }
    while (ns > 0) { const a = small[--ns]; this.prob[a] = 1; this.alias[a] = a; } // rounding leftovers
  }

  /** Rank for a uniform u in [0, 1). */
  sample(u: number): number {
    const x = u * this.n;
    const i = x | 0;
    return x - i < this.prob[i] ? i : this.alias[i];
  }

  /** Exact probability of rank r (for tests and the UI). */
  pmf(r: number): number {
    let total = 0;
    for (let k = 0; k < this.n; k++) total += Math.pow(k + 1, -this.s);
    return Math.pow(r + 1, -this.s) / total;
  }
}
