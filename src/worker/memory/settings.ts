// Changing the lab's settings: every change is validated by the core's rules (memory/lab) and a
// refused one names the field and keeps the configuration in force.
import {
  SKEW, defaultConfig, validateConfig, validateSide, type CompareSide, type LabConfig, type PresetId,
} from '../../core/memory/index.ts';
import { defaultSides } from './compare.ts';
import type { MemoryLab } from './lab.ts';

export type Outcome = { ok: true } | { ok: false; error: string };
const ok: Outcome = { ok: true };

export function setConfig(lab: MemoryLab, patch: Partial<LabConfig>): Outcome {
  if (!patch || typeof patch !== 'object') return { ok: false, error: 'the change must be an object of settings' };
  const cfg = lab.cfg;
  const next: LabConfig = { ...cfg, ...patch, pinned: [...(patch.pinned ?? cfg.pinned)] };
  if (patch.pattern && patch.pattern !== cfg.pattern && patch.skew === undefined && SKEW[patch.pattern]) next.skew = SKEW[patch.pattern].def;
  const err = validateConfig(next);
  if (err) return { ok: false, error: err };
  if (lab.compare) {
    const ea = validateSide(next, lab.sides.a, 'A') ?? validateSide(next, lab.sides.b, 'B');
    if (ea) return { ok: false, error: ea };
  }
  lab.apply(next);
  return ok;
}

/** Every setting back to a preset's; the active QPs kept when given. */
export function setPreset(lab: MemoryLab, id: PresetId, qps?: number): Outcome {
  let next: LabConfig;
  try { next = defaultConfig(id, qps); } catch (e) { return { ok: false, error: (e as Error).message }; }
  const err = validateConfig(next);
  if (err) return { ok: false, error: err };
  lab.sides = defaultSides(next);
  lab.apply(next);
  return ok;
}

/** Pin or unpin a QPN: the live cache changes now, and the configuration (sweep, link) with it. */
export function setPinned(lab: MemoryLab, qpn: number, pin: boolean): Outcome {
  const set = new Set(lab.cfg.pinned);
  if (pin) set.add(qpn); else set.delete(qpn);
  const next = { ...lab.cfg, pinned: [...set].sort((a, b) => a - b) };
  const err = validateConfig(next);
  if (err) return { ok: false, error: err };
  lab.cfg = next;
  lab.job = lab.jobFor(next);
  lab.live?.cache.setPinned(qpn, pin);
  if (lab.live) lab.live.version++;
  return ok;
}

/** Start (or change) the side-by-side compare; null stops it. */
export function setCompare(lab: MemoryLab, sides: { a: CompareSide; b: CompareSide } | null): Outcome {
  if (sides === null) { lab.setCompare(null); return ok; }
  if (!sides || typeof sides !== 'object') return { ok: false, error: 'compare must name sides a and b' };
  const err = validateSide(lab.cfg, sides.a, 'A') ?? validateSide(lab.cfg, sides.b, 'B');
  if (err) return { ok: false, error: err };
  lab.setCompare(sides);
  return ok;
}

/** Change one side of the compare; merged with the sides in force, so two quick changes (A, then B) never undo each other. */
export function patchCompare(lab: MemoryLab, side: 'a' | 'b', patch: Partial<CompareSide>): Outcome {
  if (side !== 'a' && side !== 'b') return { ok: false, error: `compare side must be a or b, got ${String(side).slice(0, 20)}` };
  const sides = { ...lab.sides, [side]: { ...lab.sides[side], ...patch } } as { a: CompareSide; b: CompareSide };
  return setCompare(lab, sides);
}

export function setWalk(lab: MemoryLab, qpn: number | null): Outcome {
  if (qpn !== null && (!Number.isInteger(qpn) || qpn < 0 || qpn >= 1 << 24)) return { ok: false, error: `QPN must be an integer in 0..${(1 << 24) - 1}, got ${String(qpn)}` };
  lab.walkQpn = qpn;
  return ok;
}
