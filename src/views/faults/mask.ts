// What the Faults instrument masks "answer first" on every open question (views/kit/mask.tsx),
// besides what a question names itself: the settings name the fault a diagnosis asks for; the
// storm's event counts, its report latencies and the Policies tab's per-class figures answer the
// storm questions once played; the reset report, the late packets and the timeline after the
// reset line (what the late packets met, any NAK, the replay window's end) answer the reset ones.
import { useFaults } from '../../store/faults.ts';
import { isMasked } from '../kit/mask.tsx';

export const FAULTS_MASKED: readonly string[] = ['fault', 'storm-events', 'report', 'policies', 'reset-report', 'reset-lanes'];

export function useFaultsMask(key: string): boolean {
  return useFaults((s) => isMasked(s.frame?.lesson?.question, key, FAULTS_MASKED));
}
