// The main thread's one door to an instrument's worker. Views call `call(name, ...args)` (or the
// `act` form that never throws); every answer that carries a frame is emitted to the store.
// While a frame says the worker plays or is busy, one pull loop (pull.ts) asks for frames. Frames
// older than one already shown are dropped.
//
// A worker can die (terminated, closed, an uncaught error), hang (never answer) or talk garbage.
// The client notices each (the channel's alarms, a deadline on silence, a call the worker threw
// on), stops playback, restarts the worker from its factory and has the instrument's hooks bring
// back the last snapshot. The snapshot is refreshed right after every action that changed
// something (one worker round trip, coalesced) and, while playing, every SNAPSHOT_MS; it is the
// instrument's link payload, so nothing is serialised per frame. Calls made while the worker
// restarts wait and then run; calls the dead worker owed are sent once more to the new one,
// except the one a hang was stuck on. An action answered less than one round trip before the
// failure, before the snapshot after it came back, is the one thing a restart can lose.
import type { Remote } from 'comlink';
import type { KitFrame } from '../../worker/kit/types.ts';
import { Watchdog, realTimers, type Owed, type Timers } from './watchdog.ts';
import { PullLoop } from './pull.ts';
import { PlayWish } from './wish.ts';
import { errText, frameIn } from './frames.ts';
/**
 * Silence that counts as a hang. A worker's answers are bounded slices, but bounded in work, not
 * in wall time: on this project's loaded 2-core machines a faults tick on a 16,384-QP storm was
 * measured at 1–2.5 s and "To the end" at 7 s, a long link's replay at seconds. 15 s of silence
 * while an answer is owed is twice the longest legitimate answer seen.
 */
export const DEADLINE_MS = 15_000;
/** While nothing is asked, a ping this often finds a worker that died idle before the person acts. */
export const HEARTBEAT_MS = 3000;
/** While playing, the recovery snapshot is refreshed this often (a link's worth of serialising, not per frame). */
export const SNAPSHOT_MS = 1000;
/** Restart attempts: the last one without the snapshot (in case the snapshot is what kills it). */
export const RESTART_ATTEMPTS = 3;

