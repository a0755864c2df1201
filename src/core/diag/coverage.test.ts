// Coverage of the diagnosis desk: every IBV_WC_* error status and every IBV_EVENT_* the model can
// produce has at least one cause whose scenario, run through createSimulation as it is printed,
// shows it. The statuses are enumerated from the model's own tables and code, not listed by hand:
// the injectable ones (model/wc.ts INJECTABLE), and every status literal the transport and faults
// code completes a WR with; the events are model/wc.ts ASYNC_EVENTS.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASYNC_EVENTS, INJECTABLE, WC_STATUSES, createSimulation, type AsyncEvent, type WcStatus } from '../index.ts';
import { CAUSES } from './causes.ts';
import { diagnose, matchScore } from './diagnose.ts';
import { observe, type Observed, type Symptoms } from './observe.ts';
import type { ProfileId } from '../model/profiles.ts';

const PROFILES: ProfileId[] = ['ibta', 'rxe', 'mlx5'];

/** Statuses the model's code can complete a WR with: literals in transport/ and faults/ (tests excluded). */
function producedStatuses(): WcStatus[] {
  const found = new Set<string>(Object.keys(INJECTABLE));
  for (const dir of ['src/core/transport', 'src/core/faults']) {
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
      for (const m of readFileSync(`${dir}/${f}`, 'utf8').matchAll(/'(IBV_WC_[A-Z_]+_ERR)'/g)) found.add(m[1]);
    }
  }
  return WC_STATUSES.filter((s) => found.has(s));
}

describe('the diagnosis desk covers every status and event the model produces', () => {
  // Every cause under every profile, run once; each symptom is then matched against these runs.
  const runs: { id: string; profile: ProfileId; o: Observed }[] = [];
  for (const c of CAUSES) for (const p of PROFILES) runs.push({ id: c.id, profile: p, o: observe(c.build(p)) });
  const causesOf = (s: Symptoms) => runs.filter((r) => matchScore(r.o, s) >= 0);

  const statuses = producedStatuses();
  it('the enumeration finds the statuses the engine really completes WRs with', () => {
    for (const s of ['IBV_WC_WR_FLUSH_ERR', 'IBV_WC_REM_ACCESS_ERR', 'IBV_WC_RETRY_EXC_ERR', 'IBV_WC_RNR_RETRY_EXC_ERR', 'IBV_WC_LOC_LEN_ERR']) expect(statuses).toContain(s);
  });

  for (const status of statuses) {
    it(`${status}: at least one cause, and its printed scenario reproduces it`, () => {
      const found = causesOf({ status });
      expect(found.length, status).toBeGreaterThan(0);
      const c = CAUSES.find((x) => x.id === found[0].id)!;
      const sim = createSimulation(JSON.parse(JSON.stringify(c.build(found[0].profile))));
      sim.run();
      expect(sim.events().some((e) => e.kind === 'cqe' && e.status === status)).toBe(true);
    });
  }
  for (const event of ASYNC_EVENTS as readonly AsyncEvent[]) {
    it(`${event}: at least one cause, and its printed scenario reproduces it`, () => {
      const found = causesOf({ events: [event] });
      expect(found.length, event).toBeGreaterThan(0);
      const c = CAUSES.find((x) => x.id === found[0].id)!;
      const sim = createSimulation(JSON.parse(JSON.stringify(c.build(found[0].profile))));
      sim.run();
      expect(sim.events().some((e) => e.kind === 'async' && e.event === event)).toBe(true);
    });
  }

  it('engineer case 1: REM_ACCESS_ERR then FLUSH_ERR after the peer restarts — a stale rkey ranks first; a peer whose QP is gone shows RETRY_EXC_ERR instead', () => {
    const d = diagnose({ status: 'IBV_WC_REM_ACCESS_ERR', side: 'requester', peerState: 'ERR' }, ['mlx5']);
    expect(d[0].id).toBe('stale-rkey-after-peer-restart');
    expect(d.map((x) => x.id)).toContain('deregistered-region');
    expect(d.map((x) => x.id)).not.toContain('peer-qp-destroyed');
    const flushes = causesOf({ status: 'IBV_WC_WR_FLUSH_ERR', side: 'requester' }).map((r) => r.id);
    expect(flushes).toContain('stale-rkey-after-peer-restart');
    const gone = diagnose({ status: 'IBV_WC_RETRY_EXC_ERR', side: 'requester', peerState: 'GONE' }, ['mlx5']);
    expect(gone.map((x) => x.id)).toEqual(['peer-qp-destroyed']);
    // Ranks are 1, 2, 3… in order, and every line's scenario reproduces the status.
    d.forEach((x, i) => expect(x.rank).toBe(i + 1));
  });

  it('engineer case 2: EINVAL from modify to RTR — every required attribute of INIT→RTR left out, and a QP still in RESET', () => {
    const d = diagnose({ modify: { errno: 'EINVAL', to: 'RTR', from: 'INIT' } }, ['ibta']);
    const ids = d.map((x) => x.id);
    for (const a of ['av', 'path_mtu', 'rq_psn', 'min_rnr_timer', 'max_dest_rd_atomic', 'dest_qpn']) expect(ids).toContain(`modify-missing-${a}`);
    expect(ids).toContain('modify-from-reset');
    const sim = createSimulation(d[0].scenario);
    sim.run();
    expect(sim.events().some((e) => e.kind === 'modify-refused' && e.to === 'RTR' && e.errno === 'EINVAL')).toBe(true);
  });

  it('a status no modelled cause produces gives no cause (BAD_RESP_ERR)', () => {
    expect(causesOf({ status: 'IBV_WC_BAD_RESP_ERR' })).toEqual([]);
  });

  it('profile differences come out of the runs: too many reads is REM_INV_REQ_ERR under IBTA and mlx5, not rxe', () => {
    const r = causesOf({ status: 'IBV_WC_REM_INV_REQ_ERR' }).filter((x) => x.id === 'too-many-reads').map((x) => x.profile);
    expect(r).toEqual(['ibta', 'mlx5']);
  });
});
