// The desk's answer (desk.ts, scale.ts): the four engineer cases answered from runs of the model,
// each cause's instant naming the event a reproduction opens "why?" on — the same event, by the
// same index, in a run kept as the page keeps it (a bounded trace) — and counters as symptoms.
import { describe, expect, it } from 'vitest';
import { Simulation } from '../sim/engine.ts';
import { deskDiagnose } from './desk.ts';
import { observe } from './observe.ts';
import type { ScenarioInput } from '../model/schema.ts';

/** The event at trace index `i` in a run as the page's worker makes it (its newest 50,000 kept). */
function pageEvent(scenario: ScenarioInput, i: number, t: number) {
  const sim = new Simulation(scenario, { traceKeep: 50_000 });
  sim.runUntil(t);
  return sim.world.trace.at(i);
}

describe('the desk: engineer cases', () => {
  it('case 1: REM_ACCESS_ERR + QP_ACCESS_ERR ranks the stale rkey first; its instant is that completion, at the index the page numbers it', () => {
    const d = deskDiagnose({ status: 'IBV_WC_REM_ACCESS_ERR', side: 'requester', events: ['IBV_EVENT_QP_ACCESS_ERR'] }, ['mlx5']);
    expect(d[0].id).toBe('stale-rkey-after-peer-restart');
    expect(d.map((c) => c.id)).not.toContain('peer-qp-destroyed');
    const at = d[0].at;
    if (!at) throw new Error('no instant');
    expect(pageEvent(d[0].scenario, at.i, at.t)).toMatchObject({ kind: 'cqe', status: 'IBV_WC_REM_ACCESS_ERR', t: at.t });
    // Per-profile outcomes: mlx5 names its counters; rxe raises no QP_ACCESS_ERR here, and says so.
    const mlx5 = d[0].outcomes.find((o) => o.profile === 'mlx5');
    expect(mlx5?.counters.req_remote_access_errors).toBe(1);
    expect(d[0].outcomes.find((o) => o.profile === 'rxe')?.shows).toBe(false);
  });

  it('case 2: EINVAL to RTR lists the kernel table\'s causes, each opening on the refused call', () => {
    const d = deskDiagnose({ modify: { errno: 'EINVAL', to: 'RTR' } }, ['ibta']);
    expect(d.map((c) => c.id)).toContain('modify-missing-av');
    for (const c of d) expect(c.at?.what).toMatch(/refused ibv_modify_qp → RTR/);
  });

  it('case 3: a throughput collapse is the context cache: evictions, fewer writes done than with every context on chip, no error counter', () => {
    const [c] = deskDiagnose({ scale: 'throughput-collapse' }, ['mlx5']);
    expect(c.id).toBe('context-cache-thrash');
    expect(c.scale?.lab).toBe('memory');
    const m = /(\d+) writes completed in the run with (\d+) context evictions, against (\d+)/.exec(c.scale?.measured ?? '');
    if (!m) throw new Error('no measured comparison');
    expect(Number(m[2])).toBeGreaterThan(0);
    expect(Number(m[1])).toBeLessThan(Number(m[3]));
    const counters = c.outcomes.find((o) => o.profile === 'mlx5')?.counters ?? {};
    for (const name of ['out_of_buffer', 'out_of_sequence', 'packet_seq_err', 'local_ack_timeout_err', 'req_cqe_error']) expect(counters[name] ?? 0).toBe(0);
    expect(c.at?.what).toBe('the first context eviction');
  });

  it('case 4: a port flap failing many QPs is the storm: many RETRY_EXC_ERR after PORT_ERR, the Faults instrument named', () => {
    const [c] = deskDiagnose({ scale: 'storm' }, ['mlx5']);
    expect(c.id).toBe('port-flap-storm');
    expect(c.scale?.lab).toBe('faults');
    const mlx5 = c.outcomes.find((o) => o.profile === 'mlx5');
    expect(mlx5?.events).toContain('IBV_EVENT_PORT_ERR');
    expect(mlx5?.counters.req_transport_retries_exceeded).toBeGreaterThan(10);
    // The counters sentence says every expiry of the ACK timer counts, the last included: more than one per failed QP.
    expect(c.scale?.counters).toMatch(/local_ack_timeout_err once per expiry of its ACK timer/);
    expect(mlx5?.counters.local_ack_timeout_err).toBeGreaterThan(mlx5?.counters.req_transport_retries_exceeded ?? Infinity);
  });

  it('the lost path\'s recovery names the counters its run raises: local_ack_timeout_err and req_transport_retries_exceeded rise, packet_seq_err does not (no NAK comes back), the peer\'s stay flat', () => {
    const [c] = deskDiagnose({ status: 'IBV_WC_RETRY_EXC_ERR', side: 'requester', peerState: 'RTS' }, ['mlx5']).filter((x) => x.id === 'packets-lost');
    const step = c.recovery[0];
    const run = observe(c.scenario);
    for (const name of ['local_ack_timeout_err', 'req_transport_retries_exceeded']) { expect(step).toContain(name); expect(run.counters[0][name]).toBeGreaterThan(0); }
    expect(step).toMatch(/packet_seq_err stays flat/);
    expect(run.counters[0].packet_seq_err).toBe(0);
    expect(Object.values(run.counters[1]).every((n) => n === 0)).toBe(true);
  });

  it('counters alone are a symptom: local_ack_timeout_err under mlx5 finds causes whose runs raise it, and none whose runs do not', () => {
    const d = deskDiagnose({ counters: ['local_ack_timeout_err'] }, ['mlx5']);
    expect(d.map((c) => c.id)).toContain('packets-lost');
    expect(d.map((c) => c.id)).not.toContain('mr-without-remote-access');
    for (const c of d) expect(c.outcomes.find((o) => o.profile === 'mlx5')?.counters.local_ack_timeout_err).toBeGreaterThan(0);
  });
});
