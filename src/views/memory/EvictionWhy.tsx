// "Why was it evicted?": the chain the worker built from the record the cache captured when its
// policy chose the victim — the miss that needed the slot, the rule, the access that decided,
// who was next in line, what leaving cost. The set and way are selected in the grid beside it.
import { useEffect, useRef } from 'react';
import type { EvictionWhyReply } from '../../worker/memory/types.ts';
import { POLICY_SHORT, hex, int } from './format.ts';

const MARK: Record<string, string> = { miss: 'miss', passed: 'skipped', rule: 'rule', access: 'decided', next: 'next', leaves: 'out' };

export function EvictionWhyPanel({ reply, onClose }: { reply: EvictionWhyReply; onClose(): void }) {
  const box = useRef<HTMLElement | null>(null);
  const head = useRef<HTMLHeadingElement | null>(null);
  // Bring the whole answer into view and move focus to it when a new one arrives.
  useEffect(() => { box.current?.scrollIntoView({ block: 'nearest' }); head.current?.focus({ preventScroll: true }); }, [reply]);
  const w = reply.why;
  return (
    <section ref={box} aria-labelledby="evict-why-title" className="shrink-0 rounded-md border border-fuchsia-400 bg-fuchsia-50 p-2 text-[12px] leading-snug" data-testid="evict-why">
      <div className="flex items-start justify-between gap-2">
        <h3 id="evict-why-title" ref={head} tabIndex={-1} className="font-semibold text-fuchsia-950 outline-none">
          Why {hex(w.victim.qpn)} left {w.sets > 1 ? `set ${int(w.set)}` : 'the cache'} at packet #{int(reply.n)} ({POLICY_SHORT[w.policy]})
        </h3>
        <button type="button" onClick={onClose} className="shrink-0 rounded border border-fuchsia-600 bg-white px-2 text-[11px] text-fuchsia-950" data-testid="evict-why-close">Close</button>
      </div>
      <ol className="mt-1 flex flex-col gap-1">
        {reply.chain.map((s, k) => (
          <li key={k} className="grid grid-cols-[3.6rem_1fr] gap-x-1.5" data-testid={`evict-why-${s.id}`}>
            <span className="text-right font-mono text-[10px] uppercase tracking-wide text-fuchsia-900">{MARK[s.id]}</span>
            <span className="text-slate-800">{s.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
