// Answer first on the transport page (issue 17): while a lesson question is open, the State tab
// shows the current state only — not the kernel table's legal targets, the hardware's moves or
// the state texts ("posting … fails" answered install/reset; "signaled or not" errors/post-in-err;
// "→ SQE on a send error" keys/sqe) — and the modify panel lists the attributes unmarked (its
// "required" group answered state-machine/missing). Once the model has run, all of it is back.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createTransportApi } from '../../worker/transport/api.ts';
import { transportStore } from '../../store/transport.ts';
import type { Frame } from '../../worker/transport/types.ts';
import { Inspector } from './inspector/Inspector.tsx';
import { ProfileTable } from './profiles/ProfileTable.tsx';
import { Header } from './Header.tsx';

afterEach(() => cleanup());

/** The keys lesson at its UD question (QP 0x103 in RTS, about to fail), or after answering it. */
function atQuestion(answered: boolean): void {
  const api = createTransportApi();
  api.startLesson('keys');
  let f: Frame = api.lessonStep(3);
  if (answered) f = api.answer('SQE').frame as Frame;
  transportStore.setState({ frame: null, log: [], selected: null, changed: {}, drafts: {}, modifyReply: null });
  transportStore.getState().setReference(api.reference());
  transportStore.getState().applyFrame(f as never);
  transportStore.getState().select({ host: 0, qpn: 0x103 });
}

describe('answer first on the transport page', () => {
  it('an open question: the State tab shows no legal target, hardware move or state text; the modify table no class', () => {
    atQuestion(false);
    transportStore.getState().setTab('state');
    const { unmount } = render(<Inspector />);
    expect(screen.getByTestId('state-masked').textContent).toMatch(/Answer first/);
    expect(screen.queryByTestId('edge-hw-SQE')).toBeNull();
    expect(screen.queryByTestId('edge-legal-ERR')).toBeNull();
    expect(document.body.textContent).not.toMatch(/SQE on|send WR completes in error|posting receives or sends fails/);
    unmount();
    act(() => transportStore.getState().setTab('modify'));
    render(<Inspector />);
    expect(screen.getByTestId('modify-table-masked')).toBeTruthy();
    expect(document.querySelectorAll('tr[data-cls]').length).toBe(0);
  });
  it('an open question: the provider-differences table (help, profile bar) is masked, and Play and Step are held', () => {
    atQuestion(false);
    render(<><ProfileTable /><Header /></>);
    expect(screen.getByTestId('profile-table-masked').textContent).toMatch(/Answer first/);
    expect(screen.queryByTestId('profile-table-rows')).toBeNull();
    for (const id of ['play', 'step']) {
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled, id).toBe(true);
      expect(screen.getByTestId(id).title).toMatch(/^Held for your answer/);
    }
  });
  it('once the model has run, the diagram, the marks, the table and Play are back', () => {
    atQuestion(true);
    transportStore.getState().setTab('modify');
    render(<Inspector />);
    expect(screen.queryByTestId('modify-table-masked')).toBeNull();
    expect(document.querySelectorAll('tr[data-cls]').length).toBeGreaterThan(0);
    cleanup();
    render(<><ProfileTable /><Header /></>);
    expect(screen.queryByTestId('profile-table-masked')).toBeNull();
    expect(screen.getByTestId('profile-table-rows')).toBeTruthy();
    expect((screen.getByTestId('play') as HTMLButtonElement).disabled).toBe(false);
  });
});
