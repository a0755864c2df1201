// What the Transport instrument masks "answer first" on every open question (views/kit/mask.tsx),
// besides what a question names itself: the modify panel's verdict from the kernel table and the
// device's reply answer the state-machine questions before any prediction; so do the panel's
// required / optional / not-allowed marks ('modify-table'), and the State tab's legal targets,
// hardware moves and state descriptions ('state-arrows': "posting … fails" in RESET, "signaled or
// not" in ERR, "→ SQE on a send error" for UD answer install/reset, errors/post-in-err, keys/sqe),
// and the provider-differences table in help and the profile bar ('profile-table': its rows answer
// verbs/destroy-now, install/reset, keys/sqe and context/responder).
import { useTransport } from '../../store/transport.ts';
import { isMasked } from '../kit/mask.tsx';

export const TRANSPORT_MASKED: readonly string[] = ['modify-check', 'modify-table', 'state-arrows', 'profile-table'];

export function useTransportMask(key: string): boolean {
  return useTransport((s) => isMasked(s.frame?.lesson?.question, key, TRANSPORT_MASKED));
}
