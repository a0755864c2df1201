// Calibration: each preset's default workload must reproduce its source's knee and drop. The
// expected figures and tolerances live in presetTargets.ts (each with its source); this file
// states them in the test names so a failure names the publication it no longer matches.
import { beforeAll, describe, expect, it } from 'vitest';
import curves from './data/qp-cache-curves.json' with { type: 'json' };
import { calibratePreset, type PresetCalibration } from './calibration.ts';
import { PRESET_IDS, PRESETS, getPreset } from './presets.ts';
import { runSweep } from './sweep.ts';

describe('preset calibration against published measurements', () => {
  for (const id of PRESET_IDS) {
    const preset = PRESETS[id];
    describe(preset.label, () => {
      let cal: PresetCalibration;
      beforeAll(() => { cal = calibratePreset(id); }, 30_000);
      for (const t of preset.targets) {
        it(`${t.id}: ${t.what} - ${t.provenance} ${t.source}; expected ${t.expected}, accepted [${t.lo}, ${t.hi}]`, () => {
          const r = cal.targets.find((x) => x.target.id === t.id)!;
          expect(r.got).toBeGreaterThanOrEqual(t.lo);
          expect(r.got).toBeLessThanOrEqual(t.hi);
        });
      }
      it('holds for other seeds too (the scattered QPN layout and traffic are random): seeds 2 and 3', () => {
        for (const seed of [2, 3]) for (const r of calibratePreset(id, { seed, packets: 60_000 }).targets) {
          expect(r.got, `${r.target.id} seed ${seed}`).toBeGreaterThanOrEqual(r.target.lo);
          expect(r.got, `${r.target.id} seed ${seed}`).toBeLessThanOrEqual(r.target.hi);
        }
      }, 30_000);
    });
  }
});

describe('presets carry their sources', () => {
  it('measured points are the raw FaSST values from the copied JSON', () => {
    const cx3 = getPreset('cx3').measured;
    expect(cx3.find((p) => p.qps === 88)?.mops).toBe(7.67);
    expect(cx3.find((p) => p.qps === 48)?.mops).toBe(11.02);
    expect(cx3.every((p) => p.source?.includes('rdma_bench'))).toBe(true);
    expect(getPreset('connect-ib').measured.find((p) => p.qps === 1386)?.mops).toBe(29.73);
  });
  it('unknown preset ids are refused by name', () => {
    expect(() => getPreset('cx7')).toThrow(/unknown preset 'cx7'/);
  });
});

// Independent check of the timing mechanism: with the reference's own parameters, a fully
// associative cache and dense QPNs, the sweep must land on the reference's predicted curve,
// which was computed from the closed formula t = t_hit + max(0, 1 - C/N)·L/K (MODEL).
describe('the timing model reproduces the reference formula in its own setting', () => {
  const cases = [['cx3', 'cx3_like'], ['connect-ib', 'connectib_cx4_like'], ['cx5', 'cx5_cx6_like']] as const;
  for (const [id, key] of cases) {
    it(`${id}: fully associative, C=${curves.model_presets[key].C}, within 2% of model_presets.${key}.predicted`, () => {
      const m = curves.model_presets[key];
      const p = getPreset(id);
      const spec = {
        ...p.spec, packets: 60_000, cache: { entries: m.C, ways: 0, policy: 'lru' as const },
        traffic: { ...p.spec.traffic, layout: 'dense' as const },
        timing: { tHitNs: m.t_hit_ns, fetchNs: m.L_fetch_ns, overlap: m.K, engine: { id: 'custom' as const, label: 'none', decisionNs: 0, occupancyNs: 0, note: '' } },
      };
      const pts = runSweep(spec, m.predicted.map((x) => x.qps));
      m.predicted.forEach((x, i) => expect(Math.abs(pts[i].throughputMops / x.mops - 1), `${x.qps} QPs`).toBeLessThan(0.02));
    }, 30_000);
  }
});
