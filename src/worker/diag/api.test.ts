// The desk worker's own calls: its menu comes from the model's tables, its links open the two
// instruments that show engineer cases 3 and 4 at full scale (each decodes under its own schema),
// and a diagnosis answers in the reply shape the view reads.
import { describe, expect, it } from 'vitest';
import { readLink } from '../../scenario/link/index.ts';
import { DiagApi } from './api.ts';

describe('DiagApi', () => {
  const api = new DiagApi();
  it('the menu lists every error status, every async event, GONE, and each profile\'s counters', () => {
    const m = api.menu();
    expect(m.statuses).not.toContain('IBV_WC_SUCCESS');
    expect(m.statuses).toContain('IBV_WC_REM_ACCESS_ERR');
    expect(m.events).toContain('IBV_EVENT_PORT_ERR');
    expect(m.states).toContain('GONE');
    expect(m.counters.mlx5).toContain('out_of_buffer');
    expect(m.scale).toEqual(['throughput-collapse', 'storm']);
  });
  it('the links open the memory cliff and the Faults storm, valid under their schemas', () => {
    const { memory, faults } = api.links();
    const mem = readLink(memory);
    const flt = readLink(faults);
    expect(mem).toMatchObject({ ok: true, lab: 'memory', value: { tab: 'cliff', preset: 'cx5', qps: 5000 } });
    expect(flt).toMatchObject({ ok: true, lab: 'faults', value: { tab: 'storm', settings: { qps: 4096, fault: 'link-flap' } } });
  });
  it('a diagnosis answers { ok, causes } with scenarios that cross a worker boundary (structured-clonable)', () => {
    const a = api.diagnose({ status: 'IBV_WC_RNR_RETRY_EXC_ERR' }, ['ibta']);
    if (!a.ok) throw new Error(a.error);
    expect(a.causes[0].id).toBe('no-receive-posted');
    expect(structuredClone(a.causes)).toEqual(a.causes);
  });
});
