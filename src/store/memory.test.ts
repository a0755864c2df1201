import { describe, expect, it } from 'vitest';
import { createMemoryApi } from '../worker/memory/api.ts';
import { defaultConfig } from '../core/memory/index.ts';
import { hitRateSentence, memoryStore, sameConfig } from './memory.ts';

describe('memory store', () => {
  it('keeps the last cache grid when a frame carries none, and the config object when it did not change', () => {
    const api = createMemoryApi({ initial: { ...defaultConfig('cx3', 300) } });
    const st = memoryStore.getState();
    st.applyFrame(api.step(50));
    const grid = memoryStore.getState().grid;
    const config = memoryStore.getState().frame!.config;
    expect(grid).not.toBeNull();
    const idle = api.frame();
    expect(idle.live.grid).toBeNull();
    st.applyFrame(idle);
    expect(memoryStore.getState().grid).toBe(grid);
    expect(memoryStore.getState().frame!.config).toBe(config);
    expect(memoryStore.getState().flash.recs.length).toBe(50);
  });
  it('forgets the latest lookups when a new configuration starts a new run (their packets, and their why?, are gone)', () => {
    const api = createMemoryApi({ initial: { ...defaultConfig('cx3', 300) } });
    const st = memoryStore.getState();
    st.applyFrame(api.step(20));
    expect(memoryStore.getState().flash.recs.length).toBeGreaterThan(0);
    st.applyFrame(api.frame());
    expect(memoryStore.getState().flash.recs.length).toBeGreaterThan(0); // nothing new: still shown
    st.applyFrame(api.setConfig({ policy: 'fifo' }).frame);
    expect(memoryStore.getState().flash.recs).toEqual([]);
  });
  it('compares configs field by field, pinned lists included', () => {
    const a = defaultConfig('cx3');
    expect(sameConfig(a, { ...a, pinned: [] })).toBe(true);
    expect(sameConfig(a, { ...a, pinned: [16] })).toBe(false);
    expect(sameConfig(a, { ...a, qps: 49 })).toBe(false);
  });
  it('announces the hit rate in a sentence', () => {
    const api = createMemoryApi({ initial: defaultConfig('cx3', 1000) });
    api.setSpeed(100_000);
    api.play();
    let f = api.tick(0);
    for (let i = 0; i < 40 && !f.live.readout.valid; i++) f = api.tick(100);
    expect(hitRateSentence(f)).toMatch(/^Hit rate \d+(\.\d)?% with 1,000 active QPs on 112 cached contexts; \d+\.\d\d Mops\.$/);
  });
});
