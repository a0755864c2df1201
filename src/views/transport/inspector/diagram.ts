// The state diagram's static geometry and teaching text, and the edges to draw for a QP:
// software transitions come from the kernel table in reference data; hardware transitions
// (SEND_ERROR, FATAL, DRAINED) from the lifecycle tables the worker derives from the machine.
import { line, curveNatural } from 'd3-shape';
import type { ReferenceData } from '../../../worker/transport/types.ts';

export const NODE_W = 88;
export const NODE_H = 40;
export const VIEW_W = 560;
export const VIEW_H = 300;

export const NODE_POS: Record<string, { x: number; y: number }> = {
  RESET: { x: 62, y: 56 },
  INIT: { x: 200, y: 56 },
  RTR: { x: 338, y: 56 },
  RTS: { x: 476, y: 56 },
  SQD: { x: 476, y: 176 },
  SQE: { x: 338, y: 262 },
  ERR: { x: 62, y: 206 },
};

/** Which side of a box its self-transition loop is drawn on (away from other edges). */
const LOOP_SIDE: Record<string, 'top' | 'bottom' | 'left' | 'right'> = { RESET: 'top', INIT: 'top', RTR: 'top', RTS: 'top', SQD: 'right', SQE: 'bottom', ERR: 'bottom' };

export const STATE_TEXT: Record<string, string> = {
  RESET: 'Freshly created or reset: no work is processed; posting receives or sends fails.',
  INIT: 'Port, P_Key and access flags are bound. Receives may be posted but nothing is processed yet.',
  RTR: 'Ready to Receive: the responder side works; incoming requests are accepted. Sends cannot start.',
  RTS: 'Ready to Send: requester and responder both run. This is the working state.',
  SQD: 'Send Queue Drain: sends already started finish, new ones wait; receives continue.',
  SQE: 'Send Queue Error (UC/UD): a send failed; the SQ is flushed, the RQ keeps working. Recover with modify to RTS.',
  ERR: 'Error: the WR that failed completes first, with its real status (e.g. RETRY_EXC_ERR); then every other outstanding WR of this QP completes with IBV_WC_WR_FLUSH_ERR, oldest first, signaled or not. WQEs waiting in an attached SRQ are not flushed: they belong to the other QPs too (this QP gets IBV_EVENT_QP_LAST_WQE_REACHED). If the CQ fills up, the overrun raises IBV_EVENT_CQ_ERR and the rest is retired with no CQE. Only →RESET leaves ERR; ERR→ERR is legal and stays in ERR.',
};

/**
 * Where each sentence of a state's text comes from, shown under it (bibliography keys of
 * src/lessons/kit/sources.ts): rxe_completer / flush_send_queue (rxe-comp), the SRQ's
 * LAST_WQE_REACHED (srq-last-wqe), ibv_poll_cq(3) for the overrun (man-poll-cq), the kernel's
 * qp_state_table for the ERR row (kernel-qp-table).
 */
export const STATE_SOURCES: Partial<Record<string, string>> = {
  ERR: 'rxe_completer and flush_send_queue (rxe-comp); rxe flush_recv_queue, rdmavt rvt_error_qp (srq-last-wqe); ibv_poll_cq(3) (man-poll-cq); qp_state_table (kernel-qp-table)',
};

export interface HwEdge { from: string; to: string; label: string; selfNote?: boolean }

const SHORT: Record<string, string> = { SEND_ERROR: 'send error', FATAL: 'fatal error', DRAINED: 'draining → drained' };
const node = (lcLabel: string) => (lcLabel.startsWith('SQD') ? 'SQD' : lcLabel);

/**
 * Transitions the NIC makes on its own for one transport, from the reference data (derived in
 * the worker from the QP machine's lifecycle tables), merged per (from, to) for drawing.
 */
export function hwEdges(ref: Pick<ReferenceData, 'hwTransitions'>, type: string, profile: string): HwEdge[] {
  const out = new Map<string, HwEdge>();
  for (const t of ref.hwTransitions) {
    if (t.type !== type || (t.profiles && !t.profiles.some((p) => p === profile))) continue;
    const from = node(t.from);
    const to = node(t.to);
    const key = `${from}>${to}`;
    const prev = out.get(key);
    const label = SHORT[t.event];
    if (prev) { if (!prev.label.includes(label)) prev.label += `, ${label}`; }
    else out.set(key, { from, to, label, selfNote: from === to });
  }
  return [...out.values()];
}

