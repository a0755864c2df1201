// Every claim the Faults instrument labels (claims.ts, resetClaims.ts) and every cell of the
// profile difference table says what its source says: a claim labelled 'code' or 'documented'
// cites a bibliography entry of that same kind, so a model choice can never be shown as read in
// code. A 'model' claim may cite what it reasons from. Ids are stable: unique and kebab-case.
import { describe, expect, it } from 'vitest';
import { SOURCES } from './sources.ts';
import { FAULT_CLAIMS, PROFILE_TABLE, RESET_CLAIMS } from '../../core/index.ts';

const claims = [...FAULT_CLAIMS, ...RESET_CLAIMS];

describe('claim labels match their sources', () => {
  it('every claim has a stable id: unique, lower-case words joined by hyphens', () => {
    const ids = claims.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const rows = PROFILE_TABLE.map((r) => r.id);
    expect(new Set(rows).size).toBe(rows.length);
  });

  it.each(claims.filter((c) => c.kind !== 'model').map((c) => [c.id, c] as const))('%s is labelled as its source is tagged', (_id, c) => {
    expect(SOURCES[c.key], c.key).toBeDefined();
    expect(`${c.id}: ${SOURCES[c.key].tag}`).toBe(`${c.id}: ${c.kind}`);
  });

  it.each(PROFILE_TABLE.map((r) => [r.id, r] as const))('profile row %s: every cell read in code cites a code source', (_id, r) => {
    for (const cell of Object.values(r.cells)) {
      if (cell.basis !== 'code') continue; // 'documented' cells often cite the IBTA as quoted in code
      expect(r.keys.some((k) => SOURCES[k]?.tag === cell.basis), `${r.id}: ${cell.basis}`).toBe(true);
    }
  });

  it('the labels issue 18 found wrong say what their sources say', () => {
    const kind = (id: string) => claims.find((c) => c.id === id)?.kind;
    expect(kind('overrun-mlx4')).toBe('code');
    expect(kind('overrun-lost')).toBe('model');
    expect(kind('port-down-retries')).toBe('code');
    expect(kind('fifo-detection-order')).toBe('model');
    expect(kind('reset-reregisters')).toBe('code');
    expect(kind('mitigation-quarantine')).toBe('code');
    expect(claims.find((c) => c.id === 'single-qp-rules')!.source).not.toMatch(/IBTA/);
    expect(claims.find((c) => c.id === 'fifo-is-real')!.claim).not.toMatch(/what software sees/);
    expect(PROFILE_TABLE.find((r) => r.id === 'send-error-state')!.cells.mlx5.basis).toBe('model');
  });
});
