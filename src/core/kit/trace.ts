// The event trace and its hash. The hash covers every event's fields in order (traceHash.ts:
// a structural 256-bit hash, 64 hex characters), so a replay in Node and in the browser must
// produce the same digest byte for byte.
//
// Memory is bounded: only a window of the newest `keep` events (and their causes) is held, a
// ring in effect. WHY not a circular buffer indexed modulo its size: everything that reads the
// trace (the wire projection, the logs, exports) reads `events` as one array, oldest first.
// So the window is a plain array that may outgrow `keep` by an eighth; then the oldest events
// leave in one move (amortised: a few pointer moves per event, far below the cost of hashing
// it). The hash still covers every event ever pushed; `first` says where the window starts.
import { EventHasher } from './traceHash.ts';

export type TraceMode = 'full' | 'hash' | 'off';
/** A position in the trace: how many events came before it, and the hash up to there. */
export interface TraceMark { count: number; h: EventHasher }

const BATCH = 256;
type Encoder<E> = (h: EventHasher, e: E) => void;
/** Hashes the event a record and its fields make (Trace.pushRecord). */
export type RecordEncoder<R, X> = (h: EventHasher, rec: R, a: number, b: number, t: number, x: X) => void;

export class Trace<E = unknown> {
  /** The kept window, oldest first: events()[k] is absolute event `first + k`. */
  readonly events: E[] = [];
  /**
   * Beside each kept event, the absolute index of the event that caused it (-1: a root — a
   * person's command or the application's own timer). Kept apart from the events so the events'
   * fields, and therefore the trace hash, are exactly what they were before causes existed.
   */
  readonly causes: number[] = [];
  private h = new EventHasher();
  /** Events pushed so far (kept or not): the absolute index the next event gets. */
  count = 0;
  /** The window's length may reach keep + an eighth before the oldest leave. */
  private readonly limit: number;

  constructor(readonly mode: TraceMode = 'full', readonly keep = Infinity) {
    if (!(keep >= 1)) throw new Error(`trace: keep must be at least 1 (got ${keep})`);
    this.limit = Number.isFinite(keep) ? keep + Math.max(1, Math.ceil(keep / 8)) : Infinity;
  }

  push(e: E, cause = -1): void {
    this.add(e, null, cause);
  }

  /** push() for an event whose own encoder writes its fields (world/hotEvents.ts): the same hash, faster. */
  pushWith<T extends E>(e: T, encode: (h: EventHasher, e: T) => void, cause = -1): void {
    this.add(e, encode as Encoder<E>, cause);
  }

  /**
   * An event hashed from a record and three numbers and a value, with no event object: for the
   * 'hash' and 'off' modes only (a 'full' trace keeps its events, so a caller there builds the
   * event and pushes it). `encode` must write exactly the words object() writes for the event
   * those fields make (transport/cq.ts emitCqe; hotEvents.test.ts holds them equal).
   */
  pushRecord<R, X>(rec: R, a: number, b: number, t: number, x: X, encode: RecordEncoder<R, X>): void {
    if (this.mode === 'full') throw new Error('trace: a full trace keeps events; push the event itself');
    this.count++;
    if (this.mode === 'off') return;
    const n = this.pn;
    this.pe[n] = rec as unknown as E;
    this.pf[n] = null;
    this.pr[n] = encode as RecordEncoder<unknown, unknown>;
    this.pa[n] = a; this.pb[n] = b; this.pt[n] = t; this.px[n] = x;
    this.pn = n + 1;
    if (n + 1 >= BATCH) this.settle();
  }

  private add(e: E, encode: Encoder<E> | null, cause: number): void {
    this.count++;
    if (this.mode === 'off') return;
    const n = this.pn;
    this.pe[n] = e;
    this.pf[n] = encode;
    this.pr[n] = null;
    this.pn = n + 1;
    if (n + 1 >= BATCH) this.settle();
    if (this.mode === 'full') this.keepEvent(e, cause);
  }

