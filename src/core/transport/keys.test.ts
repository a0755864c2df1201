import { describe, expect, it } from 'vitest';
import type { CommandInput } from '../index.ts';
import { A, B, QA, QB, cqes, events, run, stateOf } from '../testkit/builders.ts';
import { K, keyed } from '../testkit/keyed.ts';

// Every key check, table-driven: opcode × which key × which check fails → the requester's
// status, the responder's receive completion, both QP states, and whether the remote side
// executed the operation (its memory changed). Sources per row; semantics.md item 7 and 14.
type Wr = Extract<CommandInput, { kind: 'postSend' }>['wr'];
interface Row {
  name: string;
  wr: Wr;
  /** Commands before the post (e.g. a deregistration). */
  before?: CommandInput[];
  /** B's receive buffer: its own registered MR by default. */
  recv?: { length: number; lkey: number };
  status: string;
  remote: string | null;
  states: [string, string];
  executed: boolean;
  source: string;
}

const sgl = (lkey: number, length: number, addr: number = K.BASE) => [{ addr, length, lkey }];
const rdma = (rkey: number, addr: number = K.BASE) => ({ addr, rkey });
const dereg = (host: number, lkey: number): CommandInput => ({ kind: 'deregMr', host, lkey });

const ROWS: Row[] = [
  { name: 'SEND, lkey names no MR', wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, sgl: sgl(0x9999, 64) }, status: 'IBV_WC_LOC_PROT_ERR', remote: null, states: ['ERR', 'RTS'], executed: false, source: 'rxe_req.c finish_packet → copy_data -EFAULT' },
  { name: 'SEND, lkey of a deregistered MR', wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, sgl: sgl(K.A_LOCAL, 64) }, before: [dereg(A, K.A_LOCAL)], status: 'IBV_WC_LOC_PROT_ERR', remote: null, states: ['ERR', 'RTS'], executed: false, source: 'rxe lookup_mr fails once the MR is invalid' },
  { name: 'SEND, gather range past the MR', wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, sgl: sgl(K.A_LOCAL, 64, K.BASE + 8190) }, status: 'IBV_WC_LOC_PROT_ERR', remote: null, states: ['ERR', 'RTS'], executed: false, source: 'rxe mr_check_range' },
  { name: 'SEND, inline with a bad lkey (not checked)', wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, sgl: sgl(0x9999, 64), inline: true }, status: 'IBV_WC_SUCCESS', remote: 'IBV_WC_SUCCESS', states: ['RTS', 'RTS'], executed: true, source: 'ibv_post_send.3: with IBV_SEND_INLINE the L_Key is not checked' },
  { name: 'RDMA WRITE, lkey names no MR', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, sgl: sgl(0x9999, 64), rdma: rdma(K.B_ALL) }, status: 'IBV_WC_LOC_PROT_ERR', remote: null, states: ['ERR', 'RTS'], executed: false, source: 'rxe_req.c finish_packet' },
  { name: 'RDMA WRITE, rkey names no MR', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, sgl: sgl(K.A_LOCAL, 64), rdma: rdma(0x9999) }, status: 'IBV_WC_REM_ACCESS_ERR', remote: null, states: ['ERR', 'ERR'], executed: false, source: 'rxe_resp.c check_rkey → RESPST_ERR_RKEY_VIOLATION, class C' },
  { name: 'RDMA WRITE, rkey range past the MR', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, sgl: sgl(K.A_LOCAL, 64), rdma: rdma(K.B_ALL, K.BASE + 8190) }, status: 'IBV_WC_REM_ACCESS_ERR', remote: null, states: ['ERR', 'ERR'], executed: false, source: 'rxe mr_check_range in check_rkey' },
  { name: 'RDMA WRITE, MR registered without REMOTE_WRITE', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, sgl: sgl(K.A_LOCAL, 64), rdma: rdma(K.B_LOCAL, K.SECOND) }, status: 'IBV_WC_REM_ACCESS_ERR', remote: null, states: ['ERR', 'ERR'], executed: false, source: 'rxe lookup_mr access check; hfi1 rvt_rkey_ok → nack_acc' },
  { name: 'RDMA WRITE, rkey of a deregistered MR', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 64, sgl: sgl(K.A_LOCAL, 64), rdma: rdma(K.B_ALL) }, before: [dereg(B, K.B_ALL)], status: 'IBV_WC_REM_ACCESS_ERR', remote: null, states: ['ERR', 'ERR'], executed: false, source: 'rxe check_rkey: no MR matches rkey' },
  { name: 'RDMA WRITE of zero bytes, bad rkey (not checked)', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE', length: 0, sgl: [], rdma: rdma(0x9999) }, status: 'IBV_WC_SUCCESS', remote: null, states: ['RTS', 'RTS'], executed: true, source: 'rxe check_rkey: a zero-byte op is not required to set an addr or rkey; hfi1 r_len != 0' },
  { name: 'WRITE_WITH_IMM, bad rkey: the receive WQE it took completes with the error', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_WRITE_WITH_IMM', length: 64, imm: 7, sgl: sgl(K.A_LOCAL, 64), rdma: rdma(0x9999) }, status: 'IBV_WC_REM_ACCESS_ERR', remote: 'IBV_WC_REM_ACCESS_ERR', states: ['ERR', 'ERR'], executed: false, source: 'rxe check_resource takes the WQE (RXE_RWR_MASK) before check_rkey; do_complete with the error' },
  { name: 'RDMA READ, rkey names no MR', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 64, sgl: sgl(K.A_LOCAL, 64), rdma: rdma(0x9999) }, status: 'IBV_WC_REM_ACCESS_ERR', remote: null, states: ['ERR', 'ERR'], executed: false, source: 'rxe check_rkey' },
  { name: 'RDMA READ, MR registered without REMOTE_READ', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 64, sgl: sgl(K.A_LOCAL, 64), rdma: rdma(K.B_LOCAL, K.SECOND) }, status: 'IBV_WC_REM_ACCESS_ERR', remote: null, states: ['ERR', 'ERR'], executed: false, source: 'rxe lookup_mr access check' },
  { name: 'RDMA READ into a buffer without LOCAL_WRITE: checked when the response arrives', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 64, sgl: sgl(K.A_READONLY, 64, K.SECOND), rdma: rdma(K.B_ALL) }, status: 'IBV_WC_LOC_PROT_ERR', remote: null, states: ['ERR', 'RTS'], executed: true, source: 'rxe_comp.c do_read copy_data(IB_ACCESS_LOCAL_WRITE) → LOC_PROT_ERR (item 7)' },
  { name: 'RDMA READ of zero bytes, bad rkey (not checked)', wr: { wrId: 1, opcode: 'IBV_WR_RDMA_READ', length: 0, sgl: [], rdma: rdma(0x9999) }, status: 'IBV_WC_SUCCESS', remote: null, states: ['RTS', 'RTS'], executed: true, source: 'rxe check_rkey zero-byte rule; hfi1 `if (len)`' },
  { name: 'ATOMIC, MR registered without REMOTE_ATOMIC', wr: { wrId: 1, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 8, sgl: sgl(K.A_LOCAL, 8), rdma: rdma(K.B_LOCAL, K.SECOND), atomic: { compareAdd: 5 } }, status: 'IBV_WC_REM_ACCESS_ERR', remote: null, states: ['ERR', 'ERR'], executed: false, source: 'rxe check_rkey (IB_ACCESS_REMOTE_ATOMIC)' },
  { name: 'ATOMIC into a result buffer without LOCAL_WRITE: the remote already executed', wr: { wrId: 1, opcode: 'IBV_WR_ATOMIC_FETCH_AND_ADD', length: 8, sgl: sgl(K.A_READONLY, 8, K.SECOND), rdma: rdma(K.B_ALL), atomic: { compareAdd: 5 } }, status: 'IBV_WC_LOC_PROT_ERR', remote: null, states: ['ERR', 'RTS'], executed: true, source: 'rxe_comp.c do_atomic → LOC_PROT_ERR (item 7)' },
  { name: 'SEND into a receive buffer whose lkey is invalid', wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, sgl: sgl(K.A_LOCAL, 64) }, recv: { length: 4096, lkey: 0x9999 }, status: 'IBV_WC_REM_OP_ERR', remote: 'IBV_WC_LOC_PROT_ERR', states: ['ERR', 'ERR'], executed: false, source: 'rdmavt rvt_get_rwqe/init_sge → LOC_PROT_ERR, NAK Remote Operational Error' },
  { name: 'SEND longer than the receive buffer', wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 2048, sgl: sgl(K.A_LOCAL, 2048) }, recv: { length: 1024, lkey: K.B_ALL }, status: 'IBV_WC_REM_INV_REQ_ERR', remote: 'IBV_WC_LOC_LEN_ERR', states: ['ERR', 'ERR'], executed: true, source: 'enums.json IBV_WC_LOC_LEN_ERR; NAK Invalid Request (item 14)' },
];

