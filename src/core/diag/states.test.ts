// The QP states each cause leaves behind (states.ts), table-driven over every cause of the catalogue
// under every profile. Nothing is typed in per cause: each row's pairs come from its own
// reproduction, run through createSimulation, and the test checks what the desk and the CLI do
// with them — the pair the run ends in agrees, every other state entered for either QP is a
// contradiction with its reason, left out by the CLI and ranked last by the desk.
import { describe, expect, it } from 'vitest';
import { createSimulation } from '../sim/engine.ts';
import { QP_STATES } from '../verbs/types.ts';
import type { ProfileId } from '../model/profiles.ts';
import type { ScenarioInput } from '../model/schema.ts';
import { CAUSES } from './causes.ts';
import { diagnose } from './diagnose.ts';
import { deskDiagnose } from './desk.ts';
import { observe, type Observed, type Symptoms } from './observe.ts';
import { endPairs } from './states.ts';

const PROFILES: ProfileId[] = ['ibta', 'rxe', 'mlx5'];
const STATES = [...QP_STATES, 'GONE'];
const runs = new Map<string, Observed>();
const look = (sc: ScenarioInput) => {
  const k = JSON.stringify(sc);
  let o = runs.get(k);
  if (!o) { o = observe(sc); runs.set(k, o); }
  return o;
};

describe.each(CAUSES.map((c) => [c.id, c] as const))('%s: the states its reproduction ends in', (_id, cause) => {
  for (const profile of PROFILES) {
    const o = look(cause.build(profile));
    const pairs = endPairs(o);
    // The symptom that singles out the local QP: the completion the pair was read at; else the run's first async event.
    const base = (p: (typeof pairs)[number]): Symptoms | null =>
      p.seen ? { status: p.seen as Symptoms['status'], side: p.side } : o.events.size ? { events: [[...o.events][0]] } : null;

    it(`${profile}: every pair is the two QPs' states at the end of the run through createSimulation`, () => {
      const sim = createSimulation(JSON.parse(JSON.stringify(cause.build(profile))));
      const qps = sim.run().qps;
      const end = [0, 1].map((h) => qps.find((q) => q.host === h)?.state ?? 'GONE').sort();
      expect(pairs.length).toBeGreaterThan(0);
      for (const p of pairs) expect([p.local, p.peer].sort()).toEqual(end);
    });

    it(`${profile}: its own pair agrees; any other local or peer state contradicts it, with the reason`, () => {
      for (const p of pairs) {
        const s = base(p);
        if (!s) continue;
        const agree = diagnose({ ...s, localState: p.local, peerState: p.peer }, [profile], [cause], look, 'rank');
        expect(agree.map((d) => [d.id, d.conflicts])).toEqual([[cause.id, []]]);
        for (const x of STATES) {
          // With no completion to name the local QP, either QP may be it: a state the other QP ends in still agrees.
          if (!p.seen && pairs.some((q) => q.local === x)) continue;
          if (x !== p.local) {
            const [d] = diagnose({ ...s, localState: x, peerState: p.peer }, [profile], [cause], look, 'rank');
            expect(d.conflicts.join(' ')).toContain(`your local QP is ${x === 'GONE' ? 'gone (destroyed)' : x}; this cause leaves it ${p.local === 'GONE' ? 'destroyed' : `in ${p.local}`}`);
            expect(diagnose({ ...s, localState: x, peerState: p.peer }, [profile], [cause], look, 'filter')).toEqual([]);
          }
          if (x !== p.peer && p.seen) {
            const [d] = diagnose({ ...s, localState: p.local, peerState: x }, [profile], [cause], look, 'rank');
            expect(d.conflicts.join(' ')).toContain(`your peer QP is ${x === 'GONE' ? 'gone (destroyed)' : x}; this cause leaves it ${p.peer === 'GONE' ? 'destroyed' : `in ${p.peer}`}`);
            expect(diagnose({ ...s, localState: p.local, peerState: x }, [profile], [cause], look, 'filter')).toEqual([]);
          }
        }
      }
    });
  }
});

describe('the desk ranks with both QPs\' states', () => {
  it('RETRY_EXC_ERR with the local QP in ERR and the peer in RTS: the lost path first; a destroyed or reset peer ranks after every cause that agrees, saying why', () => {
    const plain = deskDiagnose({ status: 'IBV_WC_RETRY_EXC_ERR', side: 'requester' }, ['mlx5']).map((c) => c.id);
    expect(plain[0]).toBe('peer-qp-destroyed');
    const d = deskDiagnose({ status: 'IBV_WC_RETRY_EXC_ERR', side: 'requester', localState: 'ERR', peerState: 'RTS' }, ['mlx5']);
    expect(d[0].id).toBe('packets-lost');
    const agreeing = d.filter((c) => !c.conflicts.length).length;
    const gone = d.findIndex((c) => c.id === 'peer-qp-destroyed');
    expect(gone).toBeGreaterThanOrEqual(agreeing);
    expect(d[gone].conflicts).toEqual(['your peer QP is RTS; this cause leaves it destroyed']);
    // The outcome table shows the states each profile's run ends in, the local QP named.
    expect(d[gone].outcomes.find((x) => x.profile === 'mlx5')).toMatchObject({ states: ['ERR', 'GONE'], local: 0, shows: false, otherStates: true });
  });

  it('the local QP\'s state alone reorders too: REM_ACCESS_ERR with the local QP still RTS contradicts every cause (each leaves it in ERR), listed with that reason', () => {
    const d = deskDiagnose({ status: 'IBV_WC_REM_ACCESS_ERR', side: 'requester', localState: 'RTS' }, ['mlx5']);
    expect(d.length).toBeGreaterThan(0);
    for (const c of d) expect(c.conflicts).toEqual(['your local QP is RTS; this cause leaves it in ERR']);
  });

  it('case 1 with both QPs in ERR (what the model leaves): the stale rkey still ranks first, with no contradiction', () => {
    const d = deskDiagnose({ status: 'IBV_WC_REM_ACCESS_ERR', side: 'requester', events: ['IBV_EVENT_QP_ACCESS_ERR'], localState: 'ERR', peerState: 'ERR' }, ['mlx5']);
    expect(d[0]).toMatchObject({ id: 'stale-rkey-after-peer-restart', conflicts: [] });
  });
});
