// The one way the page writes a PSN: 24 bits in decimal and hex, "16775217 (0xfff831)". The core
// writes its own text with psnName (src/core/model/ids.ts) in the same format; a test keeps the
// two equal, since the views may not import the core's code.
export function psnText(psn: number): string {
  return `${psn} (0x${psn.toString(16).padStart(6, '0')})`;
}

/** A run of PSNs, first…last, wrapping at 2^24 as the wire does. */
export function psnRange(first: number, n: number): string {
  return n > 1 ? `${psnText(first)}…${psnText((first + n - 1) & 0xffffff)}` : psnText(first);
}
