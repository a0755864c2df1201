import { describe, expect, it } from 'vitest';
import { QPN_ALLOCATORS, QPN_ALLOCATOR_IDS, reusePolicyOf } from './qpnAlloc.ts';
import { resetLab } from './resetLab.ts';
import { defaultResetSettings, parseResetSettings, resetConfigOf } from './labConfig.ts';
import { SOURCES } from '../../lessons/kit/sources.ts';

// Each driver's allocator against the function it names (qpnAlloc.ts header) [sources: qpn-alloc, qpn-reuse]:
// cyclic ones never give a destroyed QP's QPN back inside one lab run, lowest-free ones at once.
const EXPECTED: Record<string, { order: 'cyclic' | 'lowest-free'; kind: string; fn: RegExp }> = {
  rxe: { order: 'cyclic', kind: 'code', fn: /xa_alloc_cyclic/ },
  mlx4: { order: 'cyclic', kind: 'code', fn: /mlx4_bitmap_alloc/ },
  irdma: { order: 'cyclic', kind: 'code', fn: /irdma_alloc_rsrc/ },
  hns: { order: 'cyclic', kind: 'code', fn: /alloc_qpn_with_bankid/ },
  efa: { order: 'lowest-free', kind: 'documented', fn: /PR #1731/ },
  mlx5: { order: 'lowest-free', kind: 'model', fn: /no public source/ },
};

describe('QPN allocators per driver, and the reuse hazard each gives', () => {
  it.each(QPN_ALLOCATOR_IDS.map((id) => [id] as const))('%s: order, label kind and cited function; its source key exists', (id) => {
    const a = QPN_ALLOCATORS[id];
    expect(a.order).toBe(EXPECTED[id].order);
    expect(a.kind).toBe(EXPECTED[id].kind);
    expect(a.source).toMatch(EXPECTED[id].fn);
    expect(SOURCES[a.key]).toBeDefined();
    expect(a.label.startsWith(id === 'efa' ? 'EFA' : id)).toBe(true);
  });
  it.each(QPN_ALLOCATOR_IDS.map((id) => [id] as const))('%s: destroy both QPs mid-send and reconnect the same peers, PSN 0: stale packet accepted only when the QPN came back', (id) => {
    const cfg = resetConfigOf({ ...defaultResetSettings(), reuse: true, allocator: id });
    expect(cfg.reuse?.policy).toBe(reusePolicyOf(id));
    const r = resetLab(cfg);
    const reused = r.events.filter((e) => e.kind === 'qp-created' && e.reused).length;
    const back = QPN_ALLOCATORS[id].order === 'lowest-free';
    expect(reused).toBe(back ? 2 : 0);
    expect(r.staleAccepted).toBe(back);
  });
  it('an older link without the allocator keeps lowest-free (EFA); a bad one is refused by name', () => {
    const { allocator: _drop, ...old } = defaultResetSettings();
    const p = parseResetSettings(old);
    expect(p.ok && p.value.allocator).toBe('efa');
    const bad = parseResetSettings({ ...old, allocator: 'bnxt' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/allocator/);
  });
});