type Fn = (...args: never[]) => unknown;
type Methods<A> = { [K in keyof A]: A[K] extends Fn ? K : never }[keyof A];
type Args<A, K extends keyof A> = A[K] extends (...args: infer P) => unknown ? P : never;
type Result<A, K extends keyof A> = A[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

export type FailureKind = 'crashed' | 'hung' | 'garbage' | 'threw';
/** `detail` completes "the worker …": "stopped answering (nothing for 8.0 s)". */
export interface Failure { kind: FailureKind; detail: string; call?: string }

/** One worker: its API (a comlink proxy, or the API itself in-process) and its alarms. */
/** A's methods answering with promises: what the client needs of a comlink proxy (in-process fakes give this). */
type Promised<A> = { [K in keyof A]: A[K] extends (...a: infer P) => infer R ? (...a: P) => Promise<Awaited<R>> : A[K] };

export interface Connection<A> {
  api: A | Remote<A> | Promised<A>;
  watch?(report: (f: Failure) => void): void;
  close?(): void;
}

export interface Caller<A> {
  call<K extends Methods<A>>(name: K, ...args: Args<A, K>): Promise<Result<A, K>>;
}

export interface RestoreInput<F> {
  /** The last snapshot taken (null: none yet, or the last attempt, made without it). */
  snapshot: unknown;
  /** No action sent after the snapshot was answered: the last frame is the same run, only further on. */
  exact: boolean;
  /** The last frame shown before the failure. */
  last: F | null;
}

export interface RecoveryHooks<A, F> {
  /** What a restart must bring back, built while the worker lives; `via` does not count as an action. */
  snapshot(via: Caller<A>): Promise<unknown>;
  /** Bring a fresh worker back through `via`; returns what was restored, in words. */
  restore(via: Caller<A>, input: RestoreInput<F>): Promise<string>;
}

export type RecoveryEvent =
  | { phase: 'lost'; failure: Failure }
  | { phase: 'restored'; failure: Failure; words: string; attempts: number }
  | { phase: 'failed'; failure: Failure; error: string };

export interface ClientOptions {
  now?: () => number;
  schedule?: (cb: () => void) => number;
  cancel?: (id: number) => void;
  timers?: Timers;
  deadlineMs?: number;
  /** 0: no heartbeat. Only a client that can restart its worker pings. */
  heartbeatMs?: number;
  snapshotMs?: number;
}

/** A call that could not be answered: its worker was lost (and, if restarting failed, not replaced). */
export class WorkerLost extends Error {
  constructor(readonly failure: Failure, message: string) { super(message); }
}

/** Restarting needs the factory; a client built on one connection never restarts. */
const noFactory = (): never => { throw new Error('this client has no worker factory to restart from'); };

interface TickApi<F> { tick(wallMs: number): F }
type Mode = 'up' | 'restarting' | 'down';

export class LabClient<A extends TickApi<F>, F extends KitFrame> implements Caller<A> {
  private frameListeners = new Set<(f: F) => void>();
  private recoveryListeners = new Set<(e: RecoveryEvent) => void>();
  private lastSeq = -1;
  private last: F | null = null;
  private readonly wish = new PlayWish();
  private readonly loop: PullLoop;
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly connect: (() => Connection<A>) | null;
  private conn: Connection<A>;
  /** Bumped with every worker: answers and alarms of an older one are ignored. */
  private gen = 0;
  private mode: Mode = 'up';
  private ready: Promise<void> = Promise.resolve();
  private release: () => void = () => undefined;
  private downBy: Failure | null = null;
  private readonly owed: Watchdog;
  private hooks: RecoveryHooks<A, F> | null = null;
  /** The snapshot and the last call sent before it (it holds the effect of every call up to `mark`). */
  private snap: { value: unknown; mark: number } | null = null;
  /** Calls sent so far that are not the client's own, and the latest of them answered with a frame. */
  private sent = 0;
  private answered = 0;
  private snapping = false;
  private snapAgain = false;
  private snapAt = 0;
  private readonly snapshotMs: number;
  private readonly quiet: Caller<A>;
  private readonly direct: Caller<A>;

  /** `source`: one connection (no restart: tests in-process), or a factory that starts a worker each time. */
  constructor(source: Connection<A> | (() => Connection<A>), opts: ClientOptions = {}) {
    this.now = opts.now ?? (() => performance.now());
    this.loop = new PullLoop({
      now: this.now,
      schedule: opts.schedule ?? ((cb) => requestAnimationFrame(cb)),
      cancel: opts.cancel ?? ((id) => cancelAnimationFrame(id)),
    }, (dt) => this.send('tick', [dt], { internal: true }).then(() => {
      if (this.last?.playing && this.now() - this.snapAt >= this.snapshotMs) this.refresh();
    }));
    this.timers = opts.timers ?? realTimers;
    this.snapshotMs = opts.snapshotMs ?? SNAPSHOT_MS;
    this.connect = typeof source === 'function' ? source : null;
    this.conn = this.connect ? this.connect() : (source as Connection<A>);
    this.owed = new Watchdog(this.now, this.timers, opts.deadlineMs ?? DEADLINE_MS, (silent, oldest) =>
      this.failed({ kind: 'hung', detail: `stopped answering (nothing for ${(silent / 1000).toFixed(1)} s)`, call: oldest.name }));
    this.listen();
    this.quiet = this.caller({ internal: true });
    this.direct = this.caller({ internal: true, direct: true });
    const beat = opts.heartbeatMs ?? HEARTBEAT_MS;
    if (this.connect && beat > 0) this.heartbeat(beat);
  }

  onFrame(l: (f: F) => void): () => void {
    this.frameListeners.add(l);
    return () => { this.frameListeners.delete(l); };
  }

  /** A worker lost, restored, or not restored. */
  onRecovery(l: (e: RecoveryEvent) => void): () => void {
    this.recoveryListeners.add(l);
    return () => { this.recoveryListeners.delete(l); };
  }

  /** The instrument's snapshot and restore (its link, its lesson): without them a restart brings back a fresh worker only. */
  supervise(hooks: RecoveryHooks<A, F>): void {
    this.hooks = hooks;
    this.refresh();
  }

  /** The snapshot holds every action answered so far (tests wait for it before breaking a worker). */
  get snapshotCurrent(): boolean {
    return this.snap !== null && !this.snapping && this.answered <= this.snap.mark;
  }

  setDeadline(ms: number): void { this.owed.setDeadline(ms); }

  get frame(): F | null { return this.last; }
  get playing(): boolean { return this.wish.playing ?? this.last?.playing ?? false; }
  /** 'restarting' while a lost worker is replaced; 'down' if it could not be. */
  get state(): Mode { return this.mode; }

  /** Call the worker; a frame in the answer (or the answer itself, if it is a frame) goes to the listeners. */
  async call<K extends Methods<A>>(name: K, ...args: Args<A, K>): Promise<Result<A, K>> {
    return (await this.send(String(name), args)) as Result<A, K>;
  }

  /** call(), for event handlers: a failure is the recovery's to report, so it resolves undefined instead of throwing. */
  async act<K extends Methods<A>>(name: K, ...args: Args<A, K>): Promise<Result<A, K> | undefined> {
    try {
      return await this.call(name, ...args);
    } catch {
      return undefined;
    }
  }

  /** Play or pause, as act() does: every instrument's API has both, without arguments. */
  toggle(): Promise<unknown> {
    const playing = !this.playing;
    const id = this.wish.choose(playing);
    if (!playing) this.stop();
    if (this.last) this.show(this.last);
    return this.send(playing ? 'play' : 'pause', []).catch(() => undefined).finally(() => {
      if (!this.wish.settle(id)) return;
      // Reconciled: the worker's own answer (a Play refused at the end of a run shows paused).
      if (this.last) this.show(this.last);
    });
  }

  /** A Caller whose calls are the client's own (not actions; `direct`: not held while restarting). */
  private caller(how: { internal: boolean; direct?: boolean }): Caller<A> {
    // The send's own promise, not an async wrapper: no extra turn before the snapshot lands.
    return { call: (name, ...args) => this.send(String(name), args, how) as Promise<Result<A, typeof name>> };
  }

  stop(): void { this.loop.stop(); }

  private async send(name: string, args: unknown[], how: { internal?: boolean; direct?: boolean } = {}): Promise<unknown> {
    if (!how.direct) while (this.mode === 'restarting') await this.ready;
    if (this.mode === 'down' && this.downBy) throw this.lost(this.downBy);
    const internal = !!how.internal;
    const r = await new Promise((resolve, reject) => this.dispatch({ name, args, resolve, reject, tries: 0, internal, seq: internal ? 0 : ++this.sent }));
    this.take(r);
    return r;
  }

  private dispatch(o: Owed): void {
    const gen = this.gen;
    const id = this.owed.add(o);
    const done = (r: unknown) => {
      // An action's answer with a frame changed something: the snapshot follows at once.
      if (!o.internal && frameIn(r)) { this.answered = Math.max(this.answered, o.seq); this.refresh(); }
      o.resolve(r);
    };
    let p: Promise<unknown>;
    try {
      const fn = (this.conn.api as Record<PropertyKey, (...a: unknown[]) => unknown>)[o.name];
      p = Promise.resolve(Reflect.apply(fn, this.conn.api, o.args));
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(
      (r) => { if (gen === this.gen && this.owed.settle(id)) done(r); },
      (e: unknown) => {
        if (gen !== this.gen || !this.owed.settle(id)) return;
        o.reject(e);
        this.failed({ kind: 'threw', detail: `failed on "${o.name}" (${errText(e)})`, call: o.name });
      },
    );
  }

  private take(r: unknown): void {
    const f = frameIn(r);
    if (f) this.emit(f as F);
  }

  private emit(f: F): void {
    if (f.seq <= this.lastSeq) return;
    this.lastSeq = f.seq;
    this.last = f;
    this.show(f);
    if ((this.wish.playing ?? f.playing) || f.busy) this.loop.start();
    else this.stop();
  }

  /** A frame to the listeners, with the choice the worker has not answered yet in place of its own. */
  private show(f: F): void {
    const shown = this.wish.over(f);
    for (const l of this.frameListeners) l(shown);
  }

  private report(e: RecoveryEvent): void {
    for (const l of this.recoveryListeners) l(e);
  }

  private failed(f: Failure): void {
    if (this.mode === 'down') return;
    if (this.mode === 'restarting') {
      // The fresh worker failed while being restored: abandon this attempt (the restore's calls reject).
      this.gen++;
      for (const o of this.owed.takeAll()) o.reject(this.lost(f));
      return;
    }
    if (!this.connect) {
      this.stop();
      this.report({ phase: 'failed', failure: f, error: 'this page cannot restart it' });
      return;
    }
    void this.recover(f);
  }

  private async recover(f: Failure): Promise<void> {
    this.mode = 'restarting';
    this.ready = new Promise((r) => { this.release = r; });
    this.stop();
    this.loop.forget();
    const last = this.last;
    if (this.last) this.last = { ...this.last, playing: false, busy: false };
    this.gen++;
    const retry: Owed[] = [];
    this.owed.takeAll().forEach((o, i) => {
      // A hang is stuck on the oldest call: sending it again would hang the new worker too.
      if (o.internal || o.tries > 0 || (f.kind === 'hung' && i === 0)) o.reject(this.lost(f));
      else retry.push(o);
    });
    this.report({ phase: 'lost', failure: f });
    const exact = this.snap !== null && this.answered <= this.snap.mark;
    let error = 'no attempt was made';
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS; attempt++) {
      this.conn.close?.();
      this.gen++;
      this.lastSeq = -1;
      try {
        this.conn = (this.connect ?? noFactory)();
        this.listen();
        const withSnap = attempt < RESTART_ATTEMPTS;
        const words = this.hooks
          ? await this.hooks.restore(this.direct, { snapshot: withSnap ? this.snap?.value ?? null : null, exact: withSnap && exact, last })
          : 'a fresh worker';
        this.mode = 'up';
        // The restored state is the snapshot's (nothing sent since acted on it yet): it stays the
        // one to restore until a new one, taken before the calls sent again act, comes back.
        this.snap = this.snap && { value: this.snap.value, mark: this.sent };
        this.refresh();
        for (const o of retry) this.dispatch({ ...o, tries: o.tries + 1, seq: ++this.sent });
        this.report({ phase: 'restored', failure: f, words, attempts: attempt });
        this.release();
        return;
      } catch (e) {
        error = errText(e);
      }
    }
    this.mode = 'down';
    this.downBy = f;
    this.conn.close?.();
    for (const o of retry) o.reject(this.lost(f));
    this.report({ phase: 'failed', failure: f, error });
    this.release();
  }

  private lost(f: Failure): WorkerLost {
    return new WorkerLost(f, `the worker ${f.detail}${this.mode === 'down' ? ' and could not be restarted' : '; it is being restarted'}`);
  }

  private listen(): void {
    const gen = this.gen;
    this.conn.watch?.((f) => { if (gen === this.gen) this.failed(f); });
  }

  private heartbeat(ms: number): void {
    const beat = () => {
      if (this.mode === 'up' && this.owed.size === 0 && !this.loop.running) this.send('ping', [], { internal: true }).catch(() => undefined);
      this.timers.set(beat, ms);
    };
    this.timers.set(beat, ms);
  }

  private refresh(): void {
    if (!this.hooks || this.mode !== 'up') return;
    if (this.snapping) { this.snapAgain = true; return; }
    this.snapping = true;
    this.snapAt = this.now();
    // The hook's first call goes out now, synchronously: the worker answers it after every call sent before.
    const mark = this.sent;
    const gen = this.gen;
    this.hooks.snapshot(this.quiet).then(
      (value) => { if (gen === this.gen) this.snap = { value, mark }; },
      () => undefined,
    ).finally(() => {
      this.snapping = false;
      if (this.snapAgain) { this.snapAgain = false; this.refresh(); }
    });
  }
}
