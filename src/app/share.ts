// The share link: the scenario as recorded so far (config + every command), the instant and
// the selected QP, encoded by the versioned codec into the URL hash.
import { sim } from '../bridge/index.ts';
import { encodeShare } from '../scenario/codec.ts';
import { simStore } from '../store/simStore.ts';

export async function buildShareLink(): Promise<string> {
  const { scenario, t } = await sim().exportScenario();
  const sel = simStore.getState().selected ?? undefined;
  return `${location.origin}${location.pathname}#s=${encodeShare(scenario, { t, sel })}`;
}
