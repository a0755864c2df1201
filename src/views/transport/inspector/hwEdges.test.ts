// The State tab's hardware moves follow the chosen profile, as the model does (issue 17): a UD
// send error moves the QP to SQE under the IBTA and mlx5 profiles and to ERR under rxe
// (rxe_qp_error; core/transport/requester.ts). Checked against a run of the model itself.
import { describe, expect, it } from 'vitest';
import { PROFILE_IDS, PROFILES } from '../../../core/index.ts';
import { createTransportApi } from '../../../worker/transport/api.ts';
import { referenceData } from '../../../worker/transport/reference.ts';
import { hwEdges } from './diagram.ts';

/** The keys lesson's UD QP 0x103 after its send fails, under `profile`: the state the model reached. */
function udAfterSendError(profile: string): string {
  const api = createTransportApi();
  api.startLesson('keys');
  api.lessonStep(3);
  expect(api.setProfile(profile as never).ok).toBe(true);
  const f = api.revealAnswer().frame;
  return f.world.qps.find((q) => q.host === 0 && q.qpn === 0x103)!.verbsState;
}

describe('hardware moves per profile', () => {
  it.each(PROFILE_IDS)('%s: the UD send-error edge from RTS goes where the model takes the QP', (p) => {
    const edges = hwEdges(referenceData(), 'UD', p).filter((e) => e.from === 'RTS' && e.label.includes('send error'));
    expect(edges.map((e) => e.to)).toEqual([PROFILES[p].unreliableSendError]);
    expect(udAfterSendError(p)).toBe(PROFILES[p].unreliableSendError);
  });
  it('RC has no send-error edge of its own under any profile (its errors are fatal)', () => {
    for (const p of PROFILE_IDS) expect(hwEdges(referenceData(), 'RC', p).some((e) => e.label.includes('send error') && e.to === 'SQE')).toBe(false);
  });
});
