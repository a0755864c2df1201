// ibv_modify_qp's attribute values against a device's caps, under a driver profile: the checks the
// kernel makes after (or, for the address vector, before) ib_modify_qp_is_ok, each as its driver
// makes it [sources: modify-values]:
// - core _ib_modify_qp → rdma_get_gid_attr (every driver): an sgid_index past the GID table is
//   EINVAL, an empty entry ENODATA; on a RoCE port the address vector must be global (GRH);
// - mlx5_ib_modify_qp: port_num 1..num_ports; pkey_index < the port's pkey_table_len;
//   max_rd_atomic ≤ 1 << log_max_ra_res_qp (what query_device reports as max_qp_init_rd_atom);
//   max_dest_rd_atomic ≤ 1 << log_max_ra_req_qp (max_qp_rd_atom); __mlx5_ib_modify_qp: path_mtu
//   within IB_MTU_256..IB_MTU_4096 — never against the port's active MTU;
// - rxe_qp_chk_attr: a valid port; path_mtu ≤ the port's max_mtu; max_rd_atomic ≤ max_qp_rd_atom;
//   timeout ≤ 31; pkey_index and max_dest_rd_atomic are not checked.
// The IBTA profile checks every value against its table or cap (MODEL: the specification defines
// the ranges, not the errno; the generic EINVAL) and path_mtu against the active MTU.
import { ATTR_BIT, type AttrName } from './attrs.ts';
import { MODEL_CAPS, type DeviceCaps, type PortCaps } from './deviceCaps.ts';

export type CheckProfile = 'ibta' | 'rxe' | 'mlx5';
/** The values of struct ibv_qp_attr the checks read (ah_attr flattened: is_global, grh.sgid_index). */
export interface ValueAttrs {
  port_num?: number;
  pkey_index?: number;
  path_mtu?: number;
  is_global?: boolean;
  sgid_index?: number;
  max_rd_atomic?: number;
  max_dest_rd_atomic?: number;
  timeout?: number;
}
export interface ModifyValues { attrs: ValueAttrs; caps?: DeviceCaps; profile?: CheckProfile }
export interface ValueRefusal {
  ok: false;
  errno: 'EINVAL' | 'ENODATA';
  reason: 'invalid-value';
  missing: string[];
  unexpected: string[];
  /** The attribute whose value is refused, as libibverbs names its mask bit. */
  attribute: AttrName;
  detail: string;
  /** Who refuses it: the core, the driver of the profile, or the model's reading (IBTA). */
  by: string;
  /** A value the same check accepts (struct ibv_qp_attr's field, as C writes it): the call as it should be. */
  fix?: { field: string; value: string };
}

const MTU_BYTES = ['?', '256', '512', '1024', '2048', '4096'];
const mtu = (e: number) => (e >= 1 && e <= 5 ? MTU_BYTES[e] : `enum ${e}`);

