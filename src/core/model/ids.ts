// How the core names a host and a QP in the text it writes (refusal details, failure reasons):
// the same way the page does — host A, QP 0x100 — never a host index or a decimal QPN.
export const hostName = (host: number): string => `host ${String.fromCharCode(65 + host)}`;
export const qpnName = (qpn: number): string => `QP 0x${qpn.toString(16)}`;
/** A 24-bit PSN as the page writes it everywhere: decimal and hex, "16775217 (0xfff831)". */
export const psnName = (psn: number): string => `${psn} (0x${psn.toString(16).padStart(6, '0')})`;
export const noSuchQp = (host: number, qpn: number): string => `${hostName(host)} has no ${qpnName(qpn)}`;
