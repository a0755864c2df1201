// QPN → cache-slot index tuned for the miss path. WHY a second hash (see qpnIndex.ts): past the
// knee nearly every packet does "lookup fails, delete victim, insert new", so deletion must be
// cheap. Here each slot remembers its cell (removing a victim needs no probe), the table is kept
// at most 1/4 full (probe runs of ~1 cell), and deletion back-shifts the rest of the run, so no
// tombstones ever lengthen lookups. Memory: 4 cells × 8 B per slot (32 MiB at 1 Mi slots).

import { nextPow2 } from './qpnIndex.ts';

const EMPTY = -1;

export class SlotIndex {
  private readonly keys: Int32Array;
  private readonly vals: Int32Array;
  private readonly cellOfSlot: Int32Array;
  private readonly mask: number;
  private readonly shift: number;
  private live = 0;

  constructor(slots: number) {
    const size = Math.max(16, nextPow2(slots * 4));
    this.keys = new Int32Array(size).fill(EMPTY);
    this.vals = new Int32Array(size);
    this.cellOfSlot = new Int32Array(slots).fill(-1);
    this.mask = size - 1;
    this.shift = 32 - Math.log2(size);
  }

  get size(): number {
    return this.live;
  }

  /** Slot holding key, or -1. */
  get(key: number): number {
    const keys = this.keys;
    const mask = this.mask;
    let h = Math.imul(key, -1640531535) >>> this.shift; // Fibonacci hashing spreads dense QPN runs
    for (;;) {
      const k = keys[h];
      if (k === key) return this.vals[h];
      if (k === EMPTY) return -1;
      h = (h + 1) & mask;
    }
  }

  /** Insert key → slot. Precondition: key is absent (the caller just missed on it). */
  insert(key: number, slot: number): void {
    const keys = this.keys;
    const mask = this.mask;
    let h = Math.imul(key, -1640531535) >>> this.shift;
    while (keys[h] !== EMPTY) h = (h + 1) & mask;
    keys[h] = key;
    this.vals[h] = slot;
    this.cellOfSlot[slot] = h;
    this.live++;
  }

  /** Drop the entry of a slot; later members of its probe run shift back into the hole. */
  removeSlot(slot: number): void {
    let hole = this.cellOfSlot[slot];
    if (hole < 0) return;
    this.cellOfSlot[slot] = -1;
    this.live--;
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    const shift = this.shift;
    let j = (hole + 1) & mask;
    for (;;) {
      const k = keys[j];
      if (k === EMPTY) break;
      const home = Math.imul(k, -1640531535) >>> shift;
      // k may move to the hole when the hole lies cyclically within [home, j).
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        keys[hole] = k;
        vals[hole] = vals[j];
        this.cellOfSlot[vals[j]] = hole;
        hole = j;
      }
      j = (j + 1) & mask;
    }
    keys[hole] = EMPTY;
  }
}
