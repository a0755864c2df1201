// CLOCK (second chance): one reference bit per line and one hand per set. A fill or a hit sets
// the bit; the hand clears set bits as it passes and evicts the first evictable line whose bit
// is already clear, then stops just past it. Pinned / in-flight (pin mode) lines are stepped
// over without touching their bit. Cheap in hardware: one bit per line plus a pointer per set.
import type { Policy, PolicyView, SlotInfo } from '../cacheTypes.ts';
import type { PolicyReason } from '../evictionWhy.ts';

interface ClockSnapshot {
  ref: Uint8Array;
  hand: Int32Array;
}

export class ClockPolicy implements Policy {
  readonly id = 'clock' as const;
  private ref: Uint8Array;
  private hand: Int32Array; // way index per set
  /** The last victim() walk: where the hand started and how many ways it stepped (for reason()). */
  private walkFrom = 0;
  private walkSteps = 0;

  constructor(private readonly info: SlotInfo) {
    this.ref = new Uint8Array(info.sets * info.ways);
    this.hand = new Int32Array(info.sets);
  }

  onInsert(slot: number): void {
    this.ref[slot] = 1;
  }

  onHit(slot: number): void {
    this.ref[slot] = 1;
  }

  onRemove(slot: number): void {
    this.ref[slot] = 0;
  }

  onReplace(slot: number): void {
    this.ref[slot] = 1;
  }

  victim(set: number): number {
    const { ways, flags, blockMask } = this.info;
    const base = set * ways;
    let w = this.hand[set];
    this.walkFrom = w;
    // At most two turns: the first clears every evictable bit, the second must find one clear.
    for (let step = 0; step < 2 * ways; step++) {
      const s = base + w;
      w = w + 1 === ways ? 0 : w + 1;
      if ((flags[s] & blockMask) !== 0) continue;
      if (this.ref[s] === 1) { this.ref[s] = 0; continue; }
      this.hand[set] = w;
      this.walkSteps = step + 1;
      return s;
    }
    this.hand[set] = w;
    return -1;
  }

  /**
   * Replayed from the walk: every evictable way the hand passed in its first turn had its bit set
   * (it would have stopped there otherwise) and lost it; a second turn stops at the first evictable.
   */
  reason(set: number): PolicyReason {
    const { ways, flags, blockMask } = this.info;
    const base = set * ways;
    const secondChances: number[] = [];
    let skipped = 0;
    // Each way once: a second turn passes only the ways the first turn already counted.
    for (let k = 0; k < Math.min(ways, this.walkSteps - 1); k++) {
      const s = base + ((this.walkFrom + k) % ways);
      if ((flags[s] & blockMask) !== 0) skipped++;
      else secondChances.push(s);
    }
    return { next: [], skipped, rule: { kind: 'clock', handFrom: this.walkFrom, secondChances } };
  }

  forget(): void {}

  snapshot(): ClockSnapshot {
    return { ref: this.ref.slice(), hand: this.hand.slice() };
  }

  restore(snap: unknown): void {
    const s = snap as ClockSnapshot;
    this.ref = s.ref.slice();
    this.hand = s.hand.slice();
  }

  view(firstSet: number, setCount: number): PolicyView {
    const { ways } = this.info;
    const sets = [];
    for (let set = firstSet; set < firstSet + setCount; set++) {
      sets.push({ handWay: this.hand[set], refBits: Array.from(this.ref.subarray(set * ways, set * ways + ways)) });
    }
    return { kind: 'clock', sets };
  }
}
