// What a data lesson may do to each instrument, as valibot schemas of the instrument's own action
// type (lessons/<lab>/types.ts): a lesson file's setup, solutions and reveals parse into those
// types here, so the loader needs no cast. Shapes are checked here; whether a value is accepted
// (a QP count the slider reaches, a state change the table allows) is the instrument's rule,
// met when `lesson check` replays the file through the worker API.
import * as v from 'valibot';
import { CommandSchema, PROFILE_IDS, ScenarioSchema, type ScenarioInput } from '../../core/index.ts';
import { ENGINE_IDS, MAX_ACTIVE_QPS, MAX_PINNED, PATTERN_KINDS, POLICY_IDS, PRESET_IDS } from '../../core/memory/ids.ts';
import { ResetSettingsSchema, StormSettingsSchema } from '../../core/faults/labConfig.ts';
import { POLICIES } from '../../core/model/stormSchema.ts';
import { int, num, oneOf } from '../../core/kit/valid.ts';
import type { TransportAction } from '../transport/types.ts';
import type { MemoryAction } from '../memory/types.ts';
import type { FaultsAction } from '../faults/types.ts';
import type { LabId } from '../kit/types.ts';

const Qpn = int(0, 0xffffff);

const Scenario = v.custom<ScenarioInput>((x) => v.is(ScenarioSchema, x), 'must be a scenario the transport instrument can load (version, seed, config)');

export const TransportActionSchema: v.GenericSchema<unknown, TransportAction> = v.union([
  v.strictObject({ kind: v.literal('load'), scenario: Scenario }),
  v.strictObject({ kind: v.literal('select'), host: int(0, 63), qpn: Qpn }),
  v.strictObject({ kind: v.literal('profile'), profile: oneOf(PROFILE_IDS) }),
  CommandSchema,
], 'must be a command (modifyQp, postSend, …), or {kind: load | select | profile}');

const safeInt = v.pipe(v.number('must be a number'), v.safeInteger('must be an integer'));
const finite = v.pipe(v.number('must be a number'), v.finite('must be a finite number'));
const ConfigPatch = v.strictObject({
  qps: v.optional(int(1, MAX_ACTIVE_QPS)), preset: v.optional(oneOf(PRESET_IDS)),
  entries: v.optional(safeInt), ways: v.optional(safeInt), policy: v.optional(oneOf(POLICY_IDS)), engine: v.optional(oneOf(ENGINE_IDS)),
  fetchNs: v.optional(finite), overlap: v.optional(safeInt), pattern: v.optional(oneOf(PATTERN_KINDS)), skew: v.optional(finite),
  tableLevels: v.optional(safeInt), onChipLevels: v.optional(safeInt), pinned: v.optional(v.pipe(v.array(safeInt), v.maxLength(MAX_PINNED))),
  seed: v.optional(safeInt), inFlight: v.optional(oneOf(['pin', 'writeback-refetch'] as const)), inFlightWindow: v.optional(safeInt),
});
const Side = v.strictObject({ policy: v.optional(oneOf(POLICY_IDS)), engine: v.optional(oneOf(ENGINE_IDS)), entries: v.optional(int(1, 1 << 20)), ways: v.optional(int(0, 1 << 20)) });

export const MemoryActionSchema: v.GenericSchema<unknown, MemoryAction> = v.variant('kind', [
  v.strictObject({ kind: v.literal('preset'), preset: oneOf(PRESET_IDS), qps: v.optional(int(1, MAX_ACTIVE_QPS)) }),
  v.strictObject({ kind: v.literal('config'), patch: ConfigPatch }),
  v.strictObject({ kind: v.literal('compare'), a: v.optional(Side), b: v.optional(Side) }),
  v.strictObject({ kind: v.literal('pin'), qpn: Qpn }),
], 'must be {kind: preset | config | compare | pin}');

export const FaultsActionSchema: v.GenericSchema<unknown, FaultsAction> = v.variant('kind', [
  v.strictObject({ kind: v.literal('settings'), patch: v.partial(StormSettingsSchema) }),
  v.strictObject({ kind: v.literal('policy'), policy: oneOf(POLICIES) }),
  v.strictObject({ kind: v.literal('run'), ns: v.optional(num(0, 10_000_000_000)) }),
  v.strictObject({ kind: v.literal('restart') }),
  v.strictObject({ kind: v.literal('reset'), patch: v.partial(ResetSettingsSchema) }),
], 'must be {kind: settings | policy | run | restart | reset}');

/** Each instrument's action schema, by id (a missing instrument is a type error). */
export const ACTION_SCHEMAS: { readonly [L in LabId]: v.GenericSchema<unknown, ActionOf[L]> } = {
  transport: TransportActionSchema, memory: MemoryActionSchema, faults: FaultsActionSchema,
};

export interface ActionOf { transport: TransportAction; memory: MemoryAction; faults: FaultsAction }
