// The client's pull loop: while a frame says the worker plays or is busy, it asks for a frame per
// animation frame, with at most one tick in flight and at most one every MIN_FRAME_MS, so a slow
// frame never queues work behind it.

/** About 25 frames a second: smooth enough for packets on a wire, and it leaves the main thread mostly idle. */
export const MIN_FRAME_MS = 40;

export interface FrameClock {
  now(): number;
  schedule(cb: () => void): number;
  cancel(id: number): void;
}

export class PullLoop {
  private looping = false;
  private inFlight = false;
  private lastWall = 0;
  private raf = 0;

  /** `tick(dt)`: one frame's worth of the worker's time, `dt` wall ms since the last. */
  constructor(private readonly clock: FrameClock, private readonly tick: (dt: number) => Promise<unknown>) {}

  get running(): boolean { return this.looping; }

  start(): void {
    if (this.looping) return;
    this.looping = true;
    this.lastWall = this.clock.now();
    const loop = () => {
      if (!this.looping) return;
      this.raf = this.clock.schedule(loop);
      if (this.inFlight) return;
      const wall = this.clock.now();
      const dt = wall - this.lastWall;
      if (dt < MIN_FRAME_MS) return;
      this.lastWall = wall;
      this.inFlight = true;
      // A worker lost mid-tick rejects: recovery has stopped the loop; a restored frame starts it again.
      const done = () => { this.inFlight = false; };
      this.tick(dt).then(done, done);
    };
    this.raf = this.clock.schedule(loop);
  }

  stop(): void {
    this.looping = false;
    this.clock.cancel(this.raf);
  }

  /** A lost worker's tick will never answer: the next start must not wait on it. */
  forget(): void { this.inFlight = false; }
}
