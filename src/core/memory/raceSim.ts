// Cycle-by-cycle simulation of race.ts's model. In each cycle the reader (packet pipeline) acts
// first on the state as it was at the start of the cycle, then the writer (control plane) acts
// and its effects land at the end of the cycle: read-first SRAM, and the pipeline wins ties.
import { PROTECTIONS, RTS_RTS_FIELDS, type Protection, type RaceConfig, type RaceEvent, type RaceField, type RaceTrace } from './race.ts';

const LIMIT = 100_000;

function resolve(cfg: RaceConfig): RaceTrace['config'] {
  const words = cfg.words ?? 4;
  const c = {
    protection: cfg.protection, words, writerStart: cfg.writerStart, readerStart: cfg.readerStart,
    writeCyclesPerWord: cfg.writeCyclesPerWord ?? 4, readCyclesPerWord: cfg.readCyclesPerWord ?? 1,
    fields: cfg.fields ?? (words === RTS_RTS_FIELDS.length ? RTS_RTS_FIELDS : Array.from({ length: words }, (_, i) => ({ name: `word ${i}`, old: 'old', new: 'new' }))),
  };
  const int = (v: number, lo: number, hi: number, name: string) => {
    if (!Number.isInteger(v) || v < lo || v > hi) throw new RangeError(`race.${name} must be an integer in ${lo}..${hi}, got ${v}`);
  };
  if (!PROTECTIONS.includes(c.protection)) throw new RangeError(`race.protection must be one of ${PROTECTIONS.join(', ')}, got ${String(c.protection)}`);
  int(c.words, 1, 64, 'words');
  int(c.writerStart, 0, 10_000, 'writerStart');
  int(c.readerStart, 0, 10_000, 'readerStart');
  int(c.writeCyclesPerWord, 1, 64, 'writeCyclesPerWord');
  int(c.readCyclesPerWord, 1, 64, 'readCyclesPerWord');
  if (c.fields.length !== words) throw new RangeError(`race.fields must have one entry per word (${words}), got ${c.fields.length}`);
  return c;
}

