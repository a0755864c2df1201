// A fourth instrument (test-only: a counter with one lesson, in-process "worker") joins the page
// through its own folder and one registry entry. It opens from `#lab=counter`, takes its lesson
// with a hint, saves its place and resumes it after a reload (at `#lab=counter`, at the address the
// page kept, at a bare address), and a killed worker comes back where it was. A reload is the page's
// modules evaluated afresh (vi.resetModules) over the same address and storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

/** A page load at the address as it is: fresh modules, the counter registered, the root rendered. */
async function load() {
  vi.resetModules();
  const registry = await import('../registry.ts');
  const entry = await import('./entry.tsx');
  registry.register(entry.COUNTER);
  const { Root } = await import('../Root.tsx');
  const links = await import('../links.ts');
  const progress = await import('../progress.ts');
  // As main.tsx's prestart does for the page's own: the instrument starts before the address is
  // read (its first snapshot must not overwrite the place saved last time, which the address may resume).
  void (await import('../lab.ts')).startLab('counter');
  render(<Root />);
  const opened = await act(async () => links.settled());
  await screen.findByTestId('count');
  return { entry, opened, progress };
}

const frame = (e: Awaited<ReturnType<typeof load>>['entry']) => e.counterStore.getState().frame!;

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', '/#lab=counter');
});
afterEach(() => cleanup());

describe('a fourth instrument, from one registry entry', () => {
  it('opens from #lab=counter, takes its lesson with a hint, keeps its place, survives a killed worker and resumes after reloads', async () => {
    const { entry, opened } = await load();
    expect(opened).toMatchObject({ lab: 'counter', opened: true });
    // The switch lists it with the page's own instruments.
    expect(screen.getByRole('navigation', { name: 'Instruments' }).textContent).toBe('TransportNIC memoryFaultsCounter');

    fireEvent.click(await screen.findByRole('button', { name: /Counting/ }));
    await screen.findByText('1. Reach three');
    fireEvent.click(screen.getByTestId('lesson-hint'));
    await waitFor(() => expect(screen.getByTestId('hints').textContent).toContain('Look at the count.'));
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByTestId('add'));
    await waitFor(() => expect(frame(entry).lesson?.stepsDone).toEqual([true, false]));
    fireEvent.click(screen.getByRole('button', { name: 'Next →' }));
    await screen.findByText('2. Reach five');
    await act(async () => { await entry.counter().call('advance', 500); });

    // The address follows (no new history entry), and the place is saved with its instant.
    await waitFor(() => expect(location.hash).toMatch(/^#lab=counter&v=1&d=/));
    const saved = () => JSON.parse(localStorage.getItem('qp-scope.progress.v1')!).labs.counter;
    await waitFor(() => expect(saved().at).toMatchObject({ lesson: 'count', step: 1, instant: 500, hash: location.hash.slice(1) }));
    expect(saved().lessons.count.done).toEqual([true, false]);

    // A killed worker: a new one is started and brought back to the count, the lesson step and the instant.
    await act(async () => { entry.workers.at(-1)!.alarm({ kind: 'crashed', detail: 'crashed (killed by the test)' }); });
    await waitFor(() => expect(entry.counterStore.getState().worker?.phase).toBe('restored'));
    expect(entry.workers).toHaveLength(2);
    expect(frame(entry)).toMatchObject({ count: 3, t: 500, lesson: { id: 'count', step: 1, stepsDone: [true, false] } });
    expect(screen.getByTestId('worker-alert').textContent).toContain('the count is back at 3, with your lesson “Counting” at step 2 of 2');
    cleanup();

    // Reloads: at the address the page kept, at a bare #lab=counter, at a bare address.
    for (const address of [location.hash, '#lab=counter', '']) {
      history.replaceState(null, '', `/${address}`);
      const again = await load();
      expect(again.opened, address).toMatchObject({ lab: 'counter', opened: true, resumed: true });
      await screen.findByText('2. Reach five');
      expect(frame(again.entry)).toMatchObject({ count: 3, t: 500, lesson: { id: 'count', step: 1, stepsDone: [true, false] } });
      cleanup();
    }
  });

  it('someone else\'s link opens as a visit and never overwrites the person\'s own place', async () => {
    const { progress } = await load();
    progress.savePlace('counter', { hash: 'lab=counter&v=1&d=mine', lesson: 'count', step: 1, instant: 7 });
    cleanup();
    const { encodeLink } = await import('../../scenario/link/envelope.ts');
    history.replaceState(null, '', `/#${encodeLink('counter', 1, { count: 4, lesson: { id: 'count', step: 0 } })}`);
    const visit = await load();
    expect(visit.opened).toMatchObject({ lab: 'counter', opened: true, message: 'Opened the shared count. Your own lesson progress is kept as it was.' });
    expect(frame(visit.entry)).toMatchObject({ count: 4, lesson: { id: 'count', step: 0 } });
    await act(async () => { await visit.entry.counter().call('advance', 10); });
    await waitFor(() => expect(location.hash).not.toContain('d=mine'));
    expect(JSON.parse(localStorage.getItem('qp-scope.progress.v1')!).labs.counter.at).toMatchObject({ hash: 'lab=counter&v=1&d=mine', instant: 7 });
  });
});
