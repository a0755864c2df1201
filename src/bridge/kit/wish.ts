// The person's Play/Pause, shown from the click until the worker answers it: a second click under
// lag then flips the choice instead of sending Play twice, and a tick answered before the pause
// cannot show the run playing again.

export class PlayWish {
  private wish: { playing: boolean; id: number } | null = null;
  private count = 0;

  /** The unanswered choice, if any. */
  get playing(): boolean | undefined { return this.wish?.playing; }

  /** The person chose `playing`; the id returned settles this choice and no later one. */
  choose(playing: boolean): number {
    const id = ++this.count;
    this.wish = { playing, id };
    return id;
  }

  /** The worker answered choice `id`: false if a later choice is still waiting for its answer. */
  settle(id: number): boolean {
    if (this.wish?.id !== id) return false;
    this.wish = null;
    return true;
  }

  /** `f` as the person should see it: the unanswered choice in place of the worker's own. */
  over<F extends { playing: boolean }>(f: F): F {
    return this.wish && this.wish.playing !== f.playing ? { ...f, playing: this.wish.playing } : f;
  }
}
