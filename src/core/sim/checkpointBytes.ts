// What one checkpoint costs in memory, estimated: the timeline keeps its checkpoints within a
// byte budget, and a scenario with thousands of deep queues makes each of them large. A walk
// over the copied data with V8's typical sizes (a pointer or small number 8 bytes, an object
// header 16, typed arrays their buffer). Exactness is not the point; proportion is: the walk
// costs about as much as the copy it measures, once per checkpoint.

const PTR = 8;
const HEADER = 16;

function walk(x: unknown, depth: number): number {
  if (x === null || typeof x !== 'object') return typeof x === 'string' ? HEADER + 2 * x.length : PTR;
  if (ArrayBuffer.isView(x)) return HEADER * 4 + x.byteLength;
  if (depth > 64) return HEADER;
  if (Array.isArray(x)) {
    let b = HEADER + PTR * x.length;
    for (const v of x) if (v !== null && typeof v === 'object') b += walk(v, depth + 1);
    return b;
  }
  if (x instanceof Map) {
    let b = HEADER * 2 + 3 * PTR * x.size;
    for (const v of x.values()) b += walk(v, depth + 1);
    return b;
  }
  let b = HEADER;
  for (const k of Object.keys(x)) {
    const v = (x as Record<string, unknown>)[k];
    b += PTR + (v !== null && typeof v === 'object' ? walk(v, depth + 1) : typeof v === 'string' ? HEADER + 2 * v.length : 0);
  }
  return b;
}

/** The parts of a Checkpoint (engine.ts) that are its own copies. */
export interface CheckpointParts { world: unknown; qps: unknown; hosts: unknown; heap: { readonly size: number }; rng: unknown }

export function checkpointBytes(c: CheckpointParts): number {
  // The heap's items are shared with the live run (immutable once scheduled): only its index
  // arrays (a pointer, a time and a sequence number per item) are the checkpoint's own.
  return walk(c.world, 0) + walk(c.qps, 0) + walk(c.hosts, 0) + c.heap.size * (PTR + 16) + walk(c.rng, 0);
}
