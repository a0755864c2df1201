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

  it('at top speed a frame carrying only the newest events is a gap, not a new story: the log restarts contiguous, the epoch stays', () => {
    const api = createTransportApi();
    api.load({ ...sandboxScenario(), config: { ...sandboxScenario().config, durationNs: 50_000_000 } });
    const st = transportStore.getState();
    st.applyFrame(api.frame());
    const epoch = transportStore.getState().logEpoch;
    api.setSpeed(1e8);
    api.play();
    let gaps = 0;
    for (let i = 0; i < 6; i++) {
      const f = api.tick(100);
      expect(f.resetLog).toBe(false);
      if (f.logGap) gaps++;
      st.applyFrame(f);
      const s = transportStore.getState();
      // Contiguous: the log's last line is the frame's last event, its first one logFrom.
      expect(s.logFrom + s.log.length).toBe(f.eventsFrom + f.events.length);
      expect(s.log.at(-1)).toBe(f.events.at(-1));
    }
    expect(gaps).toBeGreaterThan(0);
    expect(transportStore.getState().logEpoch).toBe(epoch);
    // A seek back is a new story.
    st.applyFrame(api.seek(1_000));
    expect(transportStore.getState().logEpoch).toBe(epoch + 1);
  });
});
