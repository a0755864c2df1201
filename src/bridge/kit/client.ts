// The main thread's one door to an instrument's worker. Views call `call(name, ...args)` (or the
// `act` form that reports failures); every answer that carries a frame is emitted to the store.
// One pull loop: while a frame says the worker plays or is busy, the client asks for a frame per
// animation frame (at most one call in flight, at most every MIN_FRAME_MS), so a slow frame never
// queues work behind it. Frames older than one already shown are dropped.
import type { Remote } from 'comlink';
import type { KitFrame } from '../../worker/kit/types.ts';

/** About 25 frames a second: smooth enough for packets on a wire, and it leaves the main thread mostly idle. */
export const MIN_FRAME_MS = 40;

type Fn = (...args: never[]) => unknown;
type Methods<A> = { [K in keyof A]: A[K] extends Fn ? K : never }[keyof A];
type Args<A, K extends keyof A> = A[K] extends (...args: infer P) => unknown ? P : never;
type Result<A, K extends keyof A> = A[K] extends (...args: never[]) => infer R ? Awaited<R> : never;

export interface ClientOptions {
  now?: () => number;
  schedule?: (cb: () => void) => number;
  cancel?: (id: number) => void;
}

interface TickApi<F> { tick(wallMs: number): F }

export class LabClient<A extends TickApi<F>, F extends KitFrame> {
  private frameListeners = new Set<(f: F) => void>();
  private errorListeners = new Set<(message: string) => void>();
  private looping = false;
  private inFlight = false;
  private lastWall = 0;
  private raf = 0;
  private lastSeq = -1;
  private last: F | null = null;
  private readonly now: () => number;
  private readonly schedule: (cb: () => void) => number;
  private readonly cancel: (id: number) => void;

  constructor(private readonly api: A | Remote<A>, opts: ClientOptions = {}) {
    this.now = opts.now ?? (() => performance.now());
    this.schedule = opts.schedule ?? ((cb) => requestAnimationFrame(cb));
    this.cancel = opts.cancel ?? ((id) => cancelAnimationFrame(id));
  }

  onFrame(l: (f: F) => void): () => void {
    this.frameListeners.add(l);
    return () => { this.frameListeners.delete(l); };
  }

  /** Failures of the channel or the worker (not refusals, which answer normally). */
  onError(l: (message: string) => void): () => void {
    this.errorListeners.add(l);
    return () => { this.errorListeners.delete(l); };
  }

  get frame(): F | null { return this.last; }
  get playing(): boolean { return this.last?.playing ?? false; }

  /** Call the worker; a frame in the answer (or the answer itself, if it is a frame) goes to the listeners. */
  async call<K extends Methods<A>>(name: K, ...args: Args<A, K>): Promise<Result<A, K>> {
    const fn = (this.api as Record<PropertyKey, (...a: unknown[]) => unknown>)[name as PropertyKey];
    const r = (await fn(...(args as unknown[]))) as Result<A, K>;
    this.take(r);
    return r;
  }

  /** call(), with a failure reported to the error listeners instead of thrown (for event handlers). */
  async act<K extends Methods<A>>(name: K, ...args: Args<A, K>): Promise<Result<A, K> | undefined> {
    try {
      return await this.call(name, ...args);
    } catch (e) {
      this.fail(`${String(name)} failed: ${(e as Error)?.message ?? String(e)}`);
      return undefined;
    }
  }

  toggle(): Promise<unknown> {
    return this.act((this.playing ? 'pause' : 'play') as Methods<A>, ...([] as unknown as Args<A, Methods<A>>));
  }

  stop(): void {
    this.looping = false;
    this.cancel(this.raf);
  }

  private take(r: unknown): void {
    if (!r || typeof r !== 'object') return;
    if (isFrame(r)) this.emit(r as F);
    else if ('frame' in r && isFrame((r as { frame: unknown }).frame)) this.emit((r as { frame: F }).frame);
  }

  private emit(f: F): void {
    if (f.seq <= this.lastSeq) return;
    this.lastSeq = f.seq;
    this.last = f;
    for (const l of this.frameListeners) l(f);
    if (f.playing || f.busy) this.startLoop();
    else this.stop();
  }

  private fail(message: string): void {
    this.stop();
    for (const l of this.errorListeners) l(message);
  }

  private startLoop(): void {
    if (this.looping) return;
    this.looping = true;
    this.lastWall = this.now();
    const loop = () => {
      if (!this.looping) return;
      this.raf = this.schedule(loop);
      if (this.inFlight) return;
      const wall = this.now();
      const dt = wall - this.lastWall;
      if (dt < MIN_FRAME_MS) return;
      this.lastWall = wall;
      this.inFlight = true;
      Promise.resolve((this.api as TickApi<F>).tick(dt)).then(
        (f) => { this.inFlight = false; this.emit(f); },
        (e: unknown) => { this.inFlight = false; this.fail(`the worker stopped answering: ${(e as Error)?.message ?? String(e)}`); },
      );
    };
    this.raf = this.schedule(loop);
  }
}

function isFrame(x: unknown): boolean {
  return !!x && typeof x === 'object' && typeof (x as { seq?: unknown }).seq === 'number' && typeof (x as { lab?: unknown }).lab === 'string';
}
