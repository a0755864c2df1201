// Which events have a "why?": completions, state changes, evictions, lost CQEs and reports,
// refused or accepted modifies, errors. Asking fetches the causal chain from the worker.
import type { SimEvent } from '../../../core/model/events.ts';
import { transport } from '../../../bridge/labs.ts';
import { transportStore } from '../../../store/transport.ts';

export function hasWhy(e: SimEvent): boolean {
  return e.kind === 'cqe' || e.kind === 'state' || e.kind === 'cqe-lost' || e.kind === 'wr-error' || e.kind === 'report'
    || (e.kind === 'cache' && e.result === 'evict') || (e.kind === 'eq' && e.op === 'overrun') || e.kind === 'retry' || e.kind === 'async';
}

export async function askWhy(i: number): Promise<void> {
  const chain = await transport().act('why', i);
  if (!chain) return;
  transportStore.getState().setWhy(chain.length ? chain : null);
}
