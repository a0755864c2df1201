import { describe, expect, it } from 'vitest';
import { PROFILE_IDS, type CommandInput, type ProfileId } from '../index.ts';
import type { Simulation } from '../sim/engine.ts';
import { A, B, QA, QB, cqes, events, run, stateOf } from '../testkit/builders.ts';
import { K, keyed } from '../testkit/keyed.ts';

// Every key check, table-driven: opcode × which key × which check fails → the requester's
// status (or the errno at post), the responder's receive completion, both QP states, whether the
// remote side executed the operation — read from host B's memory, not from the log — and the
// async event the responder raises. Each row runs under every driver profile; where the profile
// table (core/model/profileTable.ts) names a difference, the row says what that profile does.
// Sources per row; semantics.md items 7 and 14.
type Wr = Extract<CommandInput, { kind: 'postSend' }>['wr'];
interface Expect {
  /** The requester's first send completion, or null when the post itself was refused with `errno`. */
  status: string | null;
  errno?: string;
  remote: string | null;
  states: [string, string];
  /** B's memory changed (SEND, WRITE, atomic), or B read its MR and sent the data back (READ). */
  executed: boolean;
  /** The responder's affiliated event where a profile raises one (IBTA, mlx5; rxe raises none). */
  event: string | null;
}
interface Row extends Expect {
  name: string;
  wr: Wr;
  /** Commands before the post (t = 50), e.g. a deregistration. */
  before?: CommandInput[];
  /** Commands after B has executed the request and before its response reaches A (t = 2200). */
  after?: CommandInput[];
  /** B's receive buffer: its own registered MR by default. */
  recv?: { length: number; lkey: number };
  /** The MR of B the operation aims at, and its first word once executed; unexecuted, it keeps its fill. */
  target?: { key: number; word?: number };
  /** What differs under a profile, as its row of the profile table says. */
  by?: Partial<Record<ProfileId, Partial<Expect>>>;
  source: string;
}

const FILL: Record<number, number> = { [K.B_ALL]: 0xb1, [K.B_LOCAL]: 0xb2 };
const sgl = (lkey: number, length: number, addr: number = K.BASE) => [{ addr, length, lkey }];
const rdma = (rkey: number, addr: number = K.BASE) => ({ addr, rkey });
const dereg = (host: number, lkey: number): CommandInput => ({ kind: 'deregMr', host, lkey });
const send = (length: number, lkey: number = K.A_LOCAL, o: Partial<Wr> = {}): Wr => ({ wrId: 1, opcode: 'IBV_WR_SEND', length, sgl: sgl(lkey, length), ...o });
const write = (rkey: number, o: Partial<Wr> = {}, lkey: number = K.A_LOCAL): Wr => ({ wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, sgl: sgl(lkey, 64), rdma: rdma(rkey), ...o });
const read = (rkey: number, o: Partial<Wr> = {}, lkey: number = K.A_LOCAL): Wr => ({ wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 64, sgl: sgl(lkey, 64), rdma: rdma(rkey), ...o });
const fadd = (rkey: number, addr: number = K.BASE, lkey: number = K.A_LOCAL, local: number = K.BASE): Wr => ({ wrId: 1, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 8, sgl: sgl(lkey, 8, local), rdma: rdma(rkey, addr), atomic: { compareAdd: 5 } });
const cas = (rkey: number, compare: number, lkey: number = K.A_LOCAL): Wr => ({ wrId: 1, opcode: 'IBV_WR_ATOMIC_CMP_AND_SWP', length: 8, sgl: sgl(lkey, 8), rdma: rdma(rkey), atomic: { compareAdd: compare, swap: 7 } });

const OK = { status: 'IBV_WC_SUCCESS', states: ['RTS', 'RTS'] as [string, string], executed: true, event: null };
const LOCAL = { status: 'IBV_WC_LOC_PROT_ERR', remote: null, states: ['ERR', 'RTS'] as [string, string], event: null };
const RKEY = { status: 'IBV_WC_REM_ACCESS_ERR', remote: null, states: ['ERR', 'ERR'] as [string, string], executed: false, event: 'IBV_EVENT_QP_ACCESS_ERR' };
const RECV_KEY = { status: 'IBV_WC_REM_OP_ERR', remote: 'IBV_WC_LOC_PROT_ERR', states: ['ERR', 'ERR'] as [string, string], executed: false, event: 'IBV_EVENT_QP_ACCESS_ERR', by: { rxe: { remote: 'IBV_WC_LOC_QP_OP_ERR' } } };
const after = [dereg(A, K.A_LOCAL)];

