// Questions the lab answers without changing its state: the capacity calculator and the
// control-write-vs-lookup race (both closed-form or cycle-exact models in the core).
import { capacity as capacityOf, simulateRace, tornWindow, PROTECTIONS, RTS_RTS_FIELDS, type CapacityInput, type Protection, type RaceTrace } from '../../core/memory/index.ts';
import type { CapacityReply, RaceInput, RaceReply } from './types.ts';

export function capacity(input: CapacityInput): CapacityReply {
  try {
    return { ok: true, input, result: capacityOf(input) };
  } catch (e) {
    return { ok: false, input, error: (e as Error).message };
  }
}

export function race(input: RaceInput): RaceReply {
  try {
    const words = input.words ?? RTS_RTS_FIELDS.length;
    const wpw = input.writeCyclesPerWord ?? 4;
    const rpw = input.readCyclesPerWord ?? 1;
    const base = words * rpw + 2;
    if (!Number.isInteger(input.readerOffset) || input.readerOffset < -base || input.readerOffset > 200) {
      return { ok: false, error: `race.readerOffset must be an integer in ${-base}..200, got ${String(input.readerOffset)}` };
    }
    const traces = {} as Record<Protection, RaceTrace>;
    for (const protection of PROTECTIONS) {
      traces[protection] = simulateRace({ protection, words, writeCyclesPerWord: wpw, readCyclesPerWord: rpw, writerStart: base, readerStart: base + input.readerOffset });
    }
    const torn = tornWindow({ words, writerStart: base, writeCyclesPerWord: wpw, readCyclesPerWord: rpw });
    return { ok: true, traces, tornOffsets: torn.offsets, writerStart: base };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}
