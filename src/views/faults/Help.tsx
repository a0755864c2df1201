// What the Faults instrument shows and where its rules come from.
import { useEffect, useState } from 'react';
import { faults } from '../../bridge/labs.ts';
import type { ClaimsInfo } from '../../worker/faults/types.ts';
import { ClaimList } from './Claims.tsx';

export function HelpBody() {
  const [claims, setClaims] = useState<ClaimsInfo | null>(null);
  useEffect(() => { void faults().act('claims').then((c) => { if (c) setClaims(c); }); }, []);
  return (
    <div className="flex flex-col gap-2 text-[13px] text-slate-800">
      <p><b>Storm</b>: one shared cause (a port, a host, a CQ, the context memory, the device) faults many QPs on host A at once. Each QP follows the single-QP rules: its failing WR completes with its real status, everything behind it is flushed, the QPs it does not concern carry on. Reports squeeze through the error engine and the async event queue; the grid shows each QP\'s phase and the pipe the queue. Pick a QP and press <b>why?</b> for the chain behind its report: the cause, its wait in the error engine (the reports it waited behind are outlined), its event written or lost, how software learned.</p>
      <p><b>Policies</b> runs the same storm under every arbitration policy; <b>Compare</b> runs two in lockstep; <b>Reset</b> resets a QP mid-transfer and shows what is left. Keys: Space plays or pauses, → runs a short slice, ? opens this help.</p>
      <h3 className="font-semibold">Where each rule comes from</h3>
      {claims ? <ClaimList claims={claims.faults} testId="fault-claims" /> : <p>loading…</p>}
    </div>
  );
}