export function simulateRace(cfg: RaceConfig): RaceTrace {
  const c = resolve(cfg);
  const p: Protection = c.protection;
  const wide = p === 'dual-port';
  const W = c.words;
  const mem = new Uint8Array(W); // 0 = old, 1 = new
  let version = 0;
  let lock: 'none' | 'writer' | 'reader' = 'none';
  const ev: RaceEvent[] = [];
  const writerPhases = p === 'busy-bit' ? ['lock', 'words', 'unlock'] : p === 'seqlock' ? ['odd', 'words', 'even'] : wide ? ['row'] : ['words'];
  const readerPhases = p === 'busy-bit' ? ['check', 'words'] : p === 'seqlock' ? ['v1', 'words', 'v2'] : wide ? ['row'] : ['words'];
  const w = { phase: 0, word: 0, spent: 0, stall: 0, end: -1 };
  const r = { phase: 0, word: 0, spent: 0, stall: 0, end: -1, v1: 0, retries: 0, seen: new Uint8Array(W) };

  for (let cy = Math.min(c.writerStart, c.readerStart); cy < LIMIT && (w.end < 0 || r.end < 0); cy++) {
    let rowReadNow = false;
    // ---- reader ----
    if (r.end < 0 && cy >= c.readerStart) {
      const ph = readerPhases[r.phase];
      if (ph === 'check') {
        if (lock === 'writer') { r.stall++; ev.push({ cycle: cy, actor: 'reader', action: 'busy-stall' }); }
        else { lock = 'reader'; ev.push({ cycle: cy, actor: 'reader', action: 'check-busy', note: 'free: hold the entry' }); r.phase++; }
      } else if (ph === 'v1' || ph === 'v2') {
        ev.push({ cycle: cy, actor: 'reader', action: 'read-version', note: `version ${version}` });
        if (ph === 'v1') { r.v1 = version; r.phase++; }
        else if (r.v1 % 2 === 1 || r.v1 !== version) {
          r.retries++;
          ev.push({ cycle: cy, actor: 'reader', action: 'retry', note: `version ${r.v1} → ${version}: a write overlapped` });
          r.phase = 0; r.word = 0; r.spent = 0;
        } else r.end = cy;
      } else if (ph === 'row') {
        rowReadNow = true;
        r.seen.fill(mem[0]);
        ev.push({ cycle: cy, actor: 'reader', action: 'read-row', value: mem[0] ? 'new' : 'old' });
        r.end = cy;
      } else {
        if (r.spent === 0) { r.seen[r.word] = mem[r.word]; ev.push({ cycle: cy, actor: 'reader', action: 'read-word', word: r.word, value: mem[r.word] ? 'new' : 'old' }); }
        if (++r.spent === c.readCyclesPerWord) {
          r.spent = 0;
          if (++r.word === W) {
            r.phase++;
            if (r.phase === readerPhases.length) { r.end = cy; if (lock === 'reader') lock = 'none'; }
          }
        }
      }
      if (r.end === cy) ev.push({ cycle: cy, actor: 'reader', action: 'done' });
    }
    // ---- writer (effects land at the end of the cycle) ----
    if (w.end < 0 && cy >= c.writerStart) {
      const ph = writerPhases[w.phase];
      if (ph === 'lock') {
        if (lock !== 'none') { w.stall++; ev.push({ cycle: cy, actor: 'writer', action: 'lock-wait', note: 'a packet is reading the entry' }); }
        else { lock = 'writer'; ev.push({ cycle: cy, actor: 'writer', action: 'lock' }); w.phase++; }
      } else if (ph === 'unlock') {
        lock = 'none'; ev.push({ cycle: cy, actor: 'writer', action: 'unlock' }); w.end = cy;
      } else if (ph === 'odd' || ph === 'even') {
        version++; ev.push({ cycle: cy, actor: 'writer', action: ph === 'odd' ? 'version-odd' : 'version-even', note: `version → ${version}` });
        w.phase++;
        if (ph === 'even') w.end = cy;
      } else if (ph === 'row') {
        if (rowReadNow) { w.stall++; ev.push({ cycle: cy, actor: 'writer', action: 'arbitration-wait', note: 'same row read this cycle; pipeline first' }); }
        else { mem.fill(1); ev.push({ cycle: cy, actor: 'writer', action: 'write-row', value: 'new' }); w.end = cy; }
      } else if (++w.spent === c.writeCyclesPerWord) {
        mem[w.word] = 1;
        ev.push({ cycle: cy, actor: 'writer', action: 'write-word', word: w.word, value: 'new' });
        w.spent = 0;
        if (++w.word === W) { w.phase++; if (w.phase === writerPhases.length) w.end = cy; }
      }
      if (w.end === cy) ev.push({ cycle: cy, actor: 'writer', action: 'done' });
    }
  }
  if (w.end < 0 || r.end < 0) throw new Error('race simulation did not finish');
  const observed = Array.from(r.seen, (v) => (v ? 'new' as const : 'old' as const));
  const readerCycles = r.end - c.readerStart + 1;
  const writerCycles = w.end - c.writerStart + 1;
  return {
    config: c, events: ev, observed,
    fields: c.fields.map((f: RaceField, i) => ({ ...f, from: observed[i], seen: observed[i] === 'new' ? f.new : f.old })),
    torn: observed.includes('old') && observed.includes('new'),
    readerCycles, writerCycles, readerStallCycles: r.stall, writerStallCycles: w.stall, retries: r.retries,
    readerOverheadCycles: readerCycles - (wide ? 1 : W * c.readCyclesPerWord),
  };
}

/** Reader start offsets (relative to the writer's start) at which an unprotected read tears. */
export function tornWindow(cfg: Omit<RaceConfig, 'protection' | 'readerStart'>): { offsets: number[]; width: number } {
  const words = cfg.words ?? 4;
  const wpw = cfg.writeCyclesPerWord ?? 4;
  const rpw = cfg.readCyclesPerWord ?? 1;
  const offsets: number[] = [];
  const base = Math.max(cfg.writerStart, words * rpw + 2);
  for (let off = -(words * rpw + 2); off <= words * wpw + 2; off++) {
    if (simulateRace({ ...cfg, writerStart: base, readerStart: base + off, protection: 'none' }).torn) offsets.push(off);
  }
  return { offsets, width: offsets.length };
}

/** The same collision under every protection, side by side. */
export function compareProtections(cfg: Omit<RaceConfig, 'protection'>): Array<Pick<RaceTrace, 'torn' | 'readerCycles' | 'readerOverheadCycles' | 'writerCycles' | 'readerStallCycles' | 'writerStallCycles' | 'retries'> & { protection: Protection }> {
  return PROTECTIONS.map((protection) => {
    const t = simulateRace({ ...cfg, protection });
    return {
      protection, torn: t.torn, readerCycles: t.readerCycles, readerOverheadCycles: t.readerOverheadCycles, writerCycles: t.writerCycles,
      readerStallCycles: t.readerStallCycles, writerStallCycles: t.writerStallCycles, retries: t.retries,
    };
  });
}
