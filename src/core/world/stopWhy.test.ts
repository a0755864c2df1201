// A failed WR's stop reason is kept as a record and put into words only when a view asks.
import { describe, expect, it } from 'vitest';
import { stopWhy } from './world.ts';
import { A, QA, pair, run } from '../testkit/builders.ts';

describe('stopWhy', () => {
  it.each([
    [{ wrId: 7, status: 'IBV_WC_RETRY_EXC_ERR' as const, check: undefined, cause: 'retry-exceeded' }, 'wr_id 7 completed with IBV_WC_RETRY_EXC_ERR: no ACK after retry_cnt retransmissions'],
    [{ wrId: 3, status: 'IBV_WC_LOC_PROT_ERR' as const, check: 'lkey 0x12 is not registered', cause: 'send-error' }, 'wr_id 3 completed with IBV_WC_LOC_PROT_ERR: lkey 0x12 is not registered'],
    [{ wrId: 9, status: 'IBV_WC_REM_OP_ERR' as const, check: undefined, cause: 'send-error' }, 'wr_id 9 completed with IBV_WC_REM_OP_ERR'],
  ])('words a failed WR as the QP panel shows it: %o', (why, text) => {
    expect(stopWhy(why)).toBe(text);
  });

  it('passes words through and leaves a running QP without a reason', () => {
    expect(stopWhy('as responder, it refused SEND_ONLY PSN 5: no receive')).toBe('as responder, it refused SEND_ONLY PSN 5: no receive');
    expect(stopWhy(undefined)).toBeUndefined();
  });

  it('a QP that ran out of retries keeps the record of its failed WR, worded as before', () => {
    const sim = run(pair({
      a: { attrs: { timeout: 1, retry_cnt: 2 } },
      commands: [
        { t: 500, cmd: { kind: 'failNextWr', host: A, qpn: QA, status: 'IBV_WC_RETRY_EXC_ERR' } },
        { t: 1000, cmd: { kind: 'postSend', host: A, qpn: QA, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 512 } } },
      ],
      durationNs: 300_000,
    }));
    const why = sim.world.rt.get(sim.world.qps.find(A, QA))?.why;
    expect(why).toEqual({ wrId: 1, status: 'IBV_WC_RETRY_EXC_ERR', check: undefined, cause: 'retry-exceeded' });
    expect(stopWhy(why)).toBe('wr_id 1 completed with IBV_WC_RETRY_EXC_ERR: no ACK after retry_cnt retransmissions');
  });
});
