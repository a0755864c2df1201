// Intro step 5 as the page runs it (the worker API in-process, the real store): the answer's
// 150 µs arrive as one frame that skips events, so the store flags the gap and the pinned strip
// reads the rare kinds back from the worker's trace: the injected drop and the retries.
import { describe, expect, it } from 'vitest';
import { createTransportApi } from '../../../worker/transport/api.ts';
import { transportStore } from '../../../store/transport.ts';
import { mergePinned } from './Pinned.tsx';

describe('pinned evidence through the worker API (issue 17: intro step 5)', () => {
  it('after the answer the drops that began the step are pinned, though the frame skipped them', () => {
    const api = createTransportApi();
    const apply = (f: unknown) => transportStore.getState().applyFrame(f as never);
    apply(api.startLesson('intro', 0).frame);
    apply(api.lessonStep(4));
    const t0 = transportStore.getState().pinned.t0;
    apply(api.answer('error').frame);
    const p = transportStore.getState().pinned;
    expect(p.key).toBe('intro:4');
    expect(p.gap).toBe(true);
    const page = api.log({ kinds: ['fault', 'retry', 'wr-error', 'async', 'post-refused', 'modify-refused', 'cqe-lost'], qp: null, text: '', offset: 0, limit: 500 });
    const items = mergePinned(p.items, page.rows.filter((r) => r.e.t >= t0));
    expect(items[0].e).toMatchObject({ kind: 'fault', detail: expect.stringContaining('lost') });
    expect(items.some((x) => x.e.kind === 'retry')).toBe(true);
  });
});
