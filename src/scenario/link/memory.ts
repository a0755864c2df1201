// The NIC-memory instrument's link payload: the preset, the settings that differ from it, the
// active QPs, the compare sides, the open tab, the capacity calculator's and the race panel's
// inputs, the speed and the lesson step. Version 1 is the old `#lab=memory&m=` link
// ({ v, p, q, o, t, c }). Shapes and types are checked here; what a combination means (ways
// dividing entries, …) is the core's rule (core/memory/lab), applied when the link opens.
import * as v from 'valibot';
import { ENGINE_IDS, MAX_ACTIVE_QPS, MAX_PINNED, PATTERN_KINDS, POLICY_IDS, PRESET_IDS, PROTECTIONS } from '../../core/memory/ids.ts';
import type { LabSettings } from '../../core/memory/index.ts';

const IN_FLIGHT = ['pin', 'writeback-refetch'] as const;
import type { LinkSpec } from './envelope.ts';
import { LessonAt, int, num, oneOf } from './common.ts';

export const MEMORY_TABS = ['cache', 'walk', 'timing', 'cliff', 'compare', 'capacity'] as const;

const safeInt = v.pipe(v.number('must be an integer'), v.safeInteger('must be an integer'));
const number = v.pipe(v.number('must be a number'), v.finite('must be a number'));

/** The settings that differ from the preset: each optional, each typed (their meaning is checked by the core when the link opens). */
const Overrides = v.strictObject({
  entries: v.optional(safeInt), ways: v.optional(safeInt), policy: v.optional(oneOf(POLICY_IDS)), engine: v.optional(oneOf(ENGINE_IDS)),
  fetchNs: v.optional(number), overlap: v.optional(safeInt), pattern: v.optional(oneOf(PATTERN_KINDS)), skew: v.optional(number),
  tableLevels: v.optional(safeInt), onChipLevels: v.optional(safeInt),
  pinned: v.optional(v.pipe(v.array(safeInt, `must be a list of at most ${MAX_PINNED} integers`), v.maxLength(MAX_PINNED, `must be a list of at most ${MAX_PINNED} integers`))),
  seed: v.optional(safeInt), inFlight: v.optional(oneOf(IN_FLIGHT)), inFlightWindow: v.optional(safeInt),
} satisfies Record<keyof LabSettings, unknown>, (issue) => (issue.expected === 'never' ? `has a setting this page does not know: ${String(issue.received).slice(0, 40)}` : 'must be an object of settings'));

const Side = v.strictObject({ policy: oneOf(POLICY_IDS), engine: oneOf(ENGINE_IDS), entries: int(1, 1 << 20), ways: int(0, 1 << 20) });

const Capacity = v.strictObject({
  sramBytes: int(0, 1 << 30), contextBytes: int(1, 1 << 16),
  table: v.strictObject({ levels: int(1, 6), entryBytes: int(1, 1 << 16), pageBytes: int(64, 1 << 24), onChipLevels: v.optional(int(0, 6)) }),
  allocatedQps: int(1, 1 << 24), activeQps: int(1, 1 << 24), layout: v.optional(oneOf(['dense', 'scattered'] as const)),
  packetRateMpps: num(0.001, 10_000), fetchNs: num(0, 1e6), overlap: int(1, 4096), engine: v.optional(oneOf(ENGINE_IDS)), lossTarget: v.optional(num(0, 1)),
});

export const MemoryPayload = v.strictObject({
  preset: oneOf(PRESET_IDS),
  qps: int(1, MAX_ACTIVE_QPS),
  overrides: Overrides,
  compare: v.optional(v.strictObject({ a: Side, b: Side })),
  tab: v.optional(oneOf(MEMORY_TABS)),
  capacity: v.optional(Capacity),
  race: v.optional(v.strictObject({ offset: int(-200, 200), protection: oneOf(PROTECTIONS) })),
  speed: v.optional(num(1, 2_000_000)),
  lesson: v.optional(LessonAt),
});
export type MemoryPayload = v.InferOutput<typeof MemoryPayload>;

/** v1 → v2: short keys become names. */
function fromV1(old: unknown): unknown {
  if (!old || typeof old !== 'object' || Array.isArray(old)) throw new Error('it holds no lab settings');
  const o = old as Record<string, unknown>;
  if (o.v !== 1) throw new Error(`it says it is version ${String(o.v).slice(0, 20)}`);
  for (const k of Object.keys(o)) if (!['v', 'p', 'q', 'o', 't', 'c'].includes(k)) throw new Error(`it has an unknown field "${k.slice(0, 40)}"`);
  const out: Record<string, unknown> = { preset: o.p, qps: o.q, overrides: o.o ?? {} };
  if (o.t !== undefined) out.tab = o.t;
  if (o.c !== undefined) out.compare = o.c;
  return out;
}

export const MEMORY_LINK: LinkSpec<MemoryPayload> = {
  version: 2,
  migrations: { 1: fromV1 },
  schema: MemoryPayload,
  legacyParam: 'm',
};
