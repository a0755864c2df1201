// The reset lesson's words against the page (issue 17): what a step says the slider and the chart
// show is what the worker's frame holds when the step is on screen, and what the TimeWait
// mitigation is said to do matches rdma_get_cm_event(3) [sources: man-cm-event].
import { describe, expect, it } from 'vitest';
import { createFaultsApi } from '../../worker/faults/api.ts';
import { resetLesson } from './reset.ts';

const us = (ns: number) => `${(ns / 1000).toFixed(1)} µs`;
const step = (id: string) => {
  const i = resetLesson.steps.findIndex((s) => s.id === id);
  return { i, s: resetLesson.steps[i] };
};

describe('reset lesson: text and page agree', () => {
  it('"half": the text names the slider where the step opens, the complete message the chart shows there, and the instant the answer moves to', () => {
    const api = createFaultsApi();
    api.startLesson('reset');
    const { i, s } = step('half');
    const f = api.lessonStep(i);
    const r = f.reset!;
    const text = s.text.join(' ');
    expect(text).toContain(us(r.settings.resetAtNs));
    // The chart at that instant: the 4 KiB message reassembled whole.
    expect(r.result.lanes.reassembly.some((x) => x.done && x.bytes === 4096)).toBe(true);
    expect(text).toContain('4096 B ✓');
    const revealAt = s.question!.reveal.flatMap((a) => (a.kind === 'reset' && a.patch.resetAtNs !== undefined ? [a.patch.resetAtNs] : []));
    expect(revealAt).toHaveLength(1);
    expect(text).toContain(us(revealAt[0]));
    const after = api.answer('dropped').frame.reset!;
    expect(after.settings.resetAtNs).toBe(revealAt[0]);
    // "Half-arrived" at that instant: B has placed part of the message (not all of it) before the
    // reset, and SEND packets are still to be processed after it (at 5.9 µs none had arrived).
    const placed = after.result.lanes.reassembly.filter((x) => x.t <= revealAt[0]);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.some((x) => x.done)).toBe(false);
    expect(after.result.late.filter((p) => p.op.startsWith('SEND')).length).toBeGreaterThan(0);
    expect(text).toContain(`first ${['', 'one', 'two', 'three'][placed.length]} packet`);
  });

  it('"cleared": the instant its text names is the one its answer moves to', () => {
    const { s } = step('cleared');
    const at = s.question!.reveal.flatMap((a) => (a.kind === 'reset' && a.patch.resetAtNs !== undefined ? [a.patch.resetAtNs] : []));
    expect(s.text.join(' ')).toContain(us(at[0]));
  });

  it('TIMEWAIT_EXIT is taught as a report to the application, never as a hold on QPN reuse', () => {
    const all = resetLesson.steps.flatMap((s) => [...s.text, s.question?.because ?? '']).join(' ');
    expect(all).not.toMatch(/TimeWait so its QPN is not reused/);
    expect(all).toMatch(/TIMEWAIT_EXIT/);
    expect(all).toMatch(/does not stop the driver's allocator|holds nothing back/);
  });
});
