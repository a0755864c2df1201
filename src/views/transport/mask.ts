// What the Transport instrument masks "answer first" on every open question (views/kit/mask.tsx),
// besides what a question names itself: the modify panel's verdict from the kernel table and the
// device's reply answer the state-machine questions before any prediction.
import { useTransport } from '../../store/transport.ts';
import { isMasked } from '../kit/mask.tsx';

export const TRANSPORT_MASKED: readonly string[] = ['modify-check'];

export function useTransportMask(key: string): boolean {
  return useTransport((s) => isMasked(s.frame?.lesson?.question, key, TRANSPORT_MASKED));
}