const ROWS: Row[] = [
  { name: 'SEND', wr: send(64), ...OK, remote: 'IBV_WC_SUCCESS', target: { key: K.B_ALL, word: 0xa1 }, source: 'the baseline: the bytes land in B\'s receive buffer' },
  { name: 'SEND, lkey names no MR', wr: send(64, 0x9999), ...LOCAL, executed: false, source: 'rxe_req.c finish_packet → copy_data -EFAULT' },
  { name: 'SEND, lkey of a deregistered MR', wr: send(64), before: [dereg(A, K.A_LOCAL)], ...LOCAL, executed: false, source: 'rxe lookup_mr fails once the MR is invalid' },
  { name: 'SEND, gather range past the MR', wr: { ...send(64), sgl: sgl(K.A_LOCAL, 64, K.BASE + 8190) }, ...LOCAL, executed: false, source: 'rxe mr_check_range' },
  { name: 'SEND, inline with a bad lkey (not checked)', wr: send(64, 0x9999, { inline: true }), ...OK, remote: 'IBV_WC_SUCCESS', source: 'ibv_post_send.3: with IBV_SEND_INLINE the L_Key is not checked' },
  { name: 'SEND_WITH_IMM', wr: send(64, K.A_LOCAL, { opcode: 'IBV_WR_SEND_WITH_IMM', imm: 9 }), ...OK, remote: 'IBV_WC_SUCCESS', target: { key: K.B_ALL, word: 0xa1 }, source: 'the baseline, with immediate data' },
  { name: 'SEND_WITH_IMM, lkey names no MR', wr: send(64, 0x9999, { opcode: 'IBV_WR_SEND_WITH_IMM', imm: 9 }), ...LOCAL, executed: false, source: 'rxe_req.c finish_packet' },
  { name: 'SEND into a receive buffer whose lkey names no MR', wr: send(64), recv: { length: 4096, lkey: 0x9999 }, ...RECV_KEY, source: 'rdmavt init_sge → LOC_PROT_ERR, nack_op_err; rxe RESPST_ERR_MALFORMED_WQE' },
  { name: 'SEND into a deregistered receive buffer', wr: send(64), recv: { length: 4096, lkey: K.B_ALL }, before: [dereg(B, K.B_ALL)], ...RECV_KEY, source: 'rdmavt init_sge (lkey_invalid) → LOC_PROT_ERR; rxe copy_data → MALFORMED_WQE' },
  { name: 'SEND longer than the receive buffer', wr: send(2048), recv: { length: 1024, lkey: K.B_ALL }, status: 'IBV_WC_REM_INV_REQ_ERR', remote: 'IBV_WC_LOC_LEN_ERR', states: ['ERR', 'ERR'], executed: true, event: 'IBV_EVENT_QP_REQ_ERR', target: { key: K.B_ALL, word: 0xa1 }, by: { rxe: { remote: 'IBV_WC_REM_INV_REQ_ERR' } }, source: 'the LOC_LEN_ERR status description; NAK Invalid Request (item 14); rxe RESPST_ERR_LENGTH' },
  { name: 'RDMA WRITE', wr: write(K.B_ALL), ...OK, remote: null, target: { key: K.B_ALL, word: 0xa1 }, source: 'the baseline: the bytes land in B\'s MR' },
  { name: 'RDMA WRITE, lkey names no MR', wr: write(K.B_ALL, {}, 0x9999), ...LOCAL, executed: false, target: { key: K.B_ALL }, source: 'rxe_req.c finish_packet' },
  { name: 'RDMA WRITE, lkey of a deregistered MR', wr: write(K.B_ALL), before: [dereg(A, K.A_LOCAL)], ...LOCAL, executed: false, target: { key: K.B_ALL }, source: 'rxe lookup_mr: the MR is no longer valid' },
  { name: 'RDMA WRITE, gather range past the MR', wr: write(K.B_ALL, { sgl: sgl(K.A_LOCAL, 64, K.BASE + 8190) }), ...LOCAL, executed: false, target: { key: K.B_ALL }, source: 'rxe mr_check_range' },
  { name: 'RDMA WRITE, rkey names no MR', wr: write(0x9999), ...RKEY, source: 'rxe_resp.c check_rkey → RESPST_ERR_RKEY_VIOLATION, class C' },
  { name: 'RDMA WRITE, rkey range past the MR', wr: write(K.B_ALL, { rdma: rdma(K.B_ALL, K.BASE + 8190) }), ...RKEY, target: { key: K.B_ALL }, source: 'rxe mr_check_range in check_rkey' },
  { name: 'RDMA WRITE, MR registered without REMOTE_WRITE', wr: write(K.B_LOCAL, { rdma: rdma(K.B_LOCAL, K.SECOND) }), ...RKEY, target: { key: K.B_LOCAL }, source: 'rxe lookup_mr access check; hfi1 rvt_rkey_ok → nack_acc' },
  { name: 'RDMA WRITE, rkey of a deregistered MR', wr: write(K.B_ALL), before: [dereg(B, K.B_ALL)], ...RKEY, target: { key: K.B_ALL }, source: 'rxe check_rkey: no MR matches rkey' },
  { name: 'RDMA WRITE of zero bytes, bad rkey (not checked)', wr: write(0x9999, { length: 0, sgl: [] }), ...OK, remote: null, executed: false, source: 'rxe check_rkey: a zero-byte op is not required to set an addr or rkey; hfi1 r_len != 0' },
  { name: 'RDMA WRITE_WITH_IMM', wr: write(K.B_ALL, { opcode: 'IBV_WR_RDMA_WRITE_WITH_IMM', imm: 7 }), ...OK, remote: 'IBV_WC_SUCCESS', target: { key: K.B_ALL, word: 0xa1 }, source: 'the baseline: data lands and the receive WQE completes' },
  { name: 'RDMA WRITE_WITH_IMM, bad rkey: the receive WQE it took completes with the error', wr: write(0x9999, { opcode: 'IBV_WR_RDMA_WRITE_WITH_IMM', imm: 7 }), ...RKEY, remote: 'IBV_WC_REM_ACCESS_ERR', source: 'rxe check_resource takes the WQE (RXE_RWR_MASK) before check_rkey; do_complete with the error' },
  { name: 'RDMA READ', wr: read(K.B_ALL), ...OK, remote: null, source: 'the baseline: B reads its MR and answers' },
  { name: 'RDMA READ, rkey names no MR', wr: read(0x9999), ...RKEY, source: 'rxe check_rkey' },
  { name: 'RDMA READ, rkey range past the MR', wr: read(K.B_ALL, { rdma: rdma(K.B_ALL, K.BASE + 8190) }), ...RKEY, source: 'rxe mr_check_range in check_rkey' },
  { name: 'RDMA READ, MR registered without REMOTE_READ', wr: read(K.B_LOCAL, { rdma: rdma(K.B_LOCAL, K.SECOND) }), ...RKEY, source: 'rxe lookup_mr access check' },
  { name: 'RDMA READ, rkey of a deregistered MR', wr: read(K.B_ALL), before: [dereg(B, K.B_ALL)], ...RKEY, source: 'rxe check_rkey: no MR matches rkey' },
  { name: 'RDMA READ into a buffer without LOCAL_WRITE: checked when the response arrives', wr: read(K.B_ALL, { sgl: sgl(K.A_READONLY, 64, K.SECOND) }), ...LOCAL, executed: true, source: 'rxe_comp.c do_read copy_data(IB_ACCESS_LOCAL_WRITE) → LOC_PROT_ERR (item 7)' },
  { name: 'RDMA READ, lkey names no MR: checked when the response arrives', wr: read(K.B_ALL, {}, 0x9999), ...LOCAL, executed: true, source: 'rxe_comp.c do_read → copy_data: no MR' },
  { name: 'RDMA READ, local MR deregistered before the response', wr: read(K.B_ALL), after, ...LOCAL, executed: true, source: 'rxe_comp.c do_read: the lkey is looked up as the response is copied' },
  { name: 'RDMA READ of zero bytes, bad rkey (not checked)', wr: read(0x9999, { length: 0, sgl: [] }), ...OK, remote: null, source: 'rxe check_rkey zero-byte rule; hfi1 `if (len)`' },
  { name: 'ATOMIC FETCH_AND_ADD', wr: fadd(K.B_ALL), ...OK, remote: null, target: { key: K.B_ALL, word: 0xb1 + 5 }, source: 'the baseline: B\'s word is added to' },
  { name: 'ATOMIC, rkey names no MR', wr: fadd(0x9999), ...RKEY, source: 'rxe check_rkey (IB_ACCESS_REMOTE_ATOMIC)' },
  { name: 'ATOMIC, rkey range past the MR', wr: fadd(K.B_ALL, K.BASE + 8192), ...RKEY, target: { key: K.B_ALL }, source: 'rxe mr_check_range in check_rkey' },
  { name: 'ATOMIC, MR registered without REMOTE_ATOMIC', wr: fadd(K.B_LOCAL, K.SECOND), ...RKEY, target: { key: K.B_LOCAL }, source: 'rxe check_rkey (IB_ACCESS_REMOTE_ATOMIC)' },
  { name: 'ATOMIC, rkey of a deregistered MR', wr: fadd(K.B_ALL), before: [dereg(B, K.B_ALL)], ...RKEY, target: { key: K.B_ALL }, source: 'rxe check_rkey: no MR matches rkey' },
  {
    name: 'ATOMIC, target not 8-byte aligned', wr: fadd(K.B_ALL, K.BASE + 4), status: 'IBV_WC_REM_INV_REQ_ERR', remote: null, states: ['ERR', 'ERR'], executed: false, event: 'IBV_EVENT_QP_REQ_ERR', target: { key: K.B_ALL },
    by: { rxe: { status: null, errno: 'EINVAL', states: ['RTS', 'RTS'], event: null } }, source: 'IBTA 1.2.1 §9.4.5 as quoted (NAK Invalid Request); hfi1 nack_inv; rxe validate_send_wr "misaligned atomic address"',
  },
  { name: 'ATOMIC into a result buffer without LOCAL_WRITE: the remote already executed', wr: fadd(K.B_ALL, K.BASE, K.A_READONLY, K.SECOND), ...LOCAL, executed: true, target: { key: K.B_ALL, word: 0xb1 + 5 }, source: 'rxe_comp.c do_atomic → LOC_PROT_ERR (item 7)' },
  { name: 'ATOMIC, result lkey names no MR', wr: fadd(K.B_ALL, K.BASE, 0x9999), ...LOCAL, executed: true, target: { key: K.B_ALL, word: 0xb1 + 5 }, source: 'rxe_comp.c do_atomic → copy_data: no MR' },
  { name: 'ATOMIC, result MR deregistered before the response', wr: fadd(K.B_ALL), after, ...LOCAL, executed: true, target: { key: K.B_ALL, word: 0xb1 + 5 }, source: 'rxe_comp.c do_atomic: the lkey is looked up as the result is copied' },
  { name: 'ATOMIC CMP_AND_SWP, equal: swapped', wr: cas(K.B_ALL, 0xb1), ...OK, remote: null, target: { key: K.B_ALL, word: 7 }, source: 'rxe atomic_reply; hfi1 cmpxchg' },
  { name: 'ATOMIC CMP_AND_SWP, not equal: executed, the word stays', wr: cas(K.B_ALL, 1), ...OK, remote: null, target: { key: K.B_ALL, word: 0xb1 }, source: 'rxe atomic_reply; hfi1 cmpxchg' },
  { name: 'ATOMIC CMP_AND_SWP, rkey names no MR', wr: cas(0x9999, 0xb1), ...RKEY, source: 'rxe check_rkey' },
  { name: 'ATOMIC CMP_AND_SWP, result lkey names no MR', wr: cas(K.B_ALL, 0xb1, 0x9999), ...LOCAL, executed: true, target: { key: K.B_ALL, word: 7 }, source: 'rxe_comp.c do_atomic' },
];

