// Send one transport command and describe the answer in one line (shown where the person
// acted); a failure of the channel itself becomes a notice.
import { transport } from '../../bridge/labs.ts';
import type { CommandInput } from '../../core/index.ts';
import { transportStore } from '../../store/transport.ts';

export interface ActionResult { ok: boolean; text: string }

export async function run(command: CommandInput, what: string): Promise<ActionResult> {
  try {
    const r = await transport().call('command', command);
    return r.ok ? { ok: true, text: `✓ ${what}${r.detail ? ` (${r.detail})` : ''}` } : { ok: false, text: `✕ ${what} refused${r.errno ? `: ${r.errno}` : ''} — ${r.detail ?? 'no detail'}` };
  } catch (e) {
    transportStore.getState().showNotice('error', `${what} could not be sent: ${(e as Error).message}`);
    return { ok: false, text: `✕ ${what}: ${(e as Error).message}` };
  }
}