/** Targets the kernel table accepts from `from` for `type` (any valid cell, self included). */
export function legalTargets(ref: Pick<ReferenceData, 'cells' | 'states'>, type: string, from: string): string[] {
  const fi = ref.states.indexOf(from);
  const row = ref.cells[type]?.[fi] ?? [];
  return ref.states.filter((_, ti) => row[ti]?.valid);
}

/** Point where the segment from the centre of a box towards (tx, ty) leaves the box. */
function boxExit(cx: number, cy: number, tx: number, ty: number, pad = 3): [number, number] {
  const dx = tx - cx;
  const dy = ty - cy;
  const hw = NODE_W / 2 + pad;
  const hh = NODE_H / 2 + pad;
  const s = Math.min(dx === 0 ? Infinity : hw / Math.abs(dx), dy === 0 ? Infinity : hh / Math.abs(dy));
  return [cx + dx * s, cy + dy * s];
}

const curve = line<[number, number]>().curve(curveNatural);

/** Does the quadratic from a via c to b pass through a node other than its ends? */
function crosses(from: string, to: string, bend: number): boolean {
  const a = NODE_POS[from];
  const b = NODE_POS[to];
  const [cx, cy] = control(a, b, bend);
  for (const [name, p] of Object.entries(NODE_POS)) {
    if (name === from || name === to) continue;
    for (let i = 1; i < 20; i++) {
      const t = i / 20;
      const x = (1 - t) * (1 - t) * a.x + 2 * (1 - t) * t * cx + t * t * b.x;
      const y = (1 - t) * (1 - t) * a.y + 2 * (1 - t) * t * cy + t * t * b.y;
      if (Math.abs(x - p.x) < NODE_W / 2 + 6 && Math.abs(y - p.y) < NODE_H / 2 + 6) return true;
    }
  }
  return false;
}

function control(a: { x: number; y: number }, b: { x: number; y: number }, bend: number): [number, number] {
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return [(a.x + b.x) / 2 - ((b.y - a.y) / len) * bend, (a.y + b.y) / 2 + ((b.x - a.x) / len) * bend];
}

/** The smallest bend (in steps, starting from `bend`) whose curve clears every other node. */
export function clearBend(from: string, to: string, bend = 0): number {
  for (const extra of [0, 30, -30, 60, -60, 90, -90, 120]) {
    const b = bend + (bend >= 0 ? extra : -extra);
    if (!crosses(from, to, b)) return b;
  }
  return bend;
}

/**
 * A path from one state box to another, bent sideways by `bend` px so that the two
 * directions between a pair do not overlap (and further, if needed, to clear other nodes).
 * Self transitions draw a loop above the box.
 */
export function edgePath(from: string, to: string, bend = 0): { d: string; mid: [number, number]; normal: [number, number] } {
  const a = NODE_POS[from];
  const b = NODE_POS[to];
  if (from === to) {
    const side = LOOP_SIDE[from] ?? 'top';
    if (side === 'top' || side === 'bottom') {
      const s = side === 'top' ? -1 : 1;
      const x = a.x;
      const y = a.y + (s * NODE_H) / 2;
      const d = `M${x - 16},${y} C${x - 30},${y + s * 34} ${x + 30},${y + s * 34} ${x + 16},${y}`;
      return { d, mid: [x, y + s * 26], normal: [0, s] };
    }
    const s = side === 'left' ? -1 : 1;
    const x = a.x + (s * NODE_W) / 2;
    const y = a.y;
    const d = `M${x},${y - 10} C${x + s * 34},${y - 24} ${x + s * 34},${y + 24} ${x},${y + 10}`;
    return { d, mid: [x + s * 26, y], normal: [s, 0] };
  }
  const k = clearBend(from, to, bend);
  const [cx, cy] = control(a, b, k);
  const p0 = boxExit(a.x, a.y, cx, cy);
  const p2 = boxExit(b.x, b.y, cx, cy, 5);
  // The curve's midpoint (a quadratic through the control point peaks halfway to it).
  const mid: [number, number] = [(a.x + b.x) / 4 + cx / 2, (a.y + b.y) / 4 + cy / 2];
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const sign = k < 0 ? -1 : 1;
  const normal: [number, number] = [(-(b.y - a.y) / len) * sign, ((b.x - a.x) / len) * sign];
  return { d: curve([p0, mid, p2]) ?? '', mid, normal };
}
