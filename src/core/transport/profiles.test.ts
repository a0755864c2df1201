import { describe, expect, it } from 'vitest';
import { PROFILE_IDS, PROFILE_TABLE, type CommandInput, type ProfileId, type ScenarioInput } from '../index.ts';
import { A, B, QA, QB, cqes, events, pair, run, stateOf } from '../testkit/builders.ts';
import { K, keyed } from '../testkit/keyed.ts';
import type { Simulation } from '../sim/engine.ts';

// One test per documented difference, run under every profile; each names its source (the same
// as the row of PROFILE_TABLE it proves).
const withProfile = (s: ScenarioInput, profile: ProfileId): ScenarioInput => ({ ...s, config: { ...s.config, profile } });
const at = (t: number, cmd: CommandInput) => ({ t, cmd });
const sendA = (wr: Extract<CommandInput, { kind: 'postSend' }>['wr'], host = A, qpn = QA) => ({ kind: 'postSend' as const, host, qpn, wr });
const refused = (sim: Simulation) => events(sim, 'post-refused').map((e) => e.errno);
const responderEvents = (sim: Simulation) => events(sim, 'async').filter((e) => e.host === B && e.event !== 'IBV_EVENT_COMM_EST').map((e) => e.event);
/** A receive on B whose lkey names no MR. */
const badRecv = (): CommandInput => ({ kind: 'postRecv', host: B, qpn: QB, wr: { wrId: 9, length: 64, sgl: [{ addr: K.BASE, length: 64, lkey: 0x9999 }] } });

interface Case { row: string; scenario: ScenarioInput; until: number; observe(sim: Simulation): unknown; expect: Record<ProfileId, unknown> }

