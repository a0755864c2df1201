// Small helpers shared by bench modules.
export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Bytes of ArrayBuffer memory (typed arrays) currently allocated. No GC needed: a fresh
 *  allocation shows up at once, which is what a before/after difference needs. WHY not heapUsed
 *  after gc(): tsx cannot pass --expose-gc, and enabling it at run time slowed the JIT-compiled
 *  loops being measured several-fold. */
export const arrayBufferBytes = (): number => process.memoryUsage().arrayBuffers;
