// Memory regions, scatter/gather entries and shared receive queues as the scenario spells them
// (ibv_reg_mr, struct ibv_sge, ibv_create_srq). Names and bits as libibverbs has them
// (verbs.h enum ibv_access_flags) [sources: verbs-enums].
import * as v from 'valibot';
import { int } from '../kit/valid.ts';
import { HostSchema } from './stormSchema.ts';

const U32 = int(0, 0xffffffff);
/** A virtual address. 48 bits, as x86-64 user space has them (and below 2^53, so exact in a number). */
const Addr = int(0, 2 ** 48);

export const ACCESS_NAMES = ['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE', 'IBV_ACCESS_REMOTE_READ', 'IBV_ACCESS_REMOTE_ATOMIC'] as const;
export type AccessName = (typeof ACCESS_NAMES)[number];
export const ACCESS_BIT: Readonly<Record<AccessName, number>> = {
  IBV_ACCESS_LOCAL_WRITE: 1, IBV_ACCESS_REMOTE_WRITE: 2, IBV_ACCESS_REMOTE_READ: 4, IBV_ACCESS_REMOTE_ATOMIC: 8,
};
export const accessMask = (names: readonly string[]): number => names.reduce((m, n) => m | (ACCESS_BIT[n as AccessName] ?? 0), 0);
export const accessNames = (mask: number): AccessName[] => ACCESS_NAMES.filter((n) => mask & ACCESS_BIT[n]);

/**
 * ibv_reg_mr(3): "If IBV_ACCESS_REMOTE_WRITE or IBV_ACCESS_REMOTE_ATOMIC is set, then
 * IBV_ACCESS_LOCAL_WRITE must be set too" — else the call fails with EINVAL. One rule for the
 * regMr command and for the MRs a scenario registers at bring-up; null when the flags are fine.
 */
export function accessRefusal(mask: number): string | null {
  const remote = ACCESS_BIT.IBV_ACCESS_REMOTE_WRITE | ACCESS_BIT.IBV_ACCESS_REMOTE_ATOMIC;
  if (mask & remote && !(mask & ACCESS_BIT.IBV_ACCESS_LOCAL_WRITE)) return 'IBV_ACCESS_REMOTE_WRITE and IBV_ACCESS_REMOTE_ATOMIC need IBV_ACCESS_LOCAL_WRITE too (ibv_reg_mr.3: EINVAL)';
  return null;
}

/** struct ibv_sge: a buffer named by its address, length and the lkey of the MR holding it. */
export const SgeSchema = v.strictObject({ addr: Addr, length: int(0, 1 << 30), lkey: U32 });
export type Sge = v.InferOutput<typeof SgeSchema>;
export const SglSchema = v.pipe(v.array(SgeSchema), v.maxLength(8));

/** Remote address and rkey of an RDMA WRITE/READ or atomic (wr.rdma / wr.atomic of ibv_send_wr). */
export const RemoteSchema = v.strictObject({ addr: Addr, rkey: U32 });
/** An atomic's operands: compare_add (the compare value, or the addend) and swap. */
export const AtomicArgsSchema = v.strictObject({ compareAdd: int(0, Number.MAX_SAFE_INTEGER), swap: v.optional(int(0, Number.MAX_SAFE_INTEGER), 0) });

const AccessList = v.pipe(v.array(v.picklist(ACCESS_NAMES)), v.maxLength(4));

/** ibv_reg_mr at bring-up. Without `addr` the model places it (page aligned, per host). */
export const MrSpecSchema = v.strictObject({
  host: HostSchema,
  length: int(1, 1 << 30),
  access: AccessList,
  addr: v.optional(Addr),
  /** What the first bytes of the buffer hold: every 8-byte word starts as this value. */
  fill: v.optional(int(0, Number.MAX_SAFE_INTEGER), 0),
  name: v.optional(v.pipe(v.string(), v.maxLength(24))),
});

/** ibv_create_srq at bring-up, with receives posted to it and the application's refill. */
export const SrqSpecSchema = v.strictObject({
  host: HostSchema,
  depth: int(1, 16384),
  recvs: v.optional(int(0, 16384), 0),
  recvLength: v.optional(int(0, 1 << 30), 4096),
  refill: v.optional(v.boolean(), false),
  /** srq_limit armed at creation (0 = not armed). */
  limit: v.optional(int(0, 16384), 0),
});

export const KeyCommandSchemas = [
  /** ibv_reg_mr: the answer names the lkey and rkey the model assigned. */
  v.strictObject({ kind: v.literal('regMr'), host: HostSchema, length: int(1, 1 << 30), access: AccessList, addr: v.optional(Addr), fill: v.optional(int(0, Number.MAX_SAFE_INTEGER), 0) }),
  /** ibv_dereg_mr, by the MR's lkey. */
  v.strictObject({ kind: v.literal('deregMr'), host: HostSchema, lkey: U32 }),
  /** ibv_post_srq_recv. */
  v.strictObject({ kind: v.literal('postSrqRecv'), host: HostSchema, srq: int(0, 255), wr: v.strictObject({ wrId: int(0, Number.MAX_SAFE_INTEGER), length: int(0, 1 << 30), sgl: v.optional(SglSchema) }) }),
  /** ibv_modify_srq(IBV_SRQ_LIMIT): arm the one-shot IBV_EVENT_SRQ_LIMIT_REACHED. */
  v.strictObject({ kind: v.literal('modifySrq'), host: HostSchema, srq: int(0, 255), limit: int(0, 16384) }),
] as const;

/** The SGE list must add up to the WR's length (the model keeps `length` beside the list). */
export function sglMatches(wr: { length: number; sgl?: readonly { length: number }[] }): boolean {
  return !wr.sgl || wr.sgl.reduce((n, s) => n + s.length, 0) === wr.length;
}
