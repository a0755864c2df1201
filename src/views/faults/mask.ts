// What the Faults instrument masks "answer first" on every open question (views/kit/mask.tsx),
// besides what a question names itself: the settings name the fault a diagnosis asks for; the
// storm's event counts, its report latencies and the Policies tab's per-class figures answer the
// storm questions once played; the reset report and the late packets answer the reset ones.
import { useFaults } from '../../store/faults.ts';
import { isMasked } from '../kit/mask.tsx';

export const FAULTS_MASKED: readonly string[] = ['fault', 'storm-events', 'report', 'policies', 'reset-report'];

export function useFaultsMask(key: string): boolean {
  return useFaults((s) => isMasked(s.frame?.lesson?.question, key, FAULTS_MASKED));
}
