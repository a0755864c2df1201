// The Faults instrument's settings as a domain type: a storm described by the knobs a person
// drags (affected QPs, fault, event-queue depth, error-engine service time, policy, class mix,
// vendor preset) and the reset view's settings (situation, reset instant, mitigations). One
// valibot schema validates them wherever they come from (the page, a link, a lesson); each
// failure names the field. Pure.
import * as v from 'valibot';
import { int, issueText, oneOf } from '../kit/valid.ts';
import { CHANNEL_PRESETS, CONSUMERS, POLICIES, type ChannelPresetId, type PolicyName } from '../model/stormSchema.ts';
import { FAULT_KINDS, QP_CLASS_MIXES, type FaultKind, type StormConfig } from './stormScenario.ts';
import { RESET_SITUATIONS, type ResetLabConfig, type ResetSituation } from './resetConfig.ts';
import { QPN_ALLOCATOR_IDS, reusePolicyOf } from './qpnAlloc.ts';
import type { ProgramOptions } from './program.ts';

/** The lab's range: a storm big enough to show the squeeze, small enough to run live in a tab. */
export const LAB_MAX_QPS = 16_384;
/** How the classes share the QPs' weight: all equal, or one heavy tenant. */
export const CLASS_MIXES = ['equal', 'one-heavy', 'graded'] as const;
export type ClassMix = (typeof CLASS_MIXES)[number];


export const StormSettingsSchema = v.strictObject({
  qps: int(1, LAB_MAX_QPS),
  fault: oneOf(FAULT_KINDS),
  preset: oneOf(CHANNEL_PRESETS),
  /** Async EQ entries asked for (the preset adds its spare entries and rounding). */
  eqDepth: int(1, 1 << 16),
  /** Error engine: time to service one faulted QP's report (MODEL). */
  serviceNs: int(1, 1_000_000),
  /** The driver's time per event-queue entry it consumes (MODEL): slow it down and the queue fills. */
  eqeNs: int(1, 1_000_000),
  policy: oneOf(POLICIES),
  classes: int(1, 8),
  mix: oneOf(CLASS_MIXES),
  outstanding: int(1, 64),
  seed: int(0, 0x7fffffff),
  /** Kernel ULP or user-space program: what it sees after device death (claim fatal-consumer). Older links lack it. */
  consumer: v.optional(oneOf(CONSUMERS), 'kernel'),
  /** Fraction of the QPs that are idle (nothing outstanding): after a port down they stay unaware. */
  idle: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must be at least 0'), v.maxValue(0.95, 'must be at most 0.95')), 0),
  /** How the QPs are spread over the classes: interleaved by QPN, in QPN blocks, or skewed 10/20/30/40 %. */
  classMix: v.optional(oneOf(QP_CLASS_MIXES), 'interleaved'),
  /** Fraction of the QPs attached to an SRQ: each raises IBV_EVENT_QP_LAST_WQE_REACHED through the same EQ (claim srq-last-wqe). Older links lack it: none. */
  srq: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must be at least 0'), v.maxValue(1, 'must be at most 1')), 0),
  /** The program's event thread (program.ts; claim program-thread): time per async/CM event read, the delay from reading an
   *  event to acknowledging it, and whether it uses rdma_cm. They change no storm (the trace hash stays); older links lack them. */
  eventNs: v.optional(int(1, 1_000_000_000), 2_000),
  ackNs: v.optional(int(0, 10_000_000_000), 0),
  cm: v.optional(v.boolean('must be true or false'), false),
});
export type StormSettings = v.InferOutput<typeof StormSettingsSchema>;

export const ResetSettingsSchema = v.strictObject({
  situation: oneOf(RESET_SITUATIONS),
  resetAtNs: int(0, 60_000),
  errFirst: v.boolean('must be true or false'),
  /** Destroy both QPs at the reset and connect two new ones on the freed QPNs (the reuse hazard). */
  reuse: v.boolean('must be true or false'),
  /** Mitigations of the hazard: hold a freed QPN back this long; start at a random PSN. */
  quarantine: v.boolean('must be true or false'),
  randomPsn: v.boolean('must be true or false'),
  /** The reused QPN's new connection: to the same peer (the hazard) or another one (rxe check_addr drops stale packets). Older links lack it. */
  reusePeer: v.optional(oneOf(['same', 'other'] as const), 'same'),
  /** Whose QPN allocator creates the new QPs (qpnAlloc.ts); older links lack it and keep lowest-free. */
  allocator: v.optional(oneOf(QPN_ALLOCATOR_IDS), 'efa'),
});
export type ResetSettings = v.InferOutput<typeof ResetSettingsSchema>;

export function defaultStormSettings(): StormSettings {
  // MODEL: a 20 µs error engine, slow enough that a 1,024-QP storm forms a visible queue (the
  // engine's cost is not public; the core's default is 500 ns).
  return { qps: 1024, fault: 'port-down', preset: 'mlx5', eqDepth: 4096, serviceNs: 20_000, eqeNs: 100, policy: 'fifo', classes: 4, mix: 'graded', outstanding: 8, seed: 1, consumer: 'kernel', idle: 0, classMix: 'interleaved', srq: 0, eventNs: 2_000, ackNs: 0, cm: false };
}