function scenarioOf(r: Row, profile: ProfileId) {
  const commands: { t: number; cmd: CommandInput }[] = (r.before ?? []).map((cmd) => ({ t: 50, cmd }));
  commands.push({ t: 100, cmd: { kind: 'postSend', host: A, qpn: QA, wr: r.wr } });
  for (const cmd of r.after ?? []) commands.push({ t: 2200, cmd });
  if (r.recv) commands.unshift({ t: 10, cmd: { kind: 'postRecv', host: B, qpn: QB, wr: { wrId: 77, length: r.recv.length, sgl: [{ addr: K.BASE, length: r.recv.length, lkey: r.recv.lkey }] } } });
  const b = r.recv ? { recvs: 0, refill: false, recvMr: undefined } : { recvs: 2, refill: false };
  return keyed({ a: { recvs: 0, refill: false, maxInlineData: 128 }, b, commands, durationNs: 50_000, profile });
}

function executedAt(sim: Simulation, r: Row): boolean {
  if (r.wr.opcode === 'IBV_WR_RDMA_READ') return events(sim, 'pkt').some((e) => e.src === B && e.op.startsWith('RDMA_READ_RESPONSE'));
  return events(sim, 'mem').some((e) => e.host === B);
}

describe('key checks, table-driven (opcode × key × failing check), under every profile', () => {
  describe.each(ROWS.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    it.each(PROFILE_IDS.map((p) => [p] as const))('%s', (p) => {
      const x: Expect = { ...r, ...r.by?.[p] };
      const why = `${p}: ${r.source}`;
      const sim = run(scenarioOf(r, p), 50_000);
      if (x.status === null) expect(events(sim, 'post-refused').map((e) => e.errno), why).toEqual([x.errno]);
      expect(cqes(sim, A, QA, 'sq')[0]?.status ?? null, why).toBe(x.status);
      const recv = cqes(sim, B, QB, 'rq')[0];
      if (x.remote === null) expect(recv === undefined || recv.status === 'IBV_WC_WR_FLUSH_ERR', `no receive consumed: ${why}`).toBe(true);
      else expect(recv?.status, why).toBe(x.remote);
      expect([stateOf(sim, A, QA), stateOf(sim, B, QB)], why).toEqual(x.states);
      expect(executedAt(sim, r), `remote executed: ${why}`).toBe(x.executed);
      if (r.target) {
        const mr = sim.world.mrs.find((m) => m.host === B && m.key === r.target!.key)!;
        expect(mr.words[0], `B's word: ${why}`).toBe(x.executed ? r.target.word : FILL[r.target.key]);
        if (x.executed) expect(r.target.word, r.name).toBeDefined();
      }
      const raised = events(sim, 'async').filter((e) => e.host === B && e.event !== 'IBV_EVENT_COMM_EST').map((e) => e.event);
      expect(raised, `responder event: ${why}`).toEqual(x.event && p !== 'rxe' ? [x.event] : []);
    });
  });
  const row = (name: string) => ROWS.find((r) => r.name === name)!;
  it('the log names the check that failed', () => {
    const sim = run(scenarioOf(row('RDMA WRITE, MR registered without REMOTE_WRITE'), 'ibta'), 50_000);
    expect(events(sim, 'wr-error')[0].status).toBe('IBV_WC_REM_ACCESS_ERR');
    const nak = events(sim, 'rx').find((e) => e.host === B && e.outcome === 'nak');
    expect(nak?.detail).toMatch(/rkey check failed: the MR of rkey 0x211 was registered without IBV_ACCESS_REMOTE_WRITE/);
    const local = run(scenarioOf(row('SEND, lkey of a deregistered MR'), 'ibta'), 50_000);
    expect(events(local, 'wr-error')[0].check).toMatch(/lkey 0x110 names an MR deregistered at 0\.050 µs/);
  });
  it('"deregistered before the response" really deregisters between B executing and the response landing', () => {
    const sim = run(scenarioOf(row('RDMA READ, local MR deregistered before the response'), 'ibta'), 50_000);
    const served = events(sim, 'rx').find((e) => e.host === B && e.outcome === 'accepted')!.t;
    const gone = events(sim, 'mr').find((e) => e.op === 'dereg')!.t;
    const back = events(sim, 'rx').find((e) => e.host === A && e.outcome === 'response')!.t;
    expect(served < gone && gone < back).toBe(true);
  });
});