/** The first value the profile's driver refuses, and notes on values it accepts but a reader should know. */
export function checkValues(mask: number, v: ModifyValues, portNow = 1): { refusal?: ValueRefusal; notes: string[] } {
  const caps = v.caps ?? MODEL_CAPS;
  const profile = v.profile ?? 'ibta';
  const a = v.attrs;
  const has = (n: AttrName) => (mask & ATTR_BIT[n]) !== 0;
  const notes: string[] = [];
  const refuse = (attribute: AttrName, detail: string, by: string, errno: 'EINVAL' | 'ENODATA' = 'EINVAL', fix?: ValueRefusal['fix']): { refusal: ValueRefusal; notes: string[] } =>
    ({ refusal: { ok: false, errno, reason: 'invalid-value', missing: [], unexpected: [], attribute, detail, by, ...(fix ? { fix } : {}) }, notes });
  const MTU_ENUM = ['?', 'IBV_MTU_256', 'IBV_MTU_512', 'IBV_MTU_1024', 'IBV_MTU_2048', 'IBV_MTU_4096'];
  const ports = caps.physPortCnt ?? caps.ports.length;
  const portNum = has('IBV_QP_PORT') ? a.port_num ?? 0 : portNow;
  const port: PortCaps | undefined = caps.ports.find((p) => p.port === portNum);
  const driver = profile === 'mlx5' ? 'mlx5_ib_modify_qp' : profile === 'rxe' ? 'rxe_qp_chk_attr' : 'IBTA (model)';

  // The core resolves the source GID before the driver sees the call.
  if (has('IBV_QP_AV')) {
    if (port?.linkLayer === 'Ethernet' && !a.is_global) return refuse('IBV_QP_AV', 'a RoCE port needs a global address vector (is_global = 1, with grh.sgid_index and grh.dgid)', 'core rdma_check_ah_attr', 'EINVAL', { field: 'ah_attr.is_global', value: '1' });
    if (a.is_global) {
      const i = a.sgid_index ?? 0;
      const len = port?.gidTblLen;
      if (len !== undefined && i >= len) return refuse('IBV_QP_AV', `sgid_index ${i} is past the port's ${len}-entry GID table`, 'core rdma_get_gid_attr', 'EINVAL', { field: 'ah_attr.grh.sgid_index', value: firstGid(port) });
      const listed = port && Object.keys(port.gids).length > 0;
      if (port && listed && port.gids[i] === undefined) return refuse('IBV_QP_AV', `GID[${i}] is empty on port ${portNum} (no address configured at that index)`, 'core rdma_get_gid_attr', 'ENODATA', { field: 'ah_attr.grh.sgid_index', value: firstGid(port) });
      if (port?.gids[i]) notes.push(`sgid_index ${i} is ${port.gids[i]}${port.gids[i] === 'RoCE v2' ? ': packets go as UDP/IPv4 or IPv6 to port 4791' : port.gids[i] === 'RoCE v1' ? ': packets go as Ethernet frames (EtherType 0x8915), not routable' : ''}; both sides must use the same type`);
    }
  }
  if (has('IBV_QP_PORT') && (portNum < 1 || portNum > ports)) return refuse('IBV_QP_PORT', `port_num ${portNum} is not a port of this device (it has ${ports})`, driver, 'EINVAL', { field: 'port_num', value: '1' });
  if (has('IBV_QP_PKEY_INDEX') && profile !== 'rxe') {
    const len = port?.pkeyTblLen;
    if (len !== undefined && (a.pkey_index ?? 0) >= len) return refuse('IBV_QP_PKEY_INDEX', `pkey_index ${a.pkey_index ?? 0} is past port ${portNum}'s ${len}-entry P_Key table`, driver, 'EINVAL', { field: 'pkey_index', value: '0' });
  }
  if (has('IBV_QP_PATH_MTU')) {
    const m = a.path_mtu ?? 0;
    if (profile === 'rxe') {
      const max = port?.maxMtu ?? 5;
      if (m > max) return refuse('IBV_QP_PATH_MTU', `path_mtu ${mtu(m)} is above the port's max_mtu ${mtu(max)}`, driver, 'EINVAL', { field: 'path_mtu', value: MTU_ENUM[Math.min(5, Math.max(1, port?.activeMtu ?? max))] });
    } else if (m < 1 || m > 5) return refuse('IBV_QP_PATH_MTU', `path_mtu ${m} is not an enum ibv_mtu value (IBV_MTU_256 = 1 … IBV_MTU_4096 = 5)`, profile === 'mlx5' ? '__mlx5_ib_modify_qp' : driver, 'EINVAL', { field: 'path_mtu', value: MTU_ENUM[Math.min(5, Math.max(1, port?.activeMtu ?? 5))] });
    const active = port?.activeMtu;
    if (active !== undefined && m > active) {
      if (profile === 'ibta') return refuse('IBV_QP_PATH_MTU', `path_mtu ${mtu(m)} is above the port's active_mtu ${mtu(active)}`, driver, 'EINVAL', { field: 'path_mtu', value: MTU_ENUM[Math.min(5, Math.max(1, active))] });
      notes.push(`path_mtu ${mtu(m)} is above the port's active_mtu ${mtu(active)}: ${profile === 'mlx5' ? 'mlx5 does not check it (the firmware\'s behaviour is not public)' : 'rxe checks max_mtu only'}; packets larger than the link carries are lost on the way`);
    }
  }
  if (has('IBV_QP_MAX_QP_RD_ATOMIC')) {
    const cap = profile === 'rxe' ? caps.maxQpRdAtom : caps.maxQpInitRdAtom;
    const name = profile === 'rxe' ? 'max_qp_rd_atom' : 'max_qp_init_rd_atom';
    if (cap !== undefined && (a.max_rd_atomic ?? 0) > cap) return refuse('IBV_QP_MAX_QP_RD_ATOMIC', `max_rd_atomic ${a.max_rd_atomic ?? 0} is above the device's ${name} (${cap})`, driver, 'EINVAL', { field: 'max_rd_atomic', value: String(cap) });
  }
  if (has('IBV_QP_MAX_DEST_RD_ATOMIC') && profile !== 'rxe') {
    const cap = caps.maxQpRdAtom;
    if (cap !== undefined && (a.max_dest_rd_atomic ?? 0) > cap) return refuse('IBV_QP_MAX_DEST_RD_ATOMIC', `max_dest_rd_atomic ${a.max_dest_rd_atomic ?? 0} is above the device's max_qp_rd_atom (${cap})`, driver, 'EINVAL', { field: 'max_dest_rd_atomic', value: String(cap) });
  }
  if (has('IBV_QP_TIMEOUT') && profile === 'rxe' && (a.timeout ?? 0) > 31) return refuse('IBV_QP_TIMEOUT', `timeout ${a.timeout} is above 31`, driver, 'EINVAL', { field: 'timeout', value: '31' });
  return { notes };
}

/** The lowest GID index with an address on the port (0 when the paste listed none). */
function firstGid(port: PortCaps | undefined): string {
  const listed = port ? Object.keys(port.gids).map(Number).filter((n) => Number.isInteger(n)).sort((x, y) => x - y) : [];
  return String(listed[0] ?? 0);
}
