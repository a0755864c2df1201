// Small hooks of the lab's views: "latest wins" commands to the worker, refusals shown where the person acted.
import { memory } from '../../bridge/labs.ts';
import { memoryStore } from '../../store/memory.ts';
import type { LabConfig, Reply } from '../../worker/memory/types.ts';

export { useSize } from '../kit/useSize.ts';
export { useLatest } from '../kit/useLatest.ts';

/** Show a refusal where the person acted, or clear an old one once a change is accepted. */
export function noteReply<R extends Reply | undefined>(r: R): R {
  // undefined: the call was lost with its worker, which the recovery's alert reports.
  if (r === undefined) return r;
  const st = memoryStore.getState();
  if (!r.ok && r.error) st.showNotice('error', `Not applied: ${r.error}. The previous setting is kept.`, 'settings');
  else if (st.notice?.kind === 'error' && st.notice.where === 'settings') st.clearNotice();
  return r;
}

export function sendConfig(patch: Partial<LabConfig>): Promise<Reply | undefined> {
  return memory().act('setConfig', patch).then(noteReply);
}
