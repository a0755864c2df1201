import { describe, expect, it } from 'vitest';
import { createTransportApi } from '../worker/transport/api.ts';
import { sandboxScenario } from '../scenario/presets.ts';
import { transportStore } from './transport.ts';

describe('transport store', () => {
  it('a frame saying a budget stopped the run shows one error notice naming why; later frames do not repeat it', () => {
    const api = createTransportApi({ traceKeep: 1_000, maxSteps: 20_000 });
    api.load({ ...sandboxScenario(), config: { ...sandboxScenario().config, durationNs: 10_000_000_000 } });
    api.setSpeed(1e9);
    api.play();
    const st = transportStore.getState();
    st.clearNotice();
    let f = api.frame();
    st.applyFrame(f);
    expect(transportStore.getState().notice).toBeNull();
    for (let i = 0; i < 20 && !f.stopped; i++) { f = api.tick(100); st.applyFrame(f); }
    const n = transportStore.getState().notice!;
    expect(n.kind).toBe('error');
    expect(n.text).toBe(`${f.stopped!.charAt(0).toUpperCase()}${f.stopped!.slice(1)}. Playing stopped here; the instant reached is kept, and seeking back still works.`);
    expect(n.text).toMatch(/^The run stopped at [\d,]+ ns: it used its work budget of 20,000 steps\./);
    st.applyFrame(api.frame());
    expect(transportStore.getState().notice!.id).toBe(n.id);
  });
});
