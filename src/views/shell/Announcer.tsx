// Announces state changes of the selected QP politely to screen readers:
// "QP 0x100: RTS → ERR (retry-exceeded)".
import { useEffect, useState } from 'react';
import { simStore } from '../../store/simStore.ts';
import { qpnHex } from '../format.ts';

export function stateAnnouncements(events: readonly { kind: string; host?: number; qpn?: number; from?: string; to?: string; cause?: string }[], sel: { host: number; qpn: number } | null): string[] {
  if (!sel) return [];
  return events
    .filter((e) => e.kind === 'state' && e.host === sel.host && e.qpn === sel.qpn)
    .map((e) => `QP ${qpnHex(e.qpn!)}: ${e.from} → ${e.to} (${e.cause})`);
}

export function Announcer() {
  const [text, setText] = useState('');
  useEffect(() => simStore.subscribe((s, prev) => {
    if (!s.frame || s.frame === prev.frame || s.frame.resetLog) return;
    const msgs = stateAnnouncements(s.frame.events as never, s.selected);
    if (msgs.length) setText(msgs.slice(-3).join('. '));
  }), []);
  return <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">{text}</div>;
}
