// Storm set-up: the QP groups of config.groups become connected pairs, brought up through the
// real modify path (kernel table, value checks, lifecycle table) with the trace muted — one
// 'storm' event per group stands for its thousands of create/modify events — and the work each
// group posts is scheduled, one POST item per posting QP.
import { MODIFY_CELLS } from '../verbs/modifyTable.ts';
import { QP_STATES, QP_TYPES, type QpState } from '../verbs/types.ts';
import type { AttrName } from '../verbs/attrs.ts';
import type { ModifyAttrs } from '../model/schema.ts';
import { Trace } from '../kit/trace.ts';
import { modifyQp } from '../transport/modify.ts';
import { postRecv, postSend } from '../transport/post.ts';
import { initContext, nextRecvId } from '../sim/app.ts';
import { emit, schedule, type World } from '../world/world.ts';
import type { SimEvent } from '../model/events.ts';
import { resolveChannel } from './presets.ts';
import { OP, newStorm, stormOf, type StormState } from './state.ts';

const ACCESS_ALL = 1 | 2 | 4 | 8;

/** Bring-up attributes for a storm QP (timeout 14 ≈ 67 ms per try, retry_cnt 3, rnr_retry 7). */
function baseAttrs(type: string): ModifyAttrs {
  return {
    port_num: 1, pkey_index: 0, qp_access_flags: type === 'UC' ? 1 | 2 : ACCESS_ALL, path_mtu: 3,
    timeout: 14, retry_cnt: 3, rnr_retry: 7, min_rnr_timer: 1, max_rd_atomic: 4, max_dest_rd_atomic: 4,
  };
}

export function setupStorm(w: World): void {
  const cfg = w.cfg;
  const st = newStorm(w, cfg.channel ? resolveChannel(cfg.channel, cfg.nic.cqeWriteNs) : null);
  w.storm = st;
  if (cfg.groups.length > 0) buildGroups(w, st);
}

function buildGroups(w: World, st: StormState): void {
  const groups = w.cfg.groups;
  const total = groups.reduce((n, g) => n + g.count, 0);
  const pairs = new Int32Array(2 * total);
  const side = new Uint8Array(2 * total);
  // MODEL (claim group-interleave): each group's pairs spread evenly over its phase's creation
  // order (pair r of a group of n sits at (r + ½) / n; ties by group), so QPNs interleave in
  // proportion — with equal groups, one pair from each in turn; groups of a later phase only
  // after every earlier one (a class mix in blocks of QPNs).
  let k = 0;
  const phases = [...new Set(groups.map((g) => g.phase))].sort((a, b) => a - b);
  for (const phase of phases) {
    for (const [gi] of strideOrder(groups, phase)) {
      const g = groups[gi];
      const ti = QP_TYPES.indexOf(g.type);
      const l = w.qps.alloc(g.host, ti);
      const p = w.qps.alloc(g.peerHost, ti);
      initContext(w, l, { type: g.type, sendCq: g.cq, recvCq: g.cq, sqDepth: g.sqDepth, rqDepth: g.rqDepth, sqSigAll: false, ...(g.srq === undefined ? {} : { srq: g.srq }) });
      initContext(w, p, { type: g.type, sendCq: g.peerCq, recvCq: g.peerCq, sqDepth: g.sqDepth, rqDepth: g.rqDepth, sqSigAll: false });
      st.cls[l] = st.cls[p] = g.class;
      st.group[l] = st.group[p] = gi;
      pairs[2 * k] = l; pairs[2 * k + 1] = p;
      side[2 * k + 1] = 1;
      k++;
    }
  }
  st.groupSlots = pairs;
  st.groupSide = side;
  const real = w.trace;
  w.trace = new Trace<SimEvent>('off');
  try { bringUpPairs(w, st); } finally { w.trace = real; }
  groups.forEach((g, gi) => {
    emit(w, { t: w.now, kind: 'storm', what: 'group up', host: g.host, n: g.count, detail: `group ${gi}: ${g.count} ${g.type} pairs, host ${g.host} ↔ host ${g.peerHost}, class ${g.class}` });
  });
  schedulePosts(w, st);
}

/** The pairs of one phase in creation order, as [group, round] (stride merge of the groups). */
function strideOrder(groups: readonly { phase: number; count: number }[], phase: number): [number, number][] {
  const out: [number, number][] = [];
  groups.forEach((g, gi) => { if (g.phase === phase) for (let r = 0; r < g.count; r++) out.push([gi, r]); });
  const key = (x: [number, number]) => (x[1] + 0.5) / groups[x[0]].count;
  return out.sort((a, b) => key(a) - key(b) || a[0] - b[0]);
}

function bringUpPairs(w: World, st: StormState): void {
  const q = w.qps;
  const n = st.groupSlots.length / 2;
  const psn = new Int32Array(2 * n);
  for (let i = 0; i < psn.length; i++) psn[i] = w.rng.int(0, 0xffffff);
  const steps: QpState[] = ['INIT', 'RTR', 'RTS'];
  for (const step of steps) {
    const si = QP_STATES.indexOf(step);
    for (let k = 0; k < n; k++) {
      for (let e = 0; e < 2; e++) {
        const slot = st.groupSlots[2 * k + e];
        const peer = st.groupSlots[2 * k + 1 - e];
        const g = w.cfg.groups[st.group[slot]];
        const cell = MODIFY_CELLS[g.type][si - 1][si];
        const attrs: ModifyAttrs = {
          ...baseAttrs(g.type), ...g.attrs, qp_state: step,
          ah_dlid: q.host[peer] + 1, dest_qp_num: q.qpn[peer], sq_psn: psn[2 * k + e], rq_psn: psn[2 * k + 1 - e],
        };
        modifyQp(w, q.host[slot], q.qpn[slot], ['IBV_QP_STATE', ...cell.reqNames] as AttrName[], attrs);
        if (step === 'INIT') {
          // An SRQ-attached QP takes its receives from the SRQ (posted to it at bring-up), never ibv_post_recv [sources: man-srq].
          const recvs = e === 0 ? (g.srq === undefined ? g.recvs : 0) : g.peerRecvs;
          for (let r = 0; r < recvs; r++) postRecv(w, q.host[slot], q.qpn[slot], nextRecvId(w), g.recvLength);
        }
      }
    }
  }
}

function schedulePosts(w: World, st: StormState): void {
  const n = st.groupSlots.length / 2;
  for (let k = 0; k < n; k++) {
    const g = w.cfg.groups[st.group[st.groupSlots[2 * k]]];
    if (!g.post || g.post.count === 0) continue; // an idle QP posts nothing
    const at = g.post.atNs + (g.post.spreadNs > 0 ? w.rng.int(0, g.post.spreadNs - 1) : 0);
    schedule(w, Math.max(w.now, at), { k: 'storm', op: OP.POST, host: 0, a: k });
  }
}

/** Pair k's posting side posts its group's WRs, all at once. */
export function postStep(w: World, k: number): void {
  const st = stormOf(w);
  const local = st.groupSlots[2 * k];
  const g = w.cfg.groups[st.group[local]];
  const post = g.post;
  if (!post) return; // only groups that post schedule a post step
  const slot = post.side === 'local' ? local : st.groupSlots[2 * k + 1];
  const host = w.qps.host[slot];
  const qpn = w.qps.qpn[slot];
  for (let j = 0; j < post.count; j++) {
    postSend(w, host, qpn, { wrId: k * 1024 + j, opcode: post.opcode, length: post.length, signaled: true });
  }
}
