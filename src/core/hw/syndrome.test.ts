// The syndrome table against the mapping it is read from: rdma-core providers/mlx5/mlx5dv.h
// (MLX5_CQE_SYNDROME_* values) and providers/mlx5/cq.c mlx5_handle_error_cqe (syndrome → status),
// commit 691953d8 [sources: libmlx5-syndrome]. Written out here as libmlx5 has it, row by row.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Simulation, WC_STATUSES, type ScenarioInput } from '../index.ts';
import { MLX5_SYNDROME_OF, mlx5Syndrome } from './syndrome.ts';

/** mlx5_handle_error_cqe, case by case: [syndrome name, value, status it returns]. */
const LIBMLX5: [string, number, string][] = [
  ['LOCAL_LENGTH_ERR', 0x01, 'IBV_WC_LOC_LEN_ERR'],
  ['LOCAL_QP_OP_ERR', 0x02, 'IBV_WC_LOC_QP_OP_ERR'],
  ['LOCAL_PROT_ERR', 0x04, 'IBV_WC_LOC_PROT_ERR'],
  ['WR_FLUSH_ERR', 0x05, 'IBV_WC_WR_FLUSH_ERR'],
  ['MW_BIND_ERR', 0x06, 'IBV_WC_MW_BIND_ERR'],
  ['BAD_RESP_ERR', 0x10, 'IBV_WC_BAD_RESP_ERR'],
  ['LOCAL_ACCESS_ERR', 0x11, 'IBV_WC_LOC_ACCESS_ERR'],
  ['REMOTE_INVAL_REQ_ERR', 0x12, 'IBV_WC_REM_INV_REQ_ERR'],
  ['REMOTE_ACCESS_ERR', 0x13, 'IBV_WC_REM_ACCESS_ERR'],
  ['REMOTE_OP_ERR', 0x14, 'IBV_WC_REM_OP_ERR'],
  ['TRANSPORT_RETRY_EXC_ERR', 0x15, 'IBV_WC_RETRY_EXC_ERR'],
  ['RNR_RETRY_EXC_ERR', 0x16, 'IBV_WC_RNR_RETRY_EXC_ERR'],
  ['REMOTE_ABORTED_ERR', 0x22, 'IBV_WC_REM_ABORT_ERR'],
];

describe('MLX5 CQE syndromes (libmlx5 mlx5_handle_error_cqe)', () => {
  for (const [name, value, status] of LIBMLX5) {
    it(`${status} ← MLX5_CQE_SYNDROME_${name} = 0x${value.toString(16).padStart(2, '0')}`, () => {
      expect(mlx5Syndrome(status as never)).toEqual({ value, name: `MLX5_CQE_SYNDROME_${name}` });
    });
  }
  it('no other status has a syndrome: success, the EEC/RDD statuses, FATAL, RESP_TIMEOUT and GENERAL_ERR (the default for an unknown one)', () => {
    const mapped = new Set(LIBMLX5.map((r) => r[2]));
    for (const s of WC_STATUSES) if (!mapped.has(s)) expect(mlx5Syndrome(s), s).toBeUndefined();
    expect(Object.keys(MLX5_SYNDROME_OF).length).toBe(LIBMLX5.length);
  });

  const fixture = JSON.parse(readFileSync('fixtures/scenarios/keys-dereg-under-write.json', 'utf8')) as ScenarioInput;
  const cqes = (profile: 'ibta' | 'rxe' | 'mlx5') => {
    const sim = new Simulation({ ...fixture, config: { ...fixture.config, profile } });
    sim.run();
    return sim.events().filter((e) => e.kind === 'cqe');
  };
  it('under mlx5 every error CQE event carries its syndrome (REM_ACCESS_ERR 0x13, the flushes 0x05); a success carries none', () => {
    const all = cqes('mlx5');
    const errs = all.filter((e) => e.status !== 'IBV_WC_SUCCESS');
    expect(errs.some((e) => e.status === 'IBV_WC_REM_ACCESS_ERR' && e.syndrome?.value === 0x13)).toBe(true);
    for (const e of errs) expect(e.syndrome, e.status).toEqual(mlx5Syndrome(e.status));
    for (const e of all.filter((x) => x.status === 'IBV_WC_SUCCESS')) expect(e).not.toHaveProperty('syndrome');
  });
  it('under IBTA and rxe no CQE carries a syndrome (it is mlx5\'s CQE format)', () => {
    for (const p of ['ibta', 'rxe'] as const) for (const e of cqes(p)) expect(e).not.toHaveProperty('syndrome');
  });
});
