// checkModify's fifth argument: values against a device's caps, per profile, table-driven. Each
// row is one call and the verdict its driver gives (mlx5_ib_modify_qp, __mlx5_ib_modify_qp,
// rxe_qp_chk_attr, core rdma_get_gid_attr / rdma_check_ah_attr) [sources: modify-values, devinfo-format].
import { describe, expect, it } from 'vitest';
import { checkModify } from './checkModify.ts';
import { parseDevinfo } from './deviceCaps.ts';
import type { AttrName } from './attrs.ts';
import type { CheckProfile, ValueAttrs } from './checkValues.ts';

/** A ConnectX-style paste, in ibv_devinfo -v's own layout (values made up for the test). */
const DEVINFO = `hca_id:\tmlx5_0
\ttransport:\t\t\tInfiniBand (0)
\tfw_ver:\t\t\t\t16.35.2000
\tphys_port_cnt:\t\t\t1
\tmax_qp:\t\t\t\t131072
\tmax_qp_rd_atom:\t\t\t16
\tmax_ee_rd_atom:\t\t\t0
\tmax_res_rd_atom:\t\t2097152
\tmax_qp_init_rd_atom:\t\t16
\tmax_pkeys:\t\t\t128
\t\tport:\t1
\t\t\tstate:\t\t\tPORT_ACTIVE (4)
\t\t\tmax_mtu:\t\t4096 (5)
\t\t\tactive_mtu:\t\t1024 (3)
\t\t\tsm_lid:\t\t\t0
\t\t\tport_lid:\t\t0
\t\t\tport_lmc:\t\t0x00
\t\t\tlink_layer:\t\tEthernet
\t\t\tmax_msg_sz:\t\t0x40000000
\t\t\tpkey_tbl_len:\t\t1
\t\t\tgid_tbl_len:\t\t256
\t\t\tGID[  0]:\t\tfe80:0000:0000:0000:0e42:a1ff:fe2b:3c4d, RoCE v1
\t\t\tGID[  1]:\t\tfe80::e42:a1ff:fe2b:3c4d, RoCE v2
\t\t\tGID[  3]:\t\t::ffff:192.168.7.2, RoCE v2
`;
const caps = parseDevinfo(DEVINFO);

