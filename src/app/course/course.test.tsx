// A course in the page (happy-dom, the test-only counter instrument of app/fourth standing in
// for a lesson file): a course link shows its syllabus; an item that is a lesson file opens
// through the opener the data lessons provide (setOpeners), its instrument's frames fill in the
// item's progress, and once it is done the course bar offers the next item. Without an opener,
// an item is refused in words and the syllabus stays. The progress file round-trips.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { writeCourseLink, type Course } from '../../scenario/link/course.ts';

const COURSE: Course = { course: 1, title: 'Counting course', items: [
  { title: 'Count to five', minutes: 5, url: '/lessons/count.json' },
  { title: 'A challenge', minutes: 10, lab: 'transport', challenge: 'reach-rts' },
] };

async function load() {
  vi.resetModules();
  const registry = await import('../registry.ts');
  const entry = await import('../fourth/entry.tsx');
  registry.register(entry.COUNTER);
  const open = await import('./open.ts');
  const { startLab } = await import('../lab.ts');
  open.setOpeners({
    async lessonUrl(url) {
      if (url !== '/lessons/count.json') return { error: `no lesson file at ${url}` };
      await startLab('counter');
      await entry.counter().act('startLesson', 'count', 0, false, 1);
      return { lab: 'counter', lesson: 'count' };
    },
  });
  open.trackCourse();
  const { Root } = await import('../Root.tsx');
  const { CourseBarRoute } = await import('./CourseRoute.tsx');
  const state = await import('./state.ts');
  const files = await import('./files.ts');
  // The counter's view is not in the shell that places the course bar: the bar is rendered beside it.
  render(<><Root /><CourseBarRoute /></>);
  return { entry, state, files };
}

beforeEach(() => {
  localStorage.clear();
  history.replaceState(null, '', `/#${writeCourseLink(COURSE)}`);
});
afterEach(() => cleanup());

describe('a course in the page', () => {
  it('shows the syllabus, opens a lesson-file item through its opener, tracks it to done and offers the next', async () => {
    const { entry, state, files } = await load();
    expect((await screen.findByTestId('course-title')).textContent).toBe('Counting course');
    expect(screen.getByTestId('course-totals').textContent).toBe('2 items · about 15 minutes · 0 of 2 done');

    fireEvent.click(screen.getByTestId('open-item-0'));
    await screen.findByTestId('course-bar');
    expect(screen.getByTestId('course-bar').textContent).toContain('Item 1 of 2: Count to five');
    for (const [name, ...args] of [['solveStep'], ['lessonStep', 1], ['solveStep']] as const) await entry.counter().act(name as 'solveStep', ...(args as []));
    await waitFor(() => expect(state.courseStore.getState().records['url:/lessons/count.json']?.done).toEqual([true, true]));
    expect((await screen.findByTestId('next-item')).textContent).toBe('Next: A challenge →');

    // Back on the syllabus: the item is done. The next item is a challenge: no challenge catalogue
    // in this build, so opening it is refused in words and the syllabus stays.
    fireEvent.click(screen.getByTestId('to-syllabus'));
    await waitFor(() => expect(screen.getByTestId('course-totals').textContent).toBe('2 items · about 15 minutes · 1 of 2 done'));
    fireEvent.click(screen.getByTestId('open-item-1'));
    expect((await screen.findByTestId('course-message')).textContent).toBe('Item 2 ("A challenge") is a challenge, which this page cannot open yet.');
    expect(screen.getByTestId('item-progress-0').textContent).toBe('Done');

    // The hand-in file carries the item; read back into an empty course, the progress returns.
    const text = files.exportText(new Date(0));
    expect(text && JSON.parse(text)).toMatchObject({ format: 'qpscope-course-progress', exported: '1970-01-01T00:00:00.000Z', items: [{ key: 'url:/lessons/count.json', complete: true, stepsDone: 2, steps: 2 }, { complete: false }] });
    act(() => state.courseStore.setState({ records: {} }));
    act(() => files.importProgress(text ?? ''));
    expect(screen.getByTestId('course-totals').textContent).toContain('1 of 2 done');
    act(() => files.importProgress('{"format":"qpscope-course-progress"}'));
    expect(screen.getByTestId('course-message').textContent).toMatch(/^This progress file was not imported: the progress file's v: is missing\. The progress shown is kept\.$/);
    expect(screen.getByTestId('course-totals').textContent).toContain('1 of 2 done');
  });
});
