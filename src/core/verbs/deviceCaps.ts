// A device's capabilities as `ibv_devinfo -v` prints them (rdma-core libibverbs/examples/devinfo.c:
// "max_qp_rd_atom:", "max_qp_init_rd_atom:", "phys_port_cnt:", then per "port:" its "state:",
// "max_mtu:" and "active_mtu:" as "4096 (5)", "link_layer:", "pkey_tbl_len:", "gid_tbl_len:" and
// the "GID[  i]:" lines, which carry ", RoCE v1" / ", RoCE v2" on an Ethernet port) [sources: devinfo-format].
// Only what the modify checks need is read; anything else in the paste is ignored.

export type GidType = 'IB' | 'RoCE v1' | 'RoCE v2';
export interface PortCaps {
  port: number;
  state?: string;
  /** enum ibv_mtu values (1 = 256 … 5 = 4096). */
  maxMtu?: number;
  activeMtu?: number;
  linkLayer?: 'InfiniBand' | 'Ethernet';
  pkeyTblLen?: number;
  gidTblLen?: number;
  /** GID index → its type, for the entries the paste lists (a listed entry is a valid one). */
  gids: Record<number, GidType>;
}
export interface DeviceCaps {
  physPortCnt?: number;
  maxQpRdAtom?: number;
  maxQpInitRdAtom?: number;
  ports: PortCaps[];
}

/** The model's own device when nothing is pasted: one port, as the engine's DEVICE (transport/modify.ts). */
export const MODEL_CAPS: DeviceCaps = {
  physPortCnt: 1, maxQpRdAtom: 16, maxQpInitRdAtom: 16,
  ports: [{ port: 1, state: 'PORT_ACTIVE', maxMtu: 5, activeMtu: 5, linkLayer: 'Ethernet', pkeyTblLen: 64, gidTblLen: 16, gids: { 0: 'RoCE v1', 1: 'RoCE v2' } }],
};

const num = (s: string) => (/^0x/i.test(s) ? parseInt(s, 16) : parseInt(s, 10));

/** Parse `ibv_devinfo -v` output. Throws a message naming the line when nothing usable is found. */
export function parseDevinfo(text: string): DeviceCaps {
  const caps: DeviceCaps = { ports: [] };
  let port: PortCaps | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    let m: RegExpMatchArray | null;
    if ((m = line.match(/^port:\s*(\d+)$/))) { port = { port: Number(m[1]), gids: {} }; caps.ports.push(port); continue; }
    if ((m = line.match(/^GID\[\s*(\d+)\]:\s*(\S+?)(?:,\s*(RoCE v[12]))?$/))) {
      if (port) port.gids[Number(m[1])] = (m[3] as GidType | undefined) ?? 'IB';
      continue;
    }
    if (!(m = line.match(/^([a-z_]+):\s*(.*)$/))) continue;
    const [, key, value] = m;
    const first = value.match(/^(0x[0-9a-f]+|\d+)/i);
    const paren = value.match(/\((\d+)\)/);
    if (!port) {
      if (key === 'phys_port_cnt' && first) caps.physPortCnt = num(first[1]);
      else if (key === 'max_qp_rd_atom' && first) caps.maxQpRdAtom = num(first[1]);
      else if (key === 'max_qp_init_rd_atom' && first) caps.maxQpInitRdAtom = num(first[1]);
      continue;
    }
    if (key === 'state') port.state = value.split(/\s/)[0];
    else if (key === 'max_mtu' && paren) port.maxMtu = Number(paren[1]);
    else if (key === 'active_mtu' && paren) port.activeMtu = Number(paren[1]);
    else if (key === 'link_layer') port.linkLayer = value.startsWith('Eth') ? 'Ethernet' : 'InfiniBand';
    else if (key === 'pkey_tbl_len' && first) port.pkeyTblLen = num(first[1]);
    else if (key === 'gid_tbl_len' && first) port.gidTblLen = num(first[1]);
  }
  if (caps.ports.length === 0 && caps.physPortCnt === undefined && caps.maxQpRdAtom === undefined) {
    throw new Error('ibv_devinfo: no "port:" section and no device field (phys_port_cnt, max_qp_rd_atom) found in the paste');
  }
  caps.physPortCnt ??= caps.ports.length || undefined;
  return caps;
}