export function defaultResetSettings(): ResetSettings {
  return { situation: 'send-half-arrived', resetAtNs: 6_500, errFirst: false, reuse: false, quarantine: false, randomPsn: false, reusePeer: 'same', allocator: 'efa' };
}

/** A refusal that names the field, or the parsed settings. */
export function parseStormSettings(x: unknown): { ok: true; value: StormSettings } | { ok: false; error: string } {
  const r = v.safeParse(StormSettingsSchema, x);
  return r.success ? { ok: true, value: r.output } : { ok: false, error: issue(r.issues[0]) };
}

export function parseResetSettings(x: unknown): { ok: true; value: ResetSettings } | { ok: false; error: string } {
  const r = v.safeParse(ResetSettingsSchema, x);
  return r.success ? { ok: true, value: r.output } : { ok: false, error: issue(r.issues[0]) };
}

const issue = (i: v.BaseIssue<unknown>): string => issueText(i, '', 'settings');

/** The class weights and priorities a mix gives K classes (class 0 is the most important). */
export function classesOf(k: number, mix: ClassMix): { name: string; weight: number; priority: number }[] {
  return Array.from({ length: k }, (_, i) => ({
    name: `class ${i}`,
    weight: mix === 'equal' ? 1 : mix === 'one-heavy' ? (i === 0 ? 8 : 1) : k - i,
    priority: k - 1 - i,
  }));
}

export function stormConfigOf(s: StormSettings, policy: PolicyName = s.policy): StormConfig {
  return {
    qps: s.qps, fault: s.fault as FaultKind, policy, preset: s.preset as ChannelPresetId, eqDepth: s.eqDepth, serviceNs: s.serviceNs, eqeNs: s.eqeNs,
    classes: classesOf(s.classes, s.mix), outstanding: s.outstanding, seed: s.seed, consumer: s.consumer,
    idle: s.idle, classMix: s.classMix, ...(s.srq > 0 ? { srq: s.srq } : {}),
  };
}

/** The program's side (Storm.program) for these settings: the page's readout and the CLI's `program` key. */
export function programOf(s: StormSettings): ProgramOptions {
  return { eventNs: s.eventNs, ackNs: s.ackNs, cm: s.cm };
}

/** The settings that make the storm itself (the program's side is read from a storm, it changes none). */
export function stormKeyOf(s: StormSettings): string {
  return JSON.stringify({ ...s, eventNs: undefined, ackNs: undefined, cm: undefined });
}

/** The reset lab's configuration for these settings. MODEL: a quarantine of 1 ms outlasts every stale packet of this transfer. */
export function resetConfigOf(s: ResetSettings): ResetLabConfig {
  return {
    situation: s.situation as ResetSituation, resetAtNs: s.resetAtNs, errFirst: s.errFirst,
    reuse: s.reuse ? { policy: reusePolicyOf(s.allocator), quarantineNs: s.quarantine ? 1_000_000 : 0, psn: s.randomPsn ? 'random' : 'zero', peer: s.reusePeer } : undefined,
  };
}

/** The interleaving explorer's settings: up to 6 QPs failing in the same instant, the channel they share. */
export const ExplorerSettingsSchema = v.strictObject({
  faults: v.pipe(v.array(v.strictObject({ cls: int(0, 7), miss: v.boolean('must be true or false') }), 'must be a list of faults'), v.minLength(2, 'needs at least 2 faults'), v.maxLength(6, 'has at most 6 faults')),
  policy: oneOf(POLICIES),
  eqSize: int(1, 1 << 16),
  budget: int(1, 1 << 16),
  preset: oneOf(CHANNEL_PRESETS),
});
export type ExplorerSettings = v.InferOutput<typeof ExplorerSettingsSchema>;

export function defaultExplorerSettings(): ExplorerSettings {
  return { faults: [{ cls: 0, miss: false }, { cls: 1, miss: true }, { cls: 1, miss: false }, { cls: 2, miss: false }], policy: 'fifo', eqSize: 2, budget: 1, preset: 'mlx4' };
}

export function parseExplorerSettings(x: unknown): { ok: true; value: ExplorerSettings } | { ok: false; error: string } {
  const r = v.safeParse(ExplorerSettingsSchema, x);
  return r.success ? { ok: true, value: r.output } : { ok: false, error: issue(r.issues[0]) };
}

/** The storm CLI's flags for these settings: `npm run sim -- --storm …` runs the page's storm (same trace hash). */
export function stormArgsOf(s: StormSettings): string[] {
  return ['--storm', '--qps', `${s.qps}`, '--fault', s.fault, '--preset', s.preset, '--consumer', s.consumer, '--eq-depth', `${s.eqDepth}`,
    '--service-ns', `${s.serviceNs}`, '--eqe-ns', `${s.eqeNs}`, '--policy', s.policy, '--classes', `${s.classes}`, '--weights', s.mix,
    '--outstanding', `${s.outstanding}`, '--seed', `${s.seed}`, '--idle', `${s.idle}`, '--class-mix', s.classMix, ...(s.srq > 0 ? ['--srq', `${s.srq}`] : []),
    '--event-ns', `${s.eventNs}`, '--ack-ns', `${s.ackNs}`, ...(s.cm ? ['--cm'] : [])];
}
