// The eviction "why?" through the worker API a person drives: every eviction the Latest lookups
// can show (the ring of the last 64 packets) has its record, the record names the row's own QPs
// and packet, the chain is built from it, and a packet the ring no longer holds has none.
import { describe, expect, it } from 'vitest';
import { POLICY_IDS, defaultConfig } from '../../core/memory/index.ts';
import { createMemoryApi } from './api.ts';

describe.each(POLICY_IDS)('evictionWhy under %s', (policy) => {
  it('answers for every eviction of the last 64 packets, naming the row\'s miss and victim', () => {
    const api = createMemoryApi({ initial: { ...defaultConfig('cx3', 600), policy } });
    api.finishBackground();
    api.setSpeed(10_000);
    api.play();
    const f = api.tick(30);
    const evictions = f.live.recent.filter((r) => r.code >= 2);
    expect(evictions.length).toBeGreaterThan(0);
    for (const r of evictions) {
      const a = api.evictionWhy(r.n)!;
      expect(a.why).toMatchObject({ policy, set: r.set, incoming: { qpn: r.qpn, stamp: 2 * r.n }, victim: { qpn: r.victim } });
      expect(a.chain[0].text).toContain(`Packet #${r.n.toLocaleString('en-US')}'s lookup of 0x${r.qpn.toString(16)} missed`);
      expect(a.chain.at(-1)!.text).toContain(`0x${r.victim.toString(16)} leaves`);
      expect(a.why.victim.lastUse).toBeLessThan(a.why.incoming.stamp);
    }
    for (const r of f.live.recent.filter((x) => x.code < 2)) expect(api.evictionWhy(r.n)).toBeNull();
    // Older than the ring: gone, not guessed.
    expect(api.evictionWhy(f.live.recent[0].n - 1)).toBeNull();
  });
});
