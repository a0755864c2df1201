// Found taking the lessons as a new student (issue 17): each row failed before its fix.
import { describe, expect, it } from 'vitest';
import type { SimEvent } from '../core/index.ts';
import { createTransportApi } from '../worker/transport/api.ts';
import { PROFILE_IDS, PROFILES } from '../core/index.ts';
import { TRANSPORT_LESSONS, type Probe } from './transport/index.ts';

/** A probe of a paused model: nothing has happened since the step began. */
function pausedProbe(selected: { host: number; qpn: number } | null): Probe {
  return {
    now: 0, profile: 'ibta', selected, state: () => 'RTS', ctx: () => 0,
    since: <K extends SimEvent['kind']>(_k: K) => [] as Extract<SimEvent, { kind: K }>[],
  };
}

describe('the student-found items', () => {
  it('intro step 4 (find B·0x200\'s receive completion) finishes while the model is paused', () => {
    const step = TRANSPORT_LESSONS.find((l) => l.id === 'intro')!.steps[3];
    expect(step.id).toBe('receiver');
    expect(step.check!(pausedProbe({ host: 1, qpn: 0x200 }))).toBe(true);
    expect(step.check!(pausedProbe({ host: 0, qpn: 0x100 }))).toBe(false);
  });

  it('no hint names a "Submit" button: the modify panel\'s button reads ibv_modify_qp()', () => {
    for (const l of TRANSPORT_LESSONS) for (const s of l.steps) for (const h of s.hints ?? []) expect(h, `${l.id}/${s.id}`).not.toMatch(/\bSubmit\b/);
  });

  it.each(PROFILE_IDS.map((p) => [p]))('install step 1 is graded on the chosen profile (%s): the model refuses ibv_post_recv in RESET', (profile) => {
    const api = createTransportApi();
    expect(api.startLesson('install').ok).toBe(true);
    api.setProfile(profile);
    api.lessonStep(0);
    const r = api.answer('refused');
    expect(r.frame.lesson!.question!.graded).toMatchObject({ correct: true, expected: 'refused' });
  });

  it('install step 1 says the answer depends on the provider and its version', () => {
    const step = TRANSPORT_LESSONS.find((l) => l.id === 'install')!.steps[0];
    expect(step.text.join(' ')).toMatch(/toolbar's driver profile/);
    expect(step.question!.because).toMatch(/PR #1153/);
  });
});

describe('install: an sq_psn behind the responder\'s (the text of step rts) [sources: rxe-resp, rxe-comp-ahead]', () => {
  // The profile table's ahead-ack row: rxe completes the WR on the ACK past what A sent (check_psn); the others ignore it.
  it.each([['ibta', 'IBV_WC_RETRY_EXC_ERR'], ['mlx5', 'IBV_WC_RETRY_EXC_ERR'], ['rxe', 'IBV_WC_SUCCESS']] as const)('under %s, B acknowledges the duplicates again and drops them, and A\'s WR ends in %s', (profile, status) => {
    const api = createTransportApi();
    api.startLesson('install');
    expect(api.setProfile(profile).ok).toBe(true);
    // Step 1 is a question, which holds the model: these commands are the sandbox's, not the lesson's.
    api.stopLesson();
    const cmds = [
      { kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE', 'IBV_QP_PKEY_INDEX', 'IBV_QP_PORT', 'IBV_QP_ACCESS_FLAGS'], attrs: { qp_state: 'INIT', pkey_index: 0, port_num: 1, qp_access_flags: 15 } },
      { kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE', 'IBV_QP_AV', 'IBV_QP_PATH_MTU', 'IBV_QP_DEST_QPN', 'IBV_QP_RQ_PSN', 'IBV_QP_MAX_DEST_RD_ATOMIC', 'IBV_QP_MIN_RNR_TIMER'], attrs: { qp_state: 'RTR', ah_dlid: 2, path_mtu: 3, dest_qp_num: 0x200, rq_psn: 0, max_dest_rd_atomic: 4, min_rnr_timer: 1 } },
      { kind: 'modifyQp', host: 0, qpn: 0x100, mask: ['IBV_QP_STATE', 'IBV_QP_SQ_PSN', 'IBV_QP_TIMEOUT', 'IBV_QP_RETRY_CNT', 'IBV_QP_RNR_RETRY', 'IBV_QP_MAX_QP_RD_ATOMIC'], attrs: { qp_state: 'RTS', sq_psn: 990, timeout: 4, retry_cnt: 3, rnr_retry: 3, max_rd_atomic: 4 } },
      { kind: 'postSend', host: 0, qpn: 0x100, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64 } },
    ] as const;
    for (const c of cmds) expect(api.command(c as never).ok, c.kind).toBe(true);
    for (let i = 0; i < 5000 && api.frame().t < 500_000; i++) api.step();
    const rows = api.log({ kinds: ['rx', 'wr-error', 'cqe'], qp: null, text: '', offset: 0, limit: 200 }).rows.map((r) => r.e);
    expect(rows.some((e) => e.kind === 'rx' && e.host === 1 && e.outcome === 'duplicate')).toBe(true);
    expect(rows.some((e) => e.kind === 'rx' && e.host === 0 && e.outcome === 'ack')).toBe(true);
    const cqes = rows.filter((e) => e.kind === 'cqe' && e.host === 0);
    expect(cqes.map((e) => (e as { status: string }).status)).toEqual([status]);
    expect(rows.some((e) => e.kind === 'wr-error')).toBe(status !== 'IBV_WC_SUCCESS');
    // B placed nothing: every packet A sent was a duplicate to it.
    expect(rows.filter((e) => e.kind === 'rx' && e.host === 1).every((e) => (e as { outcome: string }).outcome === 'duplicate')).toBe(true);
    expect(PROFILES[profile].aheadAck).toBe(status === 'IBV_WC_SUCCESS' ? 'complete' : 'ignore');
  });
});

describe('the verbs-objects lesson follows the chosen profile [sources: mlx5-qp, rxe-reset]', () => {
  it.each([['ibta', 'purged'], ['mlx5', 'purged'], ['rxe', 'stale']] as const)('under %s, destroying A·0x101 with its error completion unpolled leaves it %s', (profile, expected) => {
    const api = createTransportApi();
    expect(api.startLesson('verbs').ok).toBe(true);
    api.lessonStep(1);
    expect(api.answer('refused').frame.lesson!.question!.graded).toMatchObject({ correct: true });
    api.lessonStep(2);
    api.solveStep();
    api.lessonStep(3);
    expect(api.answer('remote').frame.lesson!.question!.graded).toMatchObject({ correct: true });
    api.setProfile(profile);
    api.lessonStep(4);
    expect(api.answer(expected).frame.lesson!.question!.graded).toMatchObject({ correct: true, expected });
  });
});
