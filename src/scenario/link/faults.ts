// The Faults instrument's link payload: the storm's settings, the compare policy when Compare is
// open, the reset view's and the explorer's settings, the tab, the speed and the lesson step. Shapes are checked
// here with the core's own schemas (core/faults/labConfig.ts); the worker applies them.
import * as v from 'valibot';
import { ExplorerSettingsSchema, ResetSettingsSchema, StormSettingsSchema } from '../../core/faults/labConfig.ts';
import { POLICIES } from '../../core/model/stormSchema.ts';
import type { LinkSpec } from './envelope.ts';
import { LessonAt, num, oneOf } from './common.ts';

export const FAULTS_TABS = ['storm', 'policies', 'compare', 'explorer', 'reset'] as const;

export const FaultsPayload = v.strictObject({
  settings: StormSettingsSchema,
  compare: v.optional(oneOf(POLICIES)),
  reset: v.optional(ResetSettingsSchema),
  explorer: v.optional(ExplorerSettingsSchema),
  tab: v.optional(oneOf(FAULTS_TABS)),
  speed: v.optional(num(10_000, 1_000_000_000)),
  lesson: v.optional(LessonAt),
});
export type FaultsPayload = v.InferOutput<typeof FaultsPayload>;

export const FAULTS_LINK: LinkSpec<FaultsPayload> = { version: 1, migrations: {}, schema: FaultsPayload };
