// The event trace and its hash. The hash covers every event's fields in order (traceHash.ts:
// a structural 256-bit hash, 64 hex characters), so a replay in Node and in the browser must
// produce the same digest byte for byte.
import { EventHasher } from './traceHash.ts';

export type TraceMode = 'full' | 'hash' | 'off';
export interface TraceMark { count: number; kept: number; h: EventHasher }

export class Trace<E = unknown> {
  readonly events: E[] = [];
  /**
   * Beside each kept event, the absolute index of the event that caused it (-1: a root — a
   * person's command or the application's own timer). Kept apart from the events so the events'
   * fields, and therefore the trace hash, are exactly what they were before causes existed.
   */
  readonly causes: number[] = [];
  private h = new EventHasher();
  count = 0;
  /** Events dropped from memory when `keep` is exceeded (they still count in the hash). */
  dropped = 0;

  constructor(readonly mode: TraceMode = 'full', readonly keep = Infinity) {}

  push(e: E, cause = -1): void {
    this.count++;
    if (this.mode === 'off') return;
    this.h.object(e as Record<string, unknown>);
    if (this.mode !== 'full') return;
    this.events.push(e);
    this.causes.push(cause);
    if (this.events.length > this.keep * 2) {
      const cut = this.events.length - this.keep;
      this.events.splice(0, cut);
      this.causes.splice(0, cut);
      this.dropped += cut;
    }
  }

  /** Absolute index of events[0] (earlier events may have been dropped from memory). */
  get first(): number {
    return this.count - this.events.length;
  }

  /** The cause of the event at absolute index `i`: an absolute index, -1 for a root, undefined if not kept. */
  causeOf(i: number): number | undefined {
    const k = i - this.first;
    return k >= 0 && k < this.causes.length ? this.causes[k] : undefined;
  }

  hash(): string {
    return this.h.hex();
  }

  /** A cheap position in the trace: checkpoints keep this instead of copying events. */
  mark(): TraceMark {
    return { count: this.count, kept: this.events.length, h: this.h.clone() };
  }

  /** Forget everything after `m` (time travel backwards, or a fork). */
  rewind(m: TraceMark): void {
    if (this.dropped > 0 && m.kept < this.events.length - (this.count - m.count)) {
      throw new Error('trace: cannot rewind past events already dropped from memory');
    }
    this.events.length = m.kept;
    this.causes.length = m.kept;
    this.count = m.count;
    this.h = m.h.clone();
  }

  clone(): Trace<E> {
    const t = new Trace<E>(this.mode, this.keep);
    t.events.push(...this.events);
    t.causes.push(...this.causes);
    t.h = this.h.clone();
    t.count = this.count;
    t.dropped = this.dropped;
    return t;
  }
}
