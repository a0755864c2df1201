// The main thread's door to the simulation worker. Views call these methods; frames come back
// through onFrame. Playback is pulled by requestAnimationFrame with at most one call in flight,
// so a slow frame never queues work behind it.
import type { Remote } from 'comlink';
import type { Command, Scenario, Summary } from '../core/index.ts';
import type { WorkerApi, LoadReply } from '../worker/api.ts';
import type { LessonInfo } from '../worker/lessonRunner.ts';
import type { CommandReply, Frame, ReferenceData } from '../worker/types.ts';

type Api = WorkerApi | Remote<WorkerApi>;
export type FrameListener = (f: Frame) => void;

const MIN_FRAME_MS = 30;

export class SimClient {
  private listeners = new Set<FrameListener>();
  private playing = false;
  private inFlight = false;
  private lastWall = 0;
  private raf = 0;

  constructor(private readonly api: Api, private readonly now: () => number = () => performance.now(),
    private readonly schedule: (cb: () => void) => number = (cb) => requestAnimationFrame(cb),
    private readonly cancel: (id: number) => void = (id) => cancelAnimationFrame(id)) {}

  onFrame(l: FrameListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private emit(f: Frame): Frame {
    for (const l of this.listeners) l(f);
    if (this.playing && !f.playing) this.stopLoop();
    return f;
  }

  async reference(): Promise<ReferenceData> {
    return this.api.reference();
  }

  async load(scenario: Scenario | unknown, at = 0): Promise<LoadReply> {
    this.stopLoop();
    const r = await this.api.load(scenario, at);
    if (r.frame) this.emit(r.frame);
    return r;
  }

  async play(): Promise<void> {
    const f = this.emit(await this.api.play());
    if (f.playing) this.startLoop();
  }

  async pause(): Promise<void> {
    this.stopLoop();
    this.emit(await this.api.pause());
  }

  async toggle(): Promise<void> {
    return this.playing ? this.pause() : this.play();
  }

  async step(): Promise<void> {
    this.stopLoop();
    await this.api.pause();
    this.emit(await this.api.step());
  }

  async setSpeed(nsPerSecond: number): Promise<void> {
    this.emit(await this.api.setSpeed(nsPerSecond));
  }

  async seek(t: number): Promise<void> {
    this.emit(await this.api.seek(t));
  }

  async command(cmd: Command): Promise<CommandReply> {
    const r = await this.api.command(cmd);
    this.emit(r.frame);
    return r;
  }

  async lessons(): Promise<LessonInfo[]> {
    return this.api.lessons();
  }

  async startLesson(id: string, keepScenario = false, step = 0): Promise<LoadReply> {
    this.stopLoop();
    const r = await this.api.startLesson(id, keepScenario, step);
    if (r.frame) this.emit(r.frame);
    return r;
  }

  async stopLesson(): Promise<void> {
    this.emit(await this.api.stopLesson());
  }

  async lessonStep(step: number): Promise<void> {
    this.emit(await this.api.lessonStep(step));
  }

  async solveStep(): Promise<CommandReply> {
    const r = await this.api.solveStep();
    this.emit(r.frame);
    return r;
  }

  async summary(): Promise<Summary> {
    return this.api.summary();
  }

  async exportScenario(): Promise<{ scenario: Scenario; t: number }> {
    return this.api.exportScenario();
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  private startLoop(): void {
    if (this.playing) return;
    this.playing = true;
    this.lastWall = this.now();
    const loop = () => {
      if (!this.playing) return;
      this.raf = this.schedule(loop);
      if (this.inFlight) return;
      const wall = this.now();
      const dt = wall - this.lastWall;
      // About 30 frames a second is smooth for packets on a wire and halves the render work.
      if (dt < MIN_FRAME_MS) return;
      this.lastWall = wall;
      this.inFlight = true;
      Promise.resolve(this.api.tick(dt)).then((f) => { this.inFlight = false; this.emit(f); }, () => { this.inFlight = false; });
    };
    this.raf = this.schedule(loop);
  }

  private stopLoop(): void {
    this.playing = false;
    this.cancel(this.raf);
  }
}
