// What an instrument gives the page: one entry in the registry (app/registry.ts). The kit
// (app/lab.ts, links.ts, recovery.ts, follow.ts) does the rest the same way for every entry:
// start the worker and feed the store, ask the first questions, supervise and restore a lost
// worker, open a link or the saved place, keep the address and the saved progress up to date.
import type { ComponentType } from 'react';
import type { StoreApi } from 'zustand';
import type { Caller, LabClient } from '../bridge/labs.ts';
import type { Connection, RestoreInput } from '../bridge/kit/client.ts';
import type { LessonActions } from '../views/shell/LessonPanel.tsx';
import type { LinkSpec } from '../scenario/link/envelope.ts';
import type { KitState } from '../store/kit.ts';
import type { KitFrame, LabApi } from '../worker/kit/types.ts';

/** What the shell hands every instrument's view. */
export interface ViewProps {
  /** The share link of the instrument as it stands. */
  buildLink(): Promise<string>;
  /** Forget the progress saved in this browser. */
  onResetProgress(): void;
  /** The lesson column's actions (the entry's `lessons`). */
  actions: LessonActions;
}

/** Every payload may carry the lesson and its step (restored after a restart, opened from a link). */
export interface PayloadBase { lesson?: { id: string; step: number; seed?: number } }

/** Where a lesson stands (a frame's lesson), as a payload carries it: the seed only when it has one. */
export function placeOf(l: { id: string; step: number; seed?: number } | null | undefined): PayloadBase['lesson'] {
  return l ? { id: l.id, step: l.step, ...(l.seed ? { seed: l.seed } : {}) } : undefined;
}

export interface Instrument<Id extends string, A extends LabApi<F>, F extends KitFrame, P extends PayloadBase> {
  id: Id;
  /** Its name in the instrument switch. */
  title: string;
  /** The sentence's subject when its worker is lost ("The worker of the NIC-memory lab"). */
  worker: string;
  /** Shown while its view loads. */
  loading: string;
  /**
   * Its worker factory: a connection to a fresh worker (app/instruments/<id>.spawn.ts writes out
   * the `new Worker(new URL(…))` Vite needs), called again to restart a lost one.
   */
  connect(): Connection<A>;
  /** Its client (the bridge's, made from `connect` when first asked for; a test may make its own). */
  client(): LabClient<A, F>;
  /** Every lesson action (pick, step, answer, hint, restart…): the lesson column calls these. */
  lessons: LessonActions;
  /** Its link payload: schema, version, migrations (scenario/link/<id>.ts). */
  link: LinkSpec<P>;
  store: StoreApi<KitState<F>>;
  /** What it asks once besides its lessons and first frame, and wiring of its own; runs once when it starts. */
  started?(c: LabClient<A, F>): Promise<void>;
  /** Open a link payload (model state in the worker, tab and inputs in the store); a refusal in words. */
  apply(p: P, via: Caller<A>): Promise<string | null>;
  /** What its share link carries of it as it stands. */
  payload(via: Caller<A>): Promise<P>;
  /** What a restart must bring back and the address holds (default: the payload). */
  snapshot?(via: Caller<A>): Promise<P>;
  /** Bring a fresh worker back to the snapshot `p` (already read as a link is); what was restored, in words. */
  restore(via: Caller<A>, p: P, input: RestoreInput<F>): Promise<string>;
  /** The words when a restart had nothing saved to bring back. */
  afresh: string;
  /**
   * The instant a frame shows, in the instrument's own unit, and how a freshly opened worker gets
   * back to it. Without `catchUp` the payload itself carries the instant (a link reopens it).
   */
  instant: { of(f: F): number; catchUp?(via: Caller<A>, target: number): Promise<F | null> };
  /** What opening someone's link says, and what a refused link keeps. */
  opened: string;
  kept: string;
  /** Its view (lazily loaded or not). */
  View: ComponentType<ViewProps>;
  /** It was shown (true) or hidden (false): e.g. start or stop playing. */
  shown?(on: boolean): void;
}

/** An entry as the kit handles it, whatever its worker API, frame and payload. */
export type AnyInstrument = Instrument<string, LabApi<KitFrame>, KitFrame, PayloadBase>;

/**
 * An entry, checked against its own types, handed to the kit. The one place the types are let go:
 * the kit passes each entry only its own client, payloads read through its own link spec, and frames of its own store.
 */
export function instrument<Id extends string, A extends LabApi<F>, F extends KitFrame, P extends PayloadBase>(e: Instrument<Id, A, F, P>): Instrument<Id, A, F, P> & AnyInstrument {
  return e as Instrument<Id, A, F, P> & AnyInstrument;
}
