// Every instrument's wiring is its registry entry: the worker the boot starts early (found by the
// spawn file's name, before the registry loads) is the one its entry holds, and each entry has
// every lesson action (a missing one is a type error too; this holds the runtime shape).
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from '../scenario/link/labName.ts';
import { spawnOf } from './first.ts';
import { REGISTRY, instruments } from './registry.ts';

describe('the registry holds each instrument whole', () => {
  it.each(INSTRUMENTS)('%s: the boot starts the worker its entry holds', (id) => {
    expect(spawnOf(id)).toBe(REGISTRY[id].connect);
  });
  it.each(INSTRUMENTS)('%s: its entry holds every lesson action', (id) => {
    const a = REGISTRY[id].lessons;
    for (const k of ['pick', 'goTo', 'solve', 'answer', 'vary', 'reveal', 'hint', 'restore'] as const) expect(typeof a[k]).toBe('function');
  });
  it('lists the instruments in the id list order', () => {
    expect(instruments().map((e) => e.id).slice(0, INSTRUMENTS.length)).toEqual([...INSTRUMENTS]);
  });
});
