// Render tests against a real simulation (the worker API run in-process) and the real store.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createTransportApi } from '../../worker/transport/api.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { LabClient, installClient } from '../../bridge/labs.ts';
import { transportStore } from '../../store/transport.ts';
import type { Command } from '../../core/index.ts';
import type { Frame } from '../../worker/transport/types.ts';
import { Inspector } from './inspector/Inspector.tsx';
import { Rings } from './rings/Rings.tsx';
import { EventLog } from './log/EventLog.tsx';

let api: ReturnType<typeof createTransportApi>;

function apply(f: unknown) {
  transportStore.getState().applyFrame(f as never);
}

beforeEach(() => {
  api = createTransportApi();
  const r = api.load(sandboxScenario(), 20_000);
  transportStore.setState({ frame: null, log: [], selected: null, changed: {} });
  transportStore.getState().setReference(api.reference());
  apply(r.frame);
  transportStore.setState({ tab: 'state', drafts: {}, modifyReply: null });
  // The real client over the worker API run in-process (no worker, no comlink): views send
  // through it exactly as in the page, and its frames reach the store.
  const client = new LabClient<typeof api, Frame>({ api }, { schedule: () => 0, cancel: () => undefined });
  client.onFrame(apply);
  installClient('transport', client);
});

afterEach(() => cleanup());

async function issue(cmd: Command) {
  await act(async () => { apply(api.command(cmd).frame); });
}

describe('state diagram', () => {
  it('lights the current state and marks the legal targets from the kernel table', () => {
    render(<Inspector />);
    expect(screen.getByTestId('state-node-RTS').getAttribute('data-current')).toBe('true');
    // RC from RTS: RTS (attrs), SQD, RESET and ERR are legal; INIT and RTR are not.
    for (const s of ['RESET', 'SQD', 'ERR']) expect(screen.getByTestId(`state-node-${s}`).getAttribute('data-legal')).toBe('true');
    for (const s of ['INIT', 'RTR', 'SQE']) expect(screen.getByTestId(`state-node-${s}`).getAttribute('data-legal')).toBeNull();
    // RC send errors go straight to ERR (hardware edge), never to SQE.
    expect(screen.getByTestId('edge-hw-ERR')).toBeTruthy();
    expect(screen.queryByTestId('edge-hw-SQE')).toBeNull();
  });

  it('clicking a state prepares modify_qp for it', () => {
    render(<Inspector />);
    fireEvent.click(screen.getByTestId('state-node-SQD'));
    expect((screen.getByTestId('modify-target') as HTMLSelectElement).value).toBe('SQD');
    expect(screen.getByTestId('tab-modify').getAttribute('aria-selected')).toBe('true');
  });
});

describe('modify_qp panel', () => {
  it('classifies attributes, shows the exact refusal, then succeeds after "Fill required"', async () => {
    await issue({ kind: 'modifyQp', host: 0, qpn: 0x101, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'RESET' } });
    transportStore.getState().select({ host: 0, qpn: 0x101 });
    transportStore.getState().setTab('modify');
    render(<Inspector />);

    const target = screen.getByTestId('modify-target') as HTMLSelectElement;
    expect(target.value).toBe('INIT');
    const row = (a: string) => screen.getByTestId(`attr-${a}`).closest('tr')!;
    expect(row('IBV_QP_PORT').getAttribute('data-cls')).toBe('required');
    expect(row('IBV_QP_DEST_QPN').getAttribute('data-cls')).toBe('not-allowed');

    await act(async () => { fireEvent.click(screen.getByTestId('modify-submit')); });
    const reply = await screen.findByTestId('modify-reply');
    expect(reply.getAttribute('data-ok')).toBe('false');
    expect(reply.textContent).toContain('EINVAL');
    expect(reply.textContent).toContain('IBV_QP_PORT');
    // The real call returns only the errno: the attribute list is labelled the page's diagnosis,
    // and the core's reason is words, not its slug.
    expect(reply.textContent).toContain('all the real call returns');
    expect(reply.textContent).toContain('page\'s own diagnosis');
    expect(screen.getByTestId('modify-diagnosis').textContent).toMatch(/^required attributes missing: /);
    expect(reply.textContent).not.toMatch(/missing-attributes|invalid-transition|unexpected-attributes/);
    expect(row('IBV_QP_PORT').getAttribute('data-flag')).toBe('missing');

    fireEvent.click(screen.getByTestId('modify-fill'));
    expect((screen.getByTestId('attr-IBV_QP_PORT') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('modify-c').textContent).toContain('IBV_QP_PORT');
    await act(async () => { fireEvent.click(screen.getByTestId('modify-submit')); });
    expect(screen.getByTestId('modify-reply').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('inspector-state').textContent).toBe('INIT');
  });

  it('changing the target re-classifies live', () => {
    transportStore.getState().setTab('modify');
    render(<Inspector />);
    fireEvent.change(screen.getByTestId('modify-target'), { target: { value: 'SQD' } });
    expect(screen.getByTestId('attr-IBV_QP_EN_SQD_ASYNC_NOTIFY').closest('tr')!.getAttribute('data-cls')).toBe('optional');
    expect(screen.getByTestId('modify-c').textContent).toContain('IBV_QPS_SQD');
  });
});

describe('context inspector', () => {
  it('shows every field with its owner and highlights the two read/atomic limits', () => {
    transportStore.getState().setTab('context');
    render(<Inspector />);
    const row = screen.getByTestId('ctx-next_send_psn');
    expect(within(row).getByText('SW+HW')).toBeTruthy();
    expect(within(screen.getByTestId('ctx-last_acked_psn')).getByText('HW')).toBeTruthy();
    expect(within(screen.getByTestId('ctx-port_num')).getByText('SW')).toBeTruthy();
    const card = screen.getByTestId('rd-atomic');
    expect(card.textContent).toContain('max_rd_atomic');
    expect(card.textContent).toContain('max_dest_rd_atomic');
    expect(card.textContent).toContain('rd_atomic_out');
  });
});

describe('rings and log', () => {
  it('colours CQEs by status after an error flush', async () => {
    await issue({ kind: 'setPoll', host: 0, intervalNs: 0 });
    await issue({ kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE'], attrs: { qp_state: 'ERR' } });
    api.setSpeed(1e6);
    api.play();
    await act(async () => { apply(api.tick(5)); });
    render(<Rings />);
    expect(screen.getAllByTestId('cqe-IBV_WC_WR_FLUSH_ERR').length).toBeGreaterThan(0);
    expect(screen.getByText(/\d+ × ⤓ WR_FLUSH_ERR/)).toBeTruthy();
  });

  it('renders at most 300 lines and filters by group', () => {
    render(<EventLog />);
    const log = screen.getByTestId('event-log');
    const n = log.querySelectorAll('li').length;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(300);
    fireEvent.click(screen.getByTestId('log-filter-packets'));
    expect(log.querySelectorAll('li[data-group="packets"]').length).toBe(0);
  });
});
