// The calls a worker owes an answer to, and the deadline on them. A worker answers in order, so
// a call may wait behind slow ones; what marks a hang is silence: nothing answered for the whole
// deadline while something is owed. One timer, re-armed only when it fires.
export interface Timers {
  set(cb: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

export const realTimers: Timers = {
  set: (cb, ms) => setTimeout(cb, ms),
  clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

export interface Owed {
  name: string;
  args: unknown[];
  resolve(v: unknown): void;
  reject(e: unknown): void;
  /** How many times it was sent again to a restarted worker. */
  tries: number;
  /** The client's own (tick, ping, snapshot, restore): never re-sent, never counted as an action. */
  internal: boolean;
  /** The order it was first sent in, among the calls that are not the client's own (0 for those). */
  seq: number;
}

export class Watchdog {
  private readonly owed = new Map<number, Owed>();
  private ids = 0;
  private heardAt = 0;
  private timer: unknown = null;

  constructor(
    private readonly now: () => number,
    private readonly timers: Timers,
    private deadlineMs: number,
    private readonly onSilence: (silentMs: number, oldest: Owed) => void,
  ) {}

  get size(): number { return this.owed.size; }

  add(o: Owed): number {
    if (this.owed.size === 0) this.heardAt = this.now();
    const id = ++this.ids;
    this.owed.set(id, o);
    this.arm();
    return id;
  }

  /** An answer came: the call is no longer owed. False if it was not (taken away by a failure). */
  settle(id: number): boolean {
    if (!this.owed.delete(id)) return false;
    this.heardAt = this.now();
    return true;
  }

  /** Every call owed, oldest first; none is owed afterwards. */
  takeAll(): Owed[] {
    const all = [...this.owed.values()];
    this.owed.clear();
    return all;
  }

  /** A new deadline applies at once, to the calls already owed too. */
  setDeadline(ms: number): void {
    this.deadlineMs = ms;
    if (this.timer !== null) { this.timers.clear(this.timer); this.timer = null; }
    if (this.owed.size > 0) this.arm();
  }

  private arm(): void {
    if (this.timer !== null) return;
    const wait = Math.max(1, this.heardAt + this.deadlineMs - this.now());
    this.timer = this.timers.set(() => { this.timer = null; this.check(); }, wait);
  }

  private check(): void {
    const oldest = this.owed.values().next();
    if (oldest.done) return;
    const silent = this.now() - this.heardAt;
    if (silent >= this.deadlineMs) this.onSilence(silent, oldest.value);
    else this.arm();
  }
}
