// Test doubles for the client's recovery, in Node: a manual clock with timers and animation
// frames, and a fake worker (a tiny lab with an instant) whose answers a test can hold back,
// drop, or turn into errors, and whose channel can raise the alarms a real one would.
import type { Connection, Failure } from './client.ts';
import type { KitFrame } from '../../worker/kit/types.ts';
import type { Timers } from './watchdog.ts';

export class Clock implements Timers {
  now = 0;
  private ids = 0;
  private due: Array<{ id: number; at: number; cb: () => void }> = [];

  set(cb: () => void, ms: number): number {
    const id = ++this.ids;
    this.due.push({ id, at: this.now + ms, cb });
    return id;
  }

  clear(id: unknown): void {
    this.due = this.due.filter((d) => d.id !== id);
  }

  /** Let `ms` pass: every timer due runs, in time order, with promises settled between them. */
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      await settle();
      this.due.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.due[0];
      if (!next || next.at > end) break;
      this.due.shift();
      this.now = Math.max(this.now, next.at);
      next.cb();
    }
    this.now = end;
    await settle();
  }
}

/** Let every pending promise callback run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

export interface TinyFrame extends KitFrame { t: number }

/** How the fake answers: at once, never (dead or hung), or by throwing. */
export type Behaviour = 'answer' | 'silent' | 'throw';

export class TinyLab {
  t = 0;
  playing = false;
  seq = 0;
  speed = 1;
  lesson: KitFrame['lesson'] = null;
  behaviour: Behaviour = 'answer';
  /** Calls this lab never answers, or throws on, whatever its behaviour. */
  readonly silent = new Set<string>();
  readonly throwing = new Set<string>();
  /** Answer each call this long after the one before (a busy worker answering in order); 0: at once. */
  slowMs = 0;
  /** Play answers paused (a run at its end refuses to play). */
  refusePlay = false;
  later: (cb: () => void, ms: number) => void = () => undefined;
  private busyUntil = 0;
  clock: () => number = () => 0;
  readonly calls: string[] = [];
  alarm: (f: Failure) => void = () => undefined;
  closed = false;

  private frame(): TinyFrame {
    return { seq: ++this.seq, lab: 'transport', playing: this.playing, busy: false, speed: this.speed, lesson: this.lesson, t: this.t };
  }

  private answer<T>(name: string, f: () => T): Promise<T> {
    this.calls.push(name);
    if (this.closed || this.behaviour === 'silent' || this.silent.has(name)) return new Promise<T>(() => undefined);
    if (this.behaviour === 'throw' || this.throwing.has(name)) return Promise.reject(new Error(`${name} broke`));
    if (this.slowMs === 0) return Promise.resolve(f());
    this.busyUntil = Math.max(this.busyUntil, this.clock()) + this.slowMs;
    return new Promise<T>((resolve) => this.later(() => resolve(f()), this.busyUntil - this.clock()));
  }

  readonly api = {
    frame: () => this.answer('frame', () => this.frame()),
    ping: () => this.answer('ping', () => true as const),
    tick: (ms: number) => this.answer('tick', () => { if (this.playing) this.t += Math.round(ms); return this.frame(); }),
    play: () => this.answer('play', () => { this.playing = !this.refusePlay; return this.frame(); }),
    pause: () => this.answer('pause', () => { this.playing = false; return this.frame(); }),
    step: () => this.answer('step', () => { this.playing = false; this.t += 1; return this.frame(); }),
    state: () => this.answer('state', () => ({ t: this.t })),
    open: (t: number) => this.answer('open', () => { this.t = t; this.playing = false; return { ok: true, frame: this.frame() }; }),
  };

  connection(): Connection<TinyApi> {
    // Every answer is a promise, as a comlink proxy's are: the API is the worker's, remote.
    return { api: this.api, watch: (r) => { this.alarm = r; }, close: () => { this.closed = true; } };
  }
}

/** The fake's API as a worker API is typed (a comlink proxy makes every answer a promise). */
export interface TinyApi {
  frame(): TinyFrame;
  ping(): true;
  tick(ms: number): TinyFrame;
  play(): TinyFrame;
  pause(): TinyFrame;
  step(): TinyFrame;
  state(): { t: number };
  open(t: number): { ok: boolean; frame: TinyFrame };
}
