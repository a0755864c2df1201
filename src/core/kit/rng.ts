// The simulation's one seeded PRNG (xoroshiro128+ from pure-rand). Its state lives inside the
// simulation and is captured by checkpoints, so replay from any checkpoint draws the same numbers.
import { xoroshiro128plus } from 'pure-rand/generator/XoroShiro';
import { unsafeUniformIntDistribution } from 'pure-rand/distribution/UnsafeUniformIntDistribution';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export class Rng {
  private g: RandomGenerator;

  constructor(seedOrState: number | readonly number[]) {
    this.g = typeof seedOrState === 'number'
      ? xoroshiro128plus(seedOrState | 0)
      : xoroshiro128plus.fromState(seedOrState);
  }

  /** Uniform unsigned 32-bit integer. */
  u32(): number {
    return this.g.unsafeNext() >>> 0;
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return unsafeUniformIntDistribution(lo, hi, this.g);
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  float(): number {
    const hi = this.g.unsafeNext() >>> 5;
    const lo = this.g.unsafeNext() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  state(): number[] {
    return [...this.g.getState()];
  }

  clone(): Rng {
    return new Rng(this.state());
  }
}