const CASES: Case[] = [
  {
    row: 'post-not-ready', until: 2000,
    scenario: pair({ a: { bringUp: 'INIT' }, commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8 }))] }),
    observe: refused, expect: { ibta: ['EINVAL'], rxe: ['EINVAL'], mlx5: ['ENOMEM'] },
  },
  {
    row: 'post-not-ready', until: 4000,
    // INIT → ERR without passing RTS: libmlx5 never opened the send path.
    scenario: pair({ a: { bringUp: 'INIT' }, commands: [at(50, { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } }), at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8 }))] }),
    observe: (sim) => [...refused(sim), ...cqes(sim, A, QA, 'sq').map((e) => e.status)], expect: { ibta: ['IBV_WC_WR_FLUSH_ERR'], rxe: ['IBV_WC_WR_FLUSH_ERR'], mlx5: ['ENOMEM'] },
  },
  {
    row: 'post-recv-reset', until: 2000,
    scenario: pair({ a: { bringUp: 'RESET', recvs: 0 }, commands: [at(100, { kind: 'postRecv', host: A, qpn: QA, wr: { wrId: 5, length: 64 } })] }),
    observe: refused, expect: { ibta: ['EINVAL'], rxe: ['EINVAL'], mlx5: ['EINVAL'] },
  },
  {
    row: 'same-write-imm-rkey', until: 20_000,
    scenario: keyed({ commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE_WITH_IMM', length: 8, imm: 7, rdma: { addr: K.BASE, rkey: 0x9999 } }))] }),
    observe: (sim) => [cqes(sim, A, QA, 'sq').map((e) => e.status), cqes(sim, B, QB, 'rq').map((e) => e.status)[0], stateOf(sim, B, QB)],
    expect: Object.fromEntries(PROFILE_IDS.map((p) => [p, [['IBV_WC_REM_ACCESS_ERR'], 'IBV_WC_REM_ACCESS_ERR', 'ERR']])) as Record<ProfileId, unknown>,
  },
  {
    row: 'bad-opcode', until: 20_000,
    scenario: pair({ type: 'UD', commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 8, ud: { host: B, qpn: QB, qkey: 0x11111111 } }))] }),
    observe: (sim) => [...refused(sim), ...cqes(sim, A, QA, 'sq').map((e) => e.status)], expect: { ibta: ['EINVAL'], rxe: ['EINVAL'], mlx5: ['IBV_WC_LOC_QP_OP_ERR'] },
  },
  {
    row: 'atomic-length', until: 20_000,
    scenario: pair({ commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 4 })), at(100, sendA({ wrId: 2, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 16 }))] }),
    observe: (sim) => [refused(sim), cqes(sim, A, QA, 'sq').map((e) => e.wrId)],
    expect: { ibta: [['EINVAL'], [2]], rxe: [['EINVAL', 'EINVAL'], []], mlx5: [[], [1, 2]] },
  },
  {
    row: 'inline-too-long', until: 2000,
    scenario: pair({ a: { maxInlineData: 32 }, commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 64, inline: true }))] }),
    observe: refused, expect: { ibta: ['EINVAL'], rxe: ['EINVAL'], mlx5: ['ENOMEM'] },
  },
  {
    row: 'send-error-state', until: 20_000,
    scenario: pair({ type: 'UD', commands: [at(50, { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_LOC_PROT_ERR' }), at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8, ud: { host: B, qpn: QB, qkey: 0x11111111 } }))] }),
    observe: (sim) => stateOf(sim, A, QA), expect: { ibta: 'SQE', rxe: 'ERR', mlx5: 'SQE' },
  },
  {
    row: 'retry-7', until: 3_000_000,
    scenario: pair({ a: { attrs: { timeout: 1, retry_cnt: 7 } }, commands: [at(50, { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_RETRY_EXC_ERR' }), at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8 }))], durationNs: 3_000_000 }),
    observe: (sim) => [cqes(sim, A, QA, 'sq').map((e) => e.status), events(sim, 'retry').length > 20],
    expect: { ibta: [['IBV_WC_RETRY_EXC_ERR'], false], rxe: [[], true], mlx5: [['IBV_WC_RETRY_EXC_ERR'], false] },
  },
  {
    row: 'sqd', until: 20_000,
    scenario: pair({ commands: [at(100, { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'SQD' } })] }),
    observe: (sim) => [stateOf(sim, A, QA), events(sim, 'async').map((e) => e.event)],
    expect: { ibta: ['SQD', []], rxe: ['SQD', ['IBV_EVENT_SQ_DRAINED']], mlx5: ['RTS', []] },
  },
  {
    row: 'reset-cqes', until: 20_000,
    scenario: pair({ poll: 0, commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8 })), at(10_000, { kind: 'modifyQp', host: A, qpn: QA, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } })] }),
    observe: (sim) => sim.world.hosts[A].cqs[0].entries.filter((e) => e.qpn === QA).length, expect: { ibta: 0, rxe: 1, mlx5: 0 },
  },
  {
    row: 'excess-reads', until: 60_000,
    scenario: pair({ a: { attrs: { max_rd_atomic: 4 } }, b: { attrs: { max_dest_rd_atomic: 1 } }, commands: [1, 2, 3].map((i) => at(100, sendA({ wrId: i, opcode: 'IBV_WR_RDMA_READ', length: 4096 }))) }),
    observe: (sim) => cqes(sim, A, QA, 'sq').map((e) => e.status),
    expect: { ibta: ['IBV_WC_SUCCESS', 'IBV_WC_REM_INV_REQ_ERR', 'IBV_WC_WR_FLUSH_ERR'], rxe: ['IBV_WC_SUCCESS', 'IBV_WC_SUCCESS', 'IBV_WC_SUCCESS'], mlx5: ['IBV_WC_SUCCESS', 'IBV_WC_REM_INV_REQ_ERR', 'IBV_WC_WR_FLUSH_ERR'] },
  },
  {
    row: 'recv-bad-key', until: 20_000,
    scenario: keyed({ b: { recvs: 0, refill: false }, commands: [at(10, { kind: 'postRecv', host: B, qpn: QB, wr: { wrId: 9, length: 64, sgl: [{ addr: K.BASE, length: 64, lkey: 0x9999 }] } }), at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8 }))] }),
    observe: (sim) => [cqes(sim, B, QB, 'rq')[0]?.status, cqes(sim, A, QA, 'sq')[0]?.status],
    expect: { ibta: ['IBV_WC_LOC_PROT_ERR', 'IBV_WC_REM_OP_ERR'], rxe: ['IBV_WC_LOC_QP_OP_ERR', 'IBV_WC_REM_OP_ERR'], mlx5: ['IBV_WC_LOC_PROT_ERR', 'IBV_WC_REM_OP_ERR'] },
  },
  {
    row: 'recv-too-small', until: 20_000,
    scenario: pair({ b: { recvs: 1, refill: false, recvLength: 512 }, commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 2048 }))] }),
    observe: (sim) => [cqes(sim, B, QB, 'rq')[0]?.status, cqes(sim, A, QA, 'sq')[0]?.status],
    expect: { ibta: ['IBV_WC_LOC_LEN_ERR', 'IBV_WC_REM_INV_REQ_ERR'], rxe: ['IBV_WC_REM_INV_REQ_ERR', 'IBV_WC_REM_INV_REQ_ERR'], mlx5: ['IBV_WC_LOC_LEN_ERR', 'IBV_WC_REM_INV_REQ_ERR'] },
  },
  {
    row: 'atomic-align', until: 20_000,
    scenario: keyed({ commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 8, sgl: [{ addr: K.BASE, length: 8, lkey: K.A_LOCAL }], rdma: { addr: K.BASE + 4, rkey: K.B_ALL }, atomic: { compareAdd: 1 } }))] }),
    observe: (sim) => [refused(sim), cqes(sim, A, QA, 'sq').map((e) => e.status), stateOf(sim, B, QB)],
    expect: { ibta: [[], ['IBV_WC_REM_INV_REQ_ERR'], 'ERR'], rxe: [['EINVAL'], [], 'RTS'], mlx5: [[], ['IBV_WC_REM_INV_REQ_ERR'], 'ERR'] },
  },
  // Which event a failing responder raises follows the cause, not the NAK: an rkey or the receive
  // buffer's own lkey is an access violation, a request the QP refuses an invalid request.
  {
    row: 'responder-events', until: 20_000,
    scenario: keyed({ commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 8, sgl: [{ addr: K.BASE, length: 8, lkey: K.A_LOCAL }], rdma: { addr: K.BASE, rkey: 0x9999 } }))] }),
    observe: responderEvents, expect: { ibta: ['IBV_EVENT_QP_ACCESS_ERR'], rxe: [], mlx5: ['IBV_EVENT_QP_ACCESS_ERR'] },
  },
  {
    row: 'responder-events', until: 20_000,
    scenario: keyed({ b: { recvs: 0, refill: false }, commands: [at(10, badRecv()), at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8 }))] }),
    observe: responderEvents, expect: { ibta: ['IBV_EVENT_QP_ACCESS_ERR'], rxe: [], mlx5: ['IBV_EVENT_QP_ACCESS_ERR'] },
  },
  {
    row: 'responder-events', until: 20_000,
    // A UD receive whose lkey fails: no NAK (UD has none), but the QP still goes to ERR.
    scenario: keyed({ type: 'UD', b: { recvs: 0, refill: false }, commands: [at(10, badRecv()), at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8, ud: { host: B, qpn: QB, qkey: 0x11111111 } }))] }),
    observe: (sim) => [responderEvents(sim), stateOf(sim, B, QB), events(sim, 'pkt').filter((e) => e.src === B).length],
    expect: { ibta: [['IBV_EVENT_QP_ACCESS_ERR'], 'ERR', 0], rxe: [[], 'ERR', 0], mlx5: [['IBV_EVENT_QP_ACCESS_ERR'], 'ERR', 0] },
  },
  {
    row: 'responder-events', until: 20_000,
    scenario: keyed({ b: { attrs: { qp_access_flags: 1 | 4 | 8 } }, commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 8, sgl: [{ addr: K.BASE, length: 8, lkey: K.A_LOCAL }], rdma: { addr: K.BASE, rkey: K.B_ALL } }))] }),
    observe: responderEvents, expect: { ibta: ['IBV_EVENT_QP_REQ_ERR'], rxe: [], mlx5: ['IBV_EVENT_QP_REQ_ERR'] },
  },
  {
    row: 'responder-events', until: 20_000,
    scenario: pair({ commands: [at(50, { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_REM_OP_ERR' }), at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8 }))] }),
    observe: responderEvents, expect: { ibta: ['IBV_EVENT_QP_FATAL'], rxe: [], mlx5: ['IBV_EVENT_QP_FATAL'] },
  },
  // Item 3: the thin differences, each on the other transport too.
  {
    row: 'bad-opcode', until: 20_000,
    scenario: pair({ type: 'UD', commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 8, ud: { host: B, qpn: QB, qkey: 0x11111111 } }))] }),
    observe: (sim) => [...refused(sim), ...cqes(sim, A, QA, 'sq').map((e) => e.status), stateOf(sim, A, QA)],
    expect: { ibta: ['EINVAL', 'RTS'], rxe: ['EINVAL', 'RTS'], mlx5: ['IBV_WC_LOC_QP_OP_ERR', 'SQE'] },
  },
  {
    row: 'bad-opcode', until: 20_000,
    scenario: pair({ type: 'UC', commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 8 })), at(200, sendA({ wrId: 2, opcode: 'IBV_WR_ATOMIC_CMP_AND_SWP', length: 8 }))] }),
    observe: (sim) => [refused(sim), cqes(sim, A, QA, 'sq').map((e) => [e.wrId, e.status]), events(sim, 'pkt').filter((e) => e.src === A).length],
    expect: { ibta: [['EINVAL', 'EINVAL'], [], 0], rxe: [['EINVAL', 'EINVAL'], [], 0], mlx5: [[], [[1, 'IBV_WC_LOC_QP_OP_ERR'], [2, 'IBV_WC_WR_FLUSH_ERR']], 0] },
  },
  {
    row: 'send-error-state', until: 20_000,
    // UC: the QP's receive side keeps working under SQE (B's SEND still lands), not under rxe's ERR.
    scenario: pair({ type: 'UC', commands: [at(50, { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_LOC_PROT_ERR' }), at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8 })), at(5000, sendA({ wrId: 2, opcode: 'IBV_WR_SEND', length: 8 }, B, QB))] }),
    observe: (sim) => [stateOf(sim, A, QA), cqes(sim, A, QA, 'sq').map((e) => e.status), cqes(sim, A, QA, 'rq').map((e) => e.status)[0]],
    expect: { ibta: ['SQE', ['IBV_WC_LOC_PROT_ERR'], 'IBV_WC_SUCCESS'], rxe: ['ERR', ['IBV_WC_LOC_PROT_ERR'], 'IBV_WC_WR_FLUSH_ERR'], mlx5: ['SQE', ['IBV_WC_LOC_PROT_ERR'], 'IBV_WC_SUCCESS'] },
  },
  {
    row: 'ahead-ack', until: 400_000,
    // A's sq_psn (990) is behind what B expects (1000): B takes both packets for duplicates and
    // acknowledges them with PSN 999, past everything A sent.
    scenario: pair({ a: { attrs: { sq_psn: 990, retry_cnt: 3 } }, b: { attrs: { rq_psn: 1000 } }, commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 1500 }))] }),
    observe: (sim) => [cqes(sim, A, QA, 'sq').map((e) => e.status), [...new Set(events(sim, 'rx').filter((e) => e.host === B).map((e) => e.outcome))], cqes(sim, B, QB, 'rq').length],
    expect: { ibta: [['IBV_WC_RETRY_EXC_ERR'], ['duplicate'], 0], rxe: [['IBV_WC_SUCCESS'], ['duplicate'], 0], mlx5: [['IBV_WC_RETRY_EXC_ERR'], ['duplicate'], 0] },
  },
  // Item 2: the rows where the drivers agree are proved too.
  {
    row: 'same-qp-access', until: 20_000,
    scenario: pair({ b: { attrs: { qp_access_flags: 1 | 4 | 8 } }, commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 8 }))] }),
    observe: (sim) => [cqes(sim, A, QA, 'sq').map((e) => e.status), stateOf(sim, B, QB)],
    expect: { ibta: [['IBV_WC_REM_INV_REQ_ERR'], 'ERR'], rxe: [['IBV_WC_REM_INV_REQ_ERR'], 'ERR'], mlx5: [['IBV_WC_REM_INV_REQ_ERR'], 'ERR'] },
  },
  {
    row: 'same-qp-access', until: 20_000,
    scenario: pair({ type: 'UC', b: { attrs: { qp_access_flags: 1 } }, commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 8 }))] }),
    observe: (sim) => [cqes(sim, A, QA, 'sq').map((e) => e.status), stateOf(sim, B, QB), events(sim, 'rx').filter((e) => e.host === B).map((e) => e.outcome)],
    expect: { ibta: [['IBV_WC_SUCCESS'], 'RTS', ['dropped-not-ready']], rxe: [['IBV_WC_SUCCESS'], 'RTS', ['dropped-not-ready']], mlx5: [['IBV_WC_SUCCESS'], 'RTS', ['dropped-not-ready']] },
  },
  {
    row: 'same-lkey-per-packet', until: 20_000,
    // Two packets at the 1024-byte MTU, the second from an SGE whose lkey names no MR: the first
    // packet leaves and lands at B before the WR fails.
    scenario: keyed({ commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 2048, sgl: [{ addr: K.BASE, length: 1024, lkey: K.A_LOCAL }, { addr: K.BASE, length: 1024, lkey: 0x9999 }], rdma: { addr: K.BASE, rkey: K.B_ALL } }))] }),
    observe: (sim) => [events(sim, 'pkt').filter((e) => e.src === A).map((e) => e.op), cqes(sim, A, QA, 'sq').map((e) => e.status), sim.world.mrs.find((m) => m.host === B && m.key === K.B_ALL)!.words[0], events(sim, 'wr-error')[0]?.check],
    expect: Object.fromEntries(PROFILE_IDS.map((p) => [p, [['RDMA_WRITE_FIRST'], ['IBV_WC_LOC_PROT_ERR'], 0xa1, 'lkey check failed: lkey 0x9999 names no MR in this protection domain']])) as Record<ProfileId, unknown>,
  },
  {
    row: 'same-zero-length', until: 20_000,
    scenario: keyed({ commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 0, sgl: [], rdma: { addr: 0, rkey: 0x9999 } })), at(200, sendA({ wrId: 2, opcode: 'IBV_WR_RDMA_READ', length: 0, sgl: [], rdma: { addr: 0, rkey: 0x9999 } }))] }),
    observe: (sim) => [cqes(sim, A, QA, 'sq').map((e) => e.status), stateOf(sim, B, QB)],
    expect: { ibta: [['IBV_WC_SUCCESS', 'IBV_WC_SUCCESS'], 'RTS'], rxe: [['IBV_WC_SUCCESS', 'IBV_WC_SUCCESS'], 'RTS'], mlx5: [['IBV_WC_SUCCESS', 'IBV_WC_SUCCESS'], 'RTS'] },
  },
  {
    row: 'same-ud-mtu', until: 20_000,
    // The port MTU is 4096 bytes; a UD message is one packet.
    scenario: pair({ type: 'UD', commands: [at(100, sendA({ wrId: 1, opcode: 'IBV_WR_SEND', length: 8192, ud: { host: B, qpn: QB, qkey: 0x11111111 } }))] }),
    observe: (sim) => [cqes(sim, A, QA, 'sq').map((e) => e.status), events(sim, 'pkt').filter((e) => e.src === A).length, cqes(sim, B, QB, 'rq').length],
    expect: { ibta: [['IBV_WC_SUCCESS'], 0, 0], rxe: [['IBV_WC_SUCCESS'], 0, 0], mlx5: [['IBV_WC_SUCCESS'], 0, 0] },
  },
];

describe('driver profiles: each documented difference, under each profile', () => {
  for (const c of CASES) {
    const row = PROFILE_TABLE.find((r) => r.id === c.row)!;
    describe(`${row.what} — ${row.sources.slice(0, 90)}…`, () => {
      it.each(PROFILE_IDS.map((p) => [p] as const))('%s', (p) => {
        expect(c.observe(run(withProfile(c.scenario, p), c.until)), `${p}: ${row.cells[p].does}`).toEqual(c.expect[p]);
      });
    });
  }
  it('every row of the table, the no-difference rows too, is proved here', () => {
    const proved = new Set(CASES.map((c) => c.row));
    for (const r of PROFILE_TABLE) expect(proved.has(r.id), r.id).toBe(true);
  });
  it('the profile is part of the scenario: a scenario without one runs as IBTA, and an unknown one names the field', () => {
    const s = pair();
    expect(run(s, 10).world.profile.id).toBe('ibta');
    expect(() => run(withProfile(s, 'nope' as ProfileId), 10)).toThrow(/config\.profile/);
  });
});
