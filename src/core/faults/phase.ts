// Each affected QP's phase as the grid shows it, and each NIC's device state as the page names
// it: what the model really did to the QP for the chosen consumer, never a phase it did not reach.
// The rules follow the drivers read for device death [sources: mlx5-user-fatal, mlx5-health, mlx4-catas, hns-reset]:
// - a dead device the driver has not noticed yet (the health poll is still to come) is dead for
//   every QP on it, idle ones too: the hardware stopped (claim health-delay);
// - after mlx5_ib_handle_internal_error, a user-space (libmlx5) consumer gets DEVICE_FATAL, the
//   context is flagged MLX5_CTX_FLAGS_FATAL_STATE and its CQs yield no flush CQE: its WRs stay
//   outstanding, so such a QP is never "flushed" (claim fatal-consumer);
// - a kernel consumer's QPs with WRs are flushed by sw_comp; an idle one gets only DEVICE_FATAL;
// - after an hns reset or an mlx5 devlink reload the old QPs are destroyed (claims reset-reregisters, mlx5-recovery);
// - an idle QP whose connection a port down or a host crash cut is unaware, not healthy (claims port-down-retries, host-crash).
import { DOWN_CRASHED, DOWN_PORT, type World } from '../world/world.ts';
import { LC } from '../qp/lifecycle.ts';
import { F_FAULTED, F_PENDING, F_REPORTED, type StormState } from './state.ts';
import { hostFrozen } from './metrics.ts';

/** Per-QP cell codes of grid().phase (0-5 kept from older versions; the rest added at the end). */
export const PHASE = {
  HEALTHY: 0, WAITING: 1, FLUSHING: 2, DONE: 3, UNREPORTED: 4, LOST: 5,
  /** Its device is dead and its driver has not noticed yet. */
  DEAD_UNSEEN: 6,
  /** Device fatal seen from user space: DEVICE_FATAL, no flush CQE, its WRs stay outstanding. */
  FATAL_USER: 7,
  /** Its connection is cut but it holds no work: it has not learned. */
  UNAWARE: 8,
  /** Destroyed with the old device by a reset or reload: the consumer reopens and rebuilds. */
  GONE: 9,
} as const;

/** Each QP's peer slot (groups are created as pairs). */
export function peerMap(st: StormState): Map<number, number> {
  const m = new Map<number, number>();
  for (let i = 0; i + 1 < st.groupSlots.length; i += 2) { m.set(st.groupSlots[i], st.groupSlots[i + 1]); m.set(st.groupSlots[i + 1], st.groupSlots[i]); }
  return m;
}

/** Not faulted, on a live host, and its connection cut (a port down or a crashed host at either end). */
export function isUnaware(w: World, st: StormState, s: number, peer: number | undefined): boolean {
  const q = w.qps;
  if (peer === undefined || st.flags[s] & F_FAULTED || w.hosts[q.host[s]].down & DOWN_CRASHED) return false;
  const cut = (h: number) => (w.hosts[h].down & (DOWN_PORT | DOWN_CRASHED)) !== 0;
  return cut(q.host[s]) || cut(q.host[peer]);
}

/** The phase of slot `s` now; `over` = the storm has drained. */
export function phaseOf(w: World, st: StormState, s: number, over: boolean, peer: number | undefined): number {
  const q = w.qps;
  const host = q.host[s];
  const hc = st.hosts[host];
  const fl = st.flags[s];
  if (q.gone[s]) return PHASE.GONE;
  if (hc.dead === 1 && !(fl & F_REPORTED)) return PHASE.DEAD_UNSEEN;
  const rt = w.rt.get(s);
  const held = rt ? rt.sq.length + (q.lc[s] === LC.ERR ? rt.rq.length : 0) : 0;
  // User space after INTERNAL_ERROR: nothing more comes, whether it held WRs or none. A QP
  // flushed to the end before the device died keeps its phase.
  if (hc.dead === 2 && (st.channel?.consumer ?? 'kernel') === 'user' && (held > 0 || st.lastFlushAt[s] < 0)) return PHASE.FATAL_USER;
  if (!(fl & F_FAULTED)) return isUnaware(w, st, s, peer) ? PHASE.UNAWARE : PHASE.HEALTHY;
  const left = hostFrozen(w, st, host) ? 0 : held;
  if (fl & F_PENDING) return PHASE.WAITING;
  if (fl & F_REPORTED) return left > 0 ? PHASE.FLUSHING : PHASE.DONE;
  return left > 0 ? PHASE.FLUSHING : over ? PHASE.LOST : PHASE.UNREPORTED;
}

/** A NIC's device state as the driver would name it (the page names the driver's own state). */
export type DeviceState = 'alive' | 'dead' | 'internal-error' | 'resetting' | 'new-device';

export function deviceStates(w: World, st: StormState): DeviceState[] {
  return st.hosts.map((hc, host) => {
    if (hc.dead === 1) return 'dead';
    if (hc.resetting) return 'resetting';
    if (hc.dead === 2) return 'internal-error';
    for (let s = 0; s < w.qps.n; s++) if (w.qps.host[s] === host && w.qps.gone[s]) return 'new-device';
    return 'alive';
  });
}

/**
 * Affected QPs whose connection the fault cut but that never learned of it: idle QPs hold no
 * unacknowledged work, so no retry timer runs and nothing fails until they next post (claims
 * host-crash, port-down-retries) [sources: ack-timeout].
 */
export function unawareCount(w: World, st: StormState, affected: Int32Array): number {
  const peers = peerMap(st);
  let n = 0;
  for (const s of affected) if (isUnaware(w, st, s, peers.get(s))) n++;
  return n;
}
