// Wire-level facts: 24-bit PSN arithmetic, MTU codes, packet sizes and the IB timer encodings.

/** PSNs are 24 bits (BTH_PSN_MASK 0x00ffffff, rxe_hdr.h) [sources: bth-widths]. */
export const PSN_MASK = 0xffffff;
export const psnAdd = (p: number, n: number): number => (p + n) & PSN_MASK;
/** Signed distance a − b on the 24-bit circle, in (−2^23, 2^23]. */
export function psnDiff(a: number, b: number): number {
  const d = (a - b) & PSN_MASK;
  return d > 0x800000 ? d - 0x1000000 : d;
}

/** enum ibv_mtu: 1..5 = 256..4096 bytes. */
export function mtuBytes(code: number): number {
  return code >= 1 && code <= 5 ? 128 << code : 0;
}

/** RoCEv2 framing per packet: Eth 14 + IPv4 20 + UDP 8 + BTH 12 + ICRC 4 + FCS 4. */
export const HDR_BYTES = 62;
export const RETH_BYTES = 16;
export const AETH_BYTES = 4;
export const ATOMIC_ETH_BYTES = 28;
export const DETH_BYTES = 8;
/** A UD receive buffer starts with room for the 40-byte GRH (ibv_post_recv.3 / ibv_create_ah). */
export const GRH_BYTES = 40;

/** Local ACK timeout: 4.096 µs × 2^timeout; 0 disables the timer (rxe_qp.c rxe_qp_from_attr) [sources: ack-timeout]. */
const ACK_TIMEOUT_NS = Array.from({ length: 32 }, (_, t) => (t === 0 ? 0 : 4096 * 2 ** t));
export function ackTimeoutNs(timeout: number): number {
  return ACK_TIMEOUT_NS[Math.min(timeout, 31)];
}

/** RNR NAK timer codes 0..31 in µs (include/rdma/ib_verbs.h enum ib_rnr_timeout; rdmavt table). */
const RNR_US = [655360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1280, 1920, 2560,
  3840, 5120, 7680, 10240, 15360, 20480, 30720, 40960, 61440, 81920, 122880, 163840, 245760, 327680, 491520];
export function rnrTimerNs(code: number): number {
  return RNR_US[code & 31] * 1000;
}

/** Serialisation time of `bytes` on a `gbps` link, rounded up to whole nanoseconds. */
export function serialiseNs(bytes: number, gbps: number): number {
  return Math.ceil((bytes * 8) / gbps);
}

/** How many packets a message of `len` bytes needs at this MTU (a zero-length message is one). */
export function packetsFor(len: number, mtu: number): number {
  return Math.max(1, Math.ceil(len / mtu));
}

// Opcode names are built once: one string per (base, position, immediate), so every packet of
// a kind carries the same string (no concatenation per packet, and the trace hash caches it).
const BASES = ['SEND', 'RDMA_WRITE', 'RDMA_READ_RESPONSE'] as const;
const POSITIONS = ['ONLY', 'FIRST', 'MIDDLE', 'LAST'] as const;
const OPS: string[] = [];
for (const base of BASES) {
  for (const pos of POSITIONS) {
    for (const imm of [false, true]) {
      OPS.push(imm && (pos === 'ONLY' || pos === 'LAST') && base !== 'RDMA_READ_RESPONSE' ? `${base}_${pos}_WITH_IMMEDIATE` : `${base}_${pos}`);
    }
  }
}

export function segmentOp(base: 'SEND' | 'RDMA_WRITE' | 'RDMA_READ_RESPONSE', i: number, n: number, imm = false): string {
  const pos = n === 1 ? 0 : i === 0 ? 1 : i === n - 1 ? 3 : 2;
  const b = base === 'SEND' ? 0 : base === 'RDMA_WRITE' ? 1 : 2;
  return OPS[(b * 4 + pos) * 2 + (imm ? 1 : 0)];
}

export const isFirst = (op: string) => op.includes('_FIRST') || op.includes('_ONLY');
export const isLast = (op: string) => op.includes('_LAST') || op.includes('_ONLY');