function scenarioOf(r: Row) {
  const commands: { t: number; cmd: CommandInput }[] = (r.before ?? []).map((cmd) => ({ t: 50, cmd }));
  commands.push({ t: 100, cmd: { kind: 'postSend', host: A, qpn: QA, wr: r.wr } });
  const b = r.recv
    ? { recvs: 0, refill: false, recvMr: undefined }
    : { recvs: 2, refill: false };
  if (r.recv) commands.unshift({ t: 10, cmd: { kind: 'postRecv', host: B, qpn: QB, wr: { wrId: 77, length: r.recv.length, sgl: [{ addr: K.BASE, length: r.recv.length, lkey: r.recv.lkey }] } } });
  return keyed({ a: { recvs: 0, refill: false, maxInlineData: 128 }, b, commands, durationNs: 50_000 });
}

describe('key checks, table-driven (opcode × key × failing check)', () => {
  it.each(ROWS.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const sim = run(scenarioOf(r), 50_000);
    expect(cqes(sim, A, QA, 'sq')[0]?.status, r.source).toBe(r.status);
    const recv = cqes(sim, B, QB, 'rq')[0];
    if (r.remote === null) expect(recv === undefined || recv.status === 'IBV_WC_WR_FLUSH_ERR', `no receive consumed: ${r.source}`).toBe(true);
    else expect(recv?.status, r.source).toBe(r.remote);
    expect([stateOf(sim, A, QA), stateOf(sim, B, QB)], r.source).toEqual(r.states);
    // Executed: the responder accepted a request packet (a READ served, data placed, an atomic run).
    const executed = events(sim, 'rx').some((e) => e.host === B && e.outcome === 'accepted');
    expect(executed, `remote executed: ${r.source}`).toBe(r.executed);
  });
  it('the log names the check that failed', () => {
    const sim = run(scenarioOf(ROWS[7]), 50_000);
    const err = events(sim, 'wr-error')[0];
    expect(err.status).toBe('IBV_WC_REM_ACCESS_ERR');
    const nak = events(sim, 'rx').find((e) => e.host === B && e.outcome === 'nak');
    expect(nak?.detail).toMatch(/rkey check failed: the MR of rkey 0x211 was registered without IBV_ACCESS_REMOTE_WRITE/);
    const local = run(scenarioOf(ROWS[1]), 50_000);
    expect(events(local, 'wr-error')[0].check).toMatch(/lkey 0x110 names an MR deregistered at 0\.050 µs/);
  });
});