const INIT: AttrName[] = ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_ACCESS_FLAGS'];
const RTR: AttrName[] = ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'];
const RTS: AttrName[] = ['IBV_QP_STATE', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_SQ_PSN', 'IBV_QP_MAX_QP_RD_ATOMIC'];
const GOOD_RTR: ValueAttrs = { is_global: true, sgid_index: 3, path_mtu: 3, max_dest_rd_atomic: 16 };

type Row = [string, CheckProfile, 'RESET' | 'INIT' | 'RTR', 'INIT' | 'RTR' | 'RTS', AttrName[], ValueAttrs, string | null, ('EINVAL' | 'ENODATA')?];
// [name, profile, from, to, mask, values, refused attribute (null: accepted), errno]
const ROWS: Row[] = [
  ['a good RESET→INIT', 'mlx5', 'RESET', 'INIT', INIT, { port_num: 1, pkey_index: 0 }, null],
  ['port 0', 'mlx5', 'RESET', 'INIT', INIT, { port_num: 0 }, 'IBV_QP_PORT'],
  ['port 2 on a 1-port device', 'rxe', 'RESET', 'INIT', INIT, { port_num: 2 }, 'IBV_QP_PORT'],
  ['port 2 on a 1-port device (IBTA)', 'ibta', 'RESET', 'INIT', INIT, { port_num: 2 }, 'IBV_QP_PORT'],
  ['pkey_index 1 past a 1-entry P_Key table: mlx5 refuses', 'mlx5', 'RESET', 'INIT', INIT, { port_num: 1, pkey_index: 1 }, 'IBV_QP_PKEY_INDEX'],
  ['pkey_index 1 past a 1-entry P_Key table: rxe does not check it', 'rxe', 'RESET', 'INIT', INIT, { port_num: 1, pkey_index: 1 }, null],
  ['a good INIT→RTR on RoCE v2', 'mlx5', 'INIT', 'RTR', RTR, GOOD_RTR, null],
  ['no GRH on a RoCE port', 'mlx5', 'INIT', 'RTR', RTR, { ...GOOD_RTR, is_global: false }, 'IBV_QP_AV'],
  ['sgid_index past the GID table', 'rxe', 'INIT', 'RTR', RTR, { ...GOOD_RTR, sgid_index: 256 }, 'IBV_QP_AV'],
  ['sgid_index on an empty GID entry: ENODATA', 'mlx5', 'INIT', 'RTR', RTR, { ...GOOD_RTR, sgid_index: 2 }, 'IBV_QP_AV', 'ENODATA'],
  ['path_mtu 0 (not an enum): mlx5', 'mlx5', 'INIT', 'RTR', RTR, { ...GOOD_RTR, path_mtu: 0 }, 'IBV_QP_PATH_MTU'],
  ['path_mtu 6 (not an enum): mlx5', 'mlx5', 'INIT', 'RTR', RTR, { ...GOOD_RTR, path_mtu: 6 }, 'IBV_QP_PATH_MTU'],
  ['path_mtu 6 above max_mtu: rxe', 'rxe', 'INIT', 'RTR', RTR, { ...GOOD_RTR, path_mtu: 6 }, 'IBV_QP_PATH_MTU'],
  ['path_mtu 4096 above active 1024: mlx5 accepts (with a note)', 'mlx5', 'INIT', 'RTR', RTR, { ...GOOD_RTR, path_mtu: 5 }, null],
  ['path_mtu 4096 above active 1024: rxe checks max_mtu only', 'rxe', 'INIT', 'RTR', RTR, { ...GOOD_RTR, path_mtu: 5 }, null],
  ['path_mtu 4096 above active 1024: IBTA refuses', 'ibta', 'INIT', 'RTR', RTR, { ...GOOD_RTR, path_mtu: 5 }, 'IBV_QP_PATH_MTU'],
  ['max_dest_rd_atomic 32 > max_qp_rd_atom 16: mlx5', 'mlx5', 'INIT', 'RTR', RTR, { ...GOOD_RTR, max_dest_rd_atomic: 32 }, 'IBV_QP_MAX_DEST_RD_ATOMIC'],
  ['max_dest_rd_atomic 32: rxe does not check it', 'rxe', 'INIT', 'RTR', RTR, { ...GOOD_RTR, max_dest_rd_atomic: 32 }, null],
  ['max_rd_atomic 32 > max_qp_init_rd_atom 16: mlx5', 'mlx5', 'RTR', 'RTS', RTS, { max_rd_atomic: 32, timeout: 14 }, 'IBV_QP_MAX_QP_RD_ATOMIC'],
  ['max_rd_atomic 32 > max_qp_rd_atom 16: rxe', 'rxe', 'RTR', 'RTS', RTS, { max_rd_atomic: 32, timeout: 14 }, 'IBV_QP_MAX_QP_RD_ATOMIC'],
  ['timeout 32: rxe refuses', 'rxe', 'RTR', 'RTS', RTS, { max_rd_atomic: 1, timeout: 32 }, 'IBV_QP_TIMEOUT'],
  ['timeout 32: mlx5 does not check it', 'mlx5', 'RTR', 'RTS', RTS, { max_rd_atomic: 1, timeout: 32 }, null],
];

describe('checkModify with values (fifth argument)', () => {
  for (const [name, profile, from, to, mask, attrs, refused, errno] of ROWS) {
    it(`${profile}: ${name} → ${refused ? `${errno ?? 'EINVAL'} on ${refused}` : 'accepted'}`, () => {
      const r = checkModify('RC', from, mask, to, { attrs, caps, profile });
      if (refused === null) expect(r.ok).toBe(true);
      else expect(r).toMatchObject({ ok: false, errno: errno ?? 'EINVAL', reason: 'invalid-value', attribute: refused });
    });
  }
  it('the mask is still checked first: a value check never hides a missing attribute', () => {
    const r = checkModify('RC', 'INIT', ['IBV_QP_STATE', 'IBV_QP_PATH_MTU'], 'RTR', { attrs: { path_mtu: 9 }, caps, profile: 'mlx5' });
    expect(r).toMatchObject({ ok: false, reason: 'missing-attributes' });
  });
  it('an accepted call above the active MTU carries a note saying who does not check it', () => {
    const r = checkModify('RC', 'INIT', RTR, 'RTR', { attrs: { ...GOOD_RTR, path_mtu: 5 }, caps, profile: 'mlx5' });
    expect(r.ok && 'notes' in r ? r.notes.join(' ') : '').toMatch(/active_mtu 1024.*mlx5 does not check/);
  });
  it('the four-argument contract is unchanged', () => {
    expect(checkModify('RC', 'INIT', RTR, 'RTR')).toEqual({ ok: true });
    expect(checkModify('RC', 'INIT', ['IBV_QP_STATE'], 'RTR')).toMatchObject({ ok: false, errno: 'EINVAL', reason: 'missing-attributes' });
  });
});

describe('parseDevinfo (ibv_devinfo -v as devinfo.c prints it)', () => {
  it('reads the device and port fields and the GID table with its types', () => {
    expect(caps).toMatchObject({ physPortCnt: 1, maxQpRdAtom: 16, maxQpInitRdAtom: 16 });
    expect(caps.ports).toEqual([{ port: 1, state: 'PORT_ACTIVE', maxMtu: 5, activeMtu: 3, linkLayer: 'Ethernet', pkeyTblLen: 1, gidTblLen: 256, gids: { 0: 'RoCE v1', 1: 'RoCE v2', 3: 'RoCE v2' } }]);
  });
  it('an InfiniBand port: GIDs without a type suffix are IB; no GRH needed', () => {
    const ib = parseDevinfo('phys_port_cnt: 2\n port: 1\n link_layer: InfiniBand\n gid_tbl_len: 128\n GID[  0]: fe80:0000:0000:0000:0002:c903:0001:0002\n port: 2\n');
    expect(ib.physPortCnt).toBe(2);
    expect(ib.ports[0].gids).toEqual({ 0: 'IB' });
    expect(checkModify('RC', 'INIT', RTR, 'RTR', { attrs: { path_mtu: 5 }, caps: ib, profile: 'mlx5' }).ok).toBe(true);
  });
  it('a paste with nothing usable is refused, naming what was looked for', () => {
    expect(() => parseDevinfo('hello\nworld')).toThrow(/port:/);
  });
});
