// The main thread's door to the NIC-memory worker. Views call these methods; frames come back
// through onFrame. The worker starts lazily on first use. Frames are pulled by
// requestAnimationFrame with at most one tick in flight, and the loop keeps pulling while the
// worker reports background work (table setup, the progressive sweep), so the sweep runs
// without any call ever blocking the page.
import { wrap, type Remote } from 'comlink';
import type { CapacityInput } from '../core/memory/index.ts';
import type { MemoryApi } from '../worker/memory/api.ts';
import type {
  CapacityReply, CompareSide, LabConfig, LinkReply, MemFrame, MemoryTab, RaceInput, RaceReply, Reply, TourInfo,
} from '../worker/memory/types.ts';

type Api = MemoryApi | Remote<MemoryApi>;
export type MemFrameListener = (f: MemFrame) => void;

/** Pull at most ~20 frames a second: the page re-renders per frame, and readouts need no more;
 *  the cache canvas animates its flashes on its own rAF. This keeps the main thread mostly idle
 *  on a busy 2-core machine while the worker sweeps. */
export const MIN_TICK_MS = 48;

export class MemoryClient {
  private listeners = new Set<MemFrameListener>();
  private looping = false;
  private inFlight = false;
  private lastWall = 0;
  private raf = 0;
  private playing = false;

  constructor(private readonly api: Api, private readonly now: () => number = () => performance.now(),
    private readonly schedule: (cb: () => void) => number = (cb) => requestAnimationFrame(cb),
    private readonly cancel: (id: number) => void = (id) => cancelAnimationFrame(id)) {}

  onFrame(l: MemFrameListener): () => void {
    this.listeners.add(l);
    return () => { this.listeners.delete(l); };
  }

  private emit(f: MemFrame): MemFrame {
    this.playing = f.playing;
    for (const l of this.listeners) l(f);
    if (f.playing || f.busy) this.startLoop();
    return f;
  }

  private reply<R extends { frame: MemFrame }>(r: R): R {
    this.emit(r.frame);
    return r;
  }

  async frame(): Promise<MemFrame> { return this.emit(await this.api.frame()); }
  async setConfig(patch: Partial<LabConfig>): Promise<Reply> { return this.reply(await this.api.setConfig(patch)); }
  async setPreset(id: LabConfig['preset'], qps?: number): Promise<Reply> { return this.reply(await this.api.setPreset(id, qps)); }
  async play(): Promise<MemFrame> { return this.emit(await this.api.play()); }
  async pause(): Promise<MemFrame> { return this.emit(await this.api.pause()); }
  async toggle(): Promise<MemFrame> { return this.playing ? this.pause() : this.play(); }
  async step(n = 1): Promise<MemFrame> { return this.emit(await this.api.step(n)); }
  async setSpeed(packetsPerSecond: number): Promise<MemFrame> { return this.emit(await this.api.setSpeed(packetsPerSecond)); }
  async selectSet(set: number): Promise<MemFrame> { return this.emit(await this.api.selectSet(set)); }
  async setWalk(qpn: number | null): Promise<Reply> { return this.reply(await this.api.setWalk(qpn)); }
  async setPinned(qpn: number, pin: boolean): Promise<Reply> { return this.reply(await this.api.setPinned(qpn, pin)); }
  async setCompare(sides: { a: CompareSide; b: CompareSide } | null): Promise<Reply> { return this.reply(await this.api.setCompare(sides)); }
  async patchCompare(side: 'a' | 'b', patch: Partial<CompareSide>): Promise<Reply> { return this.reply(await this.api.patchCompare(side, patch)); }
  async compareSides(): Promise<{ a: CompareSide; b: CompareSide }> { return this.api.compareSides(); }
  async capacity(input: CapacityInput): Promise<CapacityReply> { return this.api.capacity(input); }
  async race(input: RaceInput): Promise<RaceReply> { return this.api.race(input); }
  async encodeLink(tab: MemoryTab): Promise<string> { return this.api.encodeLink(tab); }
  async openLink(text: string): Promise<LinkReply> { return this.reply(await this.api.openLink(text)); }
  async tour(): Promise<TourInfo[]> { return this.api.tour(); }
  async setTourStep(topic: string | null, step = 0): Promise<MemFrame> { return this.emit(await this.api.setTourStep(topic, step)); }
  async tourApply(topic: string, step: number | 'start'): Promise<Reply> { return this.reply(await this.api.tourApply(topic, step)); }

  get isPlaying(): boolean {
    return this.playing;
  }

  /** Pull frames while the worker plays or has background work; one tick in flight at most. */
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
      if (dt < MIN_TICK_MS - 4) return;
      this.lastWall = wall;
      this.inFlight = true;
      Promise.resolve(this.api.tick(dt)).then((f) => {
        this.inFlight = false;
        this.emit(f);
        if (!f.playing && !f.busy) this.stopLoop();
      }, () => { this.inFlight = false; this.stopLoop(); });
    };
    this.raf = this.schedule(loop);
  }

  stopLoop(): void {
    this.looping = false;
    this.cancel(this.raf);
  }
}

let current: MemoryClient | null = null;

/** The lab's client, starting its worker on first use. */
export function memoryClient(): MemoryClient {
  if (!current) {
    const worker = new Worker(new URL('../worker/memory.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-memory' });
    current = new MemoryClient(wrap<MemoryApi>(worker));
  }
  return current;
}
