// Responder resources: what an RC responder keeps of each executed RDMA READ and ATOMIC so a
// duplicate request (the requester retried because the response was lost) can be answered
// again. The rules (rxe_resp.c duplicate_request and check_psn [sources: psn-window, psn-book];
// rxe_qp_reset for RESET [sources: rxe-reset]):
//  - a duplicate READ or ATOMIC is answered only when a saved resource matches its PSN;
//    otherwise it is dropped silently;
//  - a duplicate ATOMIC replays the SAVED original value and is never executed again (the book
//    requires a duplicate atomic to match the saved original; re-executing would add twice);
//  - a duplicate READ is streamed again from the requested PSN (reading memory is idempotent);
//  - at most max_dest_rd_atomic resources are kept, the oldest replaced (rxe's ring of
//    max_dest_rd_atomic entries); RESET clears them all.
import { markReady } from './nic.ts';
import { psnDiff } from './wire.ts';
import { mtuOf } from './requester.ts';
import { runtime, type Packet, type World } from '../world/world.ts';

/** Execute an atomic on the responder's target word; returns the value before (what it returns). */
export function executeAtomic(w: World, slot: number): number {
  const rt = runtime(w, slot);
  const orig = rt.atomicWord;
  // MODEL: both FETCH_ADD and CMP_SWAP are shown as "add 1" on one word per QP; the point is
  // how many times the word changed, not arithmetic on real memory.
  rt.atomicWord = orig + 1;
  return orig;
}

/** Keep what a duplicate of this request will need. */
export function saveResource(w: World, slot: number, psn: number, n: number, atomic: boolean, len: number, orig: number): void {
  const rt = runtime(w, slot);
  const cap = Math.max(1, w.qps.f.max_dest_rd_atomic[slot]);
  rt.res.push({ psn, n, atomic, len, orig });
  while (rt.res.length > cap) rt.res.shift();
}

/**
 * A READ/ATOMIC request whose PSN is behind the expected one. Returns what happened, for the
 * rx event's detail.
 */
export function duplicateReadOrAtomic(w: World, slot: number, p: Packet): string {
  const rt = runtime(w, slot);
  const atomic = p.op !== 'RDMA_READ_REQUEST';
  const r = rt.res.find((x) => x.atomic === atomic && (atomic ? x.psn === p.psn : psnDiff(p.psn, x.psn) >= 0 && psnDiff(p.psn, x.psn) < x.n));
  if (!r) return 'no saved responder resource matches this PSN: dropped silently';
  if (atomic) {
    rt.reads.push({ psn: p.psn, n: 1, left: 1, len: 8, atomic: true, dup: true, dst: p.src, dstQpn: p.srcQpn, orig: r.orig });
    markReady(w, slot);
    return `atomic replayed from the saved result (original value ${r.orig}); not executed again`;
  }
  const from = psnDiff(p.psn, r.psn);
  const n = r.n - from;
  rt.reads.push({ psn: p.psn, n, left: n, len: Math.max(0, r.len - from * mtuOf(w, slot)), atomic: false, dup: true, dst: p.src, dstQpn: p.srcQpn });
  markReady(w, slot);
  return 'read streamed again from the saved resource';
}
