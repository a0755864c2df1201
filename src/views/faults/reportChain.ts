// A QP's report "why?" in words, root first: the shared cause, the QP's own failure, its wait
// in the error engine, the service, its event-queue entry, how software learned (or that it
// never did). Every number comes from the ReportWhy record the worker read from the storm.
import type { ReportWhy } from '../../core/index.ts';
import { dur, durIn, int } from './format.ts';

export type ReportStepId = 'cause' | 'failed' | 'dead' | 'queue' | 'service' | 'eqe' | 'report' | 'verdict';
export interface ReportStep { id: ReportStepId; text: string; /** ns after the fault the step is about. */ ns?: number }

/** The model's failure causes (StateCause) in words. */
const CAUSE: Record<string, string> = {
  'retry-exceeded': 'its retries ran out with no ACK coming back', 'send-error': 'a send completed in error', fatal: 'a catastrophic error',
  'responder-error': 'the responder refused a request', 'cq-overrun': 'its CQ overran, leaving a completion nowhere to go',
  'device-fatal': 'its device died', 'ctx-read-error': 'its context could not be read over PCIe', drained: 'its send queue drained', modify: 'ibv_modify_qp moved it',
};
const OVERRUN: Record<string, string> = {
  'report-continue': 'the driver logs the overrun and carries on; the event itself is gone',
  fatal: 'an overrun takes the fatal path: the device dies and DEVICE_FATAL covers its QPs',
  'function-reset': 'an overrun makes the driver request a function reset',
};

const POLICY: Record<string, string> = {
  fifo: 'FIFO (detection order)', 'round-robin': 'round-robin by class', priority: 'strict priority by class',
  'oldest-first': 'oldest outstanding work first', 'weighted-fair': 'weighted fair sharing by class',
};

const letter = (h: number) => String.fromCharCode(65 + h);
const qp = (w: ReportWhy) => `${letter(w.host)}·0x${w.qpn.toString(16)}`;
const n = (x: number, one: string, many = `${one}s`) => `${int(x)} ${x === 1 ? one : many}`;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function reportStep(w: ReportWhy): ReportStep | null {
  const r = w.report;
  if (!r) return null;
  switch (r.via) {
    case 'qp-event': return { id: 'report', ns: r.ns, text: `Software received ${w.eqe?.event ?? 'its event'} at ${dur(r.ns)}${w.eqe ? `, ${dur(r.ns - w.eqe.ns)} after the EQE (the interrupt, the handler's batch, the driver's ordered workqueue)` : ''}.` };
    case 'error-cqe': {
      const held = w.firstCqe && r.ns > w.firstCqe.ns ? `, ${dur(r.ns - w.firstCqe.ns)} after it was written (CQ moderation held back the completion event)` : '';
      return { id: 'report', ns: r.ns, text: `Software could see its first error completion at ${dur(r.ns)}${held}.` };
    }
    case 'cq-event': {
      const c = w.covers.cqs.find((x) => x.errNs === r.ns) ?? w.covers.cqs[0];
      return { id: 'report', ns: r.ns, text: `IBV_EVENT_CQ_ERR of CQ ${c.cq} reached software at ${dur(r.ns)}: a CQ in error covers every QP that uses it.` };
    }
    case 'device-event': return { id: 'report', ns: r.ns, text: `IBV_EVENT_DEVICE_FATAL reached software at ${dur(r.ns)}: it covers every QP of the device.` };
  }
}

