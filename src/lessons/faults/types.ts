// The Faults instrument's lessons (topics 7 and 10) in the shared format (lessons/kit): checks
// and questions read plain numbers of the storm and the reset view; actions are what a person
// does with the instrument's controls.
import type { PolicyName, ResetLabResult, StormSummary } from '../../core/index.ts';
import type { ResetSettings, StormSettings } from '../../core/faults/labConfig.ts';
import type { Lesson as KitLesson } from '../kit/types.ts';

export interface FaultsProbe {
  settings: StormSettings;
  /** Simulated ns since the storm started (the fault hits at 0). */
  t: number;
  summary: StormSummary;
  drained: boolean;
  /** Affected QPs per lifecycle label (RTS, ERR, …). */
  states: Record<string, number>;
  reset: { settings: ResetSettings; result: Pick<ResetLabResult, 'staleAccepted' | 'late' | 'resets'> } | null;
}

export type FaultsAction =
  | { kind: 'settings'; patch: Partial<StormSettings> }
  | { kind: 'policy'; policy: PolicyName }
  /** Run the live storm for `ns` (or until it drains). */
  | { kind: 'run'; ns?: number }
  | { kind: 'restart' }
  | { kind: 'reset'; patch: Partial<ResetSettings> };

export type Lesson = KitLesson<FaultsProbe, FaultsAction>;
