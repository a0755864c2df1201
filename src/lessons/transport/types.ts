// The transport instrument's lessons in the shared format (lessons/kit): checks read the running
// simulation through a Probe; actions are the commands a person gives, plus loading a scenario.
import type { Command, ProfileId, ScenarioInput, SimEvent } from '../../core/index.ts';
import type { Lesson as KitLesson } from '../kit/types.ts';

/** Read-only questions a step's check may ask of the running simulation. */
export interface Probe {
  readonly now: number;
  /** The driver profile the model follows (ibta, rxe, mlx5). */
  readonly profile: string;
  /** Lifecycle label of a QP: RESET, INIT, RTR, RTS, SQD (draining), SQD (drained), SQE, ERR. */
  state(host: number, qpn: number): string;
  ctx(host: number, qpn: number, field: string): number;
  /** The QP the learner has selected in the views (null: none). */
  readonly selected: { host: number; qpn: number } | null;
  /** Events emitted since the step began, optionally of one kind. */
  since<K extends SimEvent['kind']>(kind: K): Extract<SimEvent, { kind: K }>[];
}

/**
 * A command, (as a lesson's setup) a whole scenario to load, selecting a QP as a person clicks it,
 * or a switch of the driver profile: the same scenario replayed to the same instant under another
 * profile, the lesson going on.
 */
export type TransportAction = Command | { kind: 'load'; scenario: ScenarioInput } | { kind: 'select'; host: number; qpn: number } | { kind: 'profile'; profile: ProfileId };

export type Lesson = KitLesson<Probe, TransportAction>;
