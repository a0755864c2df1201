// What a topic 10 RESET run is asked for, apart from the run itself (resetLab.ts): the link
// parser and the settings schema (labConfig.ts) need these on the main thread, and importing
// resetLab.ts there would pull the whole engine, and XState with it, into the page's first script.
export const RESET_SITUATIONS = ['send-half-arrived', 'write-half-arrived', 'replay-unacked', 'dma-mid-burst', 'read-streaming'] as const;
export type ResetSituation = (typeof RESET_SITUATIONS)[number];

export interface ResetLabConfig {
  situation: ResetSituation;
  resetAtNs: number;
  /** Which end is reset (default: the responder for send/write/DMA, the requester otherwise). */
  target?: 'requester' | 'responder';
  /** Move to ERR first, and to RESET errGapNs later (default 300 ns). */
  errFirst?: boolean;
  errGapNs?: number;
  /** Bring the reset QP back up, against the same peer, this long after the reset. */
  rebuildAfterNs?: number;
  /**
   * Destroy both ends at the reset and connect two new QPs: the QPN-reuse hazard. `peer`: the new
   * QP on B is connected to a new QP on A again (`same`, default) or on a third host C (`other`),
   * where rxe's check_addr drops the old connection's stale packets.
   */
  reuse?: { policy: 'lowest-free' | 'fresh'; quarantineNs?: number; psn: 'random' | 'zero'; peer?: 'same' | 'other' };
  linkLatencyNs?: number;
  seed?: number;
  durationNs?: number;
}
