// The mask keys a lesson may name are exactly the keys the views test: read from the views'
// sources (a key only in the list would mask nothing; a key only in a view could never be named).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MASK_KEYS } from './masks.ts';
import { checkLessonFile } from './validate.ts';
import { MEMORY_LESSONS } from '../memory/index.ts';
import { FAULTS_LESSONS } from '../faults/index.ts';
import { TRANSPORT_LESSONS } from '../transport/index.ts';

const VIEWS = join(__dirname, '../../views');
const LAB_OF: Record<string, keyof typeof MASK_KEYS> = { memory: 'memory', faults: 'faults', transport: 'transport' };

function keysIn(dir: string): Set<string> {
  const out = new Set<string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(f) || /\.test\./.test(f)) continue;
    const src = readFileSync(join(dir, f), 'utf8');
    for (const m of src.matchAll(/(?:isMasked\([^,]+,|use(?:Faults|Transport)Mask\()\s*'([a-z-]+)'/g)) out.add(m[1]);
    for (const m of src.matchAll(/masked\('([a-z-]+)'\)/g)) out.add(m[1]);
    for (const m of src.matchAll(/_MASKED: readonly string\[\] = \[([^\]]*)\]/g)) for (const k of m[1].matchAll(/'([a-z-]+)'/g)) out.add(k[1]);
  }
  return out;
}

describe('mask keys', () => {
  for (const [dir, lab] of Object.entries(LAB_OF)) {
    it(`${lab}: the keys its views test are the keys a lesson may name`, () => {
      expect([...keysIn(join(VIEWS, dir))].sort()).toEqual([...MASK_KEYS[lab]].sort());
    });
  }

  it('every built-in lesson names only keys its instrument masks', () => {
    const byLab = { memory: MEMORY_LESSONS, faults: FAULTS_LESSONS, transport: TRANSPORT_LESSONS } as const;
    let named = 0;
    for (const [lab, lessons] of Object.entries(byLab)) {
      for (const l of lessons) {
        for (const s of l.steps) {
          for (const k of s.question?.masks ?? []) { named++; expect(MASK_KEYS[lab as keyof typeof byLab], `${l.id}/${s.id}`).toContain(k); }
        }
      }
    }
    expect(named).toBeGreaterThan(10);
  });

  it('a lesson file naming a key its instrument does not mask is refused, naming the key', () => {
    const file = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/lessons/memory-pressure.json'), 'utf8')) as { steps: { question?: { masks?: string[] } }[] };
    const q = file.steps.find((st) => st.question)?.question;
    if (!q) throw new Error('the fixture has no question');
    expect(checkLessonFile(file)).toEqual(expect.objectContaining({ ok: true }));
    q.masks = ['hitrate'];
    const r = checkLessonFile(file);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('"hitrate" is not a readout the memory instrument masks');
    q.masks = ['hit-rate'];
    expect(checkLessonFile(file)).toEqual(expect.objectContaining({ ok: true }));
  });
});
