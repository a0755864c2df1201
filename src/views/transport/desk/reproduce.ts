// One click from a cause to its reproduction: the cause's scenario opens in the transport
// instrument at the instant of the event that shows the symptom, that QP selected, and "why?" open
// on that event (the worker numbers events as the desk's run did: the same scenario, run by the
// same deterministic model, gives the same trace).
import type { DeskCause } from '../../../core/diag/desk.ts';
import { transport } from '../../../bridge/labs.ts';
import { transportStore } from '../../../store/transport.ts';
import { askWhy } from '../tools/why.ts';

export async function reproduce(c: DeskCause): Promise<string | null> {
  const r = await transport().act('load', c.scenario, c.at?.t ?? 0);
  if (!r) return 'the transport worker did not answer';
  if (!r.ok) return r.error ?? 'the scenario was refused';
  const st = transportStore.getState();
  if (c.at) {
    if (c.at.qpn !== undefined) st.select({ host: c.at.host, qpn: c.at.qpn });
    await askWhy(c.at.i);
  }
  st.showNotice('info', `Reproduced: ${c.id} under ${c.profile}${c.at ? `, at ${c.at.what} (${(c.at.t / 1000).toFixed(3)} µs)` : ''}.`);
  return null;
}