  // Events pushed but not hashed yet, and their encoders (null: the generic walk). Hashing them
  // in batches keeps the hasher's code and data hot between a storm's scattered emit sites;
  // every reader of the hash (hash, mark, clone) settles first, so the digest is the same.
  // Fixed arrays and a count, not push and `length = 0`: emptying an array by its length gives
  // up its storage, and refilling it reallocated it some six times per batch.
  private pe: (E | undefined)[] = new Array<E | undefined>(BATCH).fill(undefined);
  private pf: (Encoder<E> | null)[] = new Array<Encoder<E> | null>(BATCH).fill(null);
  private pn = 0;
  // pushRecord's entries: their encoder (null: an event above) and fields.
  private pr: (RecordEncoder<unknown, unknown> | null)[] = new Array<RecordEncoder<unknown, unknown> | null>(BATCH).fill(null);
  private pa = new Float64Array(BATCH);
  private pb = new Float64Array(BATCH);
  private pt = new Float64Array(BATCH);
  private px: unknown[] = new Array<unknown>(BATCH).fill(undefined);
  private settle(): void {
    const pe = this.pe, pf = this.pf, pr = this.pr, h = this.h, n = this.pn;
    for (let i = 0; i < n; i++) {
      const r = pr[i], e = pe[i] as E;
      if (r !== null) { r(h, e, this.pa[i], this.pb[i], this.pt[i], this.px[i]); this.px[i] = undefined; }
      else { const f = pf[i]; if (f === null) h.object(e as Record<string, unknown>); else f(h, e); }
      pe[i] = undefined;
    }
    this.pn = 0;
  }

  private keepEvent(e: E, cause: number): void {
    this.events.push(e);
    this.causes.push(cause);
    if (this.events.length > this.limit) {
      const cut = this.events.length - this.keep;
      this.events.splice(0, cut);
      this.causes.splice(0, cut);
    }
  }

  /** Absolute index of events[0]: every event before it has left the window (or was never kept). */
  get first(): number {
    return this.count - this.events.length;
  }

  /** Events that left the window (or, in 'hash' and 'off' modes, were never kept). */
  get dropped(): number {
    return this.first;
  }

  /** The event at absolute index `i`, or undefined if it is not in the window. */
  at(i: number): E | undefined {
    const k = i - this.first;
    return k >= 0 && k < this.events.length ? this.events[k] : undefined;
  }

  /** The cause of the event at absolute index `i`: an absolute index, -1 for a root, undefined if not kept. */
  causeOf(i: number): number | undefined {
    const k = i - this.first;
    return k >= 0 && k < this.causes.length ? this.causes[k] : undefined;
  }

  hash(): string {
    this.settle();
    return this.h.hex();
  }

  /** A cheap position in the trace: checkpoints keep this instead of copying events. */
  mark(): TraceMark {
    this.settle();
    return { count: this.count, h: this.h.clone() };
  }

  /**
   * Forget everything after `m` (time travel backwards, or a fork). When `m` lies before the
   * window, the window empties and starts again at `m`: the replay from the checkpoint that
   * holds `m` regenerates the same events with the same absolute indices. A mark after the
   * current position (a checkpoint restored forward, after a look further back) is the same
   * case: the events between are not known here, so the window starts again at `m`.
   */
  rewind(m: TraceMark): void {
    // Whatever is still waiting was pushed after every mark (mark() settles) and is forgotten here.
    this.pe.fill(undefined, 0, this.pn);
    this.px.fill(undefined, 0, this.pn);
    this.pn = 0;
    const kept = m.count <= this.count ? Math.max(0, m.count - this.first) : 0;
    this.events.length = kept;
    this.causes.length = kept;
    this.count = m.count;
    this.h = m.h.clone();
  }

  clone(): Trace<E> {
    this.settle();
    const t = new Trace<E>(this.mode, this.keep);
    for (let k = 0; k < this.events.length; k++) { t.events.push(this.events[k]); t.causes.push(this.causes[k]); }
    t.h = this.h.clone();
    t.count = this.count;
    return t;
  }
}
