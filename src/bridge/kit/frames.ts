// Reading a worker's answer: a frame itself, or an object carrying one under `frame`.
import type { KitFrame } from '../../worker/kit/types.ts';

function isFrame(x: unknown): x is KitFrame {
  return !!x && typeof x === 'object' && typeof (x as { seq?: unknown }).seq === 'number' && typeof (x as { lab?: unknown }).lab === 'string';
}

export function frameIn(x: unknown): KitFrame | null {
  if (isFrame(x)) return x;
  if (x && typeof x === 'object' && 'frame' in x && isFrame(x.frame)) return x.frame;
  return null;
}

/** An error in words, short enough for a status line. */
export function errText(e: unknown): string {
  return String((e as Error | null)?.message ?? e).slice(0, 200);
}