function verdictStep(w: ReportWhy): ReportStep {
  if (w.verdict === 'healthy') return { id: 'verdict', text: `${qp(w)} has not failed: there is nothing to report.` };
  if (w.verdict === 'waiting') return { id: 'verdict', text: `${qp(w)} has not been reported yet: play on to see when.` };
  if (w.verdict === 'lost') {
    const e = w.eqe ? `its ${w.eqe.event} was lost` : 'it raised no async event';
    const c = !w.firstCqe ? 'no error completion was written for it' : w.firstCqe.written ? 'its error completion never became visible' : `its error completion was refused by a full CQ at ${dur(w.firstCqe.ns)}`;
    const cq = w.covers.cqs.every((x) => x.errNs < 0) ? `no IBV_EVENT_CQ_ERR of CQ ${w.covers.cqs.map((x) => x.cq).join(' or ')} reached software` : '';
    const dev = w.covers.deviceNs < 0 ? 'no DEVICE_FATAL covered it' : '';
    return { id: 'verdict', text: `Lost: the storm has drained and nothing told software. ${cap([e, c, cq, dev].filter(Boolean).join('; '))}. It is counted as a lost report, never silent.` };
  }
  const r = w.report;
  if (!r) return { id: 'verdict', text: `${qp(w)} has not been reported yet: play on to see when.` };
  const parts = w.queue && w.service && w.service.doneNs >= 0
    ? ` (waiting ${dur(w.service.startNs - w.queue.ns)}, in the engine ${dur(w.service.doneNs - w.service.startNs)}, on the way to software ${dur(r.ns - w.service.doneNs)})` : '';
  const since = w.failed ? `, ${dur(r.ns - w.failed.ns)} after it failed${parts}` : '';
  const together = w.together > 0 ? `, ${n(w.together, 'other')} at the same instant` : '';
  return { id: 'verdict', ns: r.ns, text: `Reported ${dur(r.ns)} after the fault${since}. ${cap(n(w.earlier, 'report'))} of the ${int(w.reportedSoFar)} so far came before it${together}.` };
}

/** The chain, root first. */
export function reportChain(w: ReportWhy): ReportStep[] {
  const out: ReportStep[] = [];
  if (w.cause) out.push({ id: 'cause', ns: 0, text: `${cap(w.cause.what)} on host ${letter(w.cause.host)} at the fault (t = 0): ${durIn(w.cause.detail)}.` });
  if (w.failed) out.push({ id: 'failed', ns: w.failed.ns, text: `${qp(w)} failed ${dur(w.failed.ns)} after the fault: ${CAUSE[w.failed.cause] ?? w.failed.cause}.` });
  if (w.failed && !w.queue && w.report?.via === 'device-event') out.push({ id: 'dead', text: 'No error engine ran for it: the device was dead, so the driver learns at its next health check.' });
  const q = w.queue;
  if (q) {
    const took = q.servedBefore >= 0
      ? `Under ${POLICY[q.policy]}, the engine took ${n(q.servedBefore, 'other report')} before it.`
      : `${cap(n(q.servedSince, 'report'))} taken since; it is still waiting, ${n(q.stillWaiting, 'report')} in the queue.`;
    out.push({ id: 'queue', ns: q.ns, text: `It joined the error engine's queue at ${dur(q.ns)}, with ${n(q.waiting, 'report')} already waiting. ${took}` });
  }
  const s = w.service;
  if (s && s.doneNs >= 0) {
    const spent = s.fetchNs > 0 ? `spent ${dur(s.doneNs - s.startNs)} on it: ${dur(s.serviceNs)} of service + ${dur(s.fetchNs)} to fetch its context (a cache miss)`
      : `spent ${dur(s.serviceNs)} of service on it (its context was already on chip)`;
    const wrote = w.firstCqe?.written && w.firstCqe.ns === s.doneNs ? ' Then it wrote the failing work request\'s completion.' : '';
    out.push({ id: 'service', ns: s.startNs, text: `The engine took it at ${dur(s.startNs)} and ${spent}.${wrote}` });
  }
  const e = w.eqe;
  if (e) {
    const fate = e.fate === 'written' ? `went into the async EQ at ${dur(e.ns)}, behind ${n(e.used, 'entry', 'entries')} of ${int(e.size)}.`
      : e.fate === 'overrun' ? `found the async EQ full (${int(e.used)} of ${int(e.size)} entries) at ${dur(e.ns)}: lost. On this NIC family ${OVERRUN[e.overrun]}.`
        : e.fate === 'broken' ? `arrived at ${dur(e.ns)}, after an overrun had stopped the async EQ: lost.` : `arrived at ${dur(e.ns)}, but the device was dead: lost.`;
    out.push({ id: 'eqe', ns: e.ns, text: `Its ${e.event} ${fate}` });
  } else if (s && s.doneNs >= 0) {
    out.push({ id: 'eqe', text: 'Its error raises no async event (no EQE): software learns from the completion or an event that covers it.' });
  }
  const r = reportStep(w);
  if (r) out.push(r);
  out.push(verdictStep(w));
  return out;
}
