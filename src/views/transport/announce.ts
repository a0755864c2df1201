// What the screen reader hears when the selected QP changes state:
// "QP 0x100: RTS → ERR (retry-exceeded)".
import type { SimEvent } from '../../core/index.ts';
import { qpnHex } from './format.ts';

export function stateAnnouncements(events: readonly SimEvent[], sel: { host: number; qpn: number } | null): string[] {
  if (!sel) return [];
  const out: string[] = [];
  for (const e of events) if (e.kind === 'state' && e.host === sel.host && e.qpn === sel.qpn) out.push(`QP ${qpnHex(e.qpn)}: ${e.from} → ${e.to} (${e.cause})`);
  return out;
}
