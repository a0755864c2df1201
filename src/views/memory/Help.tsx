// The lab's help: what each part shows, where the numbers come from, and the keys.
export function HelpBody() {
  return (
    <div className="space-y-2 text-[13px] leading-snug text-slate-800" data-testid="memory-help-body">
      <p>This instrument runs a model of an RDMA NIC’s on-chip <b>QP-context cache</b>, the <b>QP table</b> in host memory behind it, and the <b>timing</b> of a miss, in a Web Worker. Everything is deterministic from the seed: the same settings give the same numbers, and a shared link reproduces them.</p>
      <ul className="list-disc space-y-1 pl-5">
        <li><b>Cache</b>: sets × ways; each slot shows its QPN (hex). Colour = place in the policy’s victim order (orange goes next); ● hit, ■ miss into a free way, ✕ miss that evicts; purple corner = dirty; P = pinned. Click a slot (or use the arrow keys on the grid) to see its set’s policy state; Enter pins it. In Latest lookups, <b>why?</b> on an eviction tells which rule of the policy chose the victim, the access that decided it and the miss that needed the slot.</li>
        <li><b>Table walk</b>: how a QPN’s bits index each level of the table, and what the walk costs in PCIe reads.</li>
        <li><b>Timing</b>: the last miss as a waterfall, and hit rate, throughput and latency over simulated time.</li>
        <li><b>Cliff</b>: throughput against active QPs for your settings, swept in the background, with the preset’s published points overlaid.</li>
        <li><b>Compare</b>: two NICs on the identical packet sequence, in lockstep.</li>
        <li><b>Capacity &amp; race</b>: the closed-form capacity calculator, and the modify_qp-vs-pipeline race with and without protection.</li>
      </ul>
      <p><b>Provenance.</b> <b>RAW</b>: computed from a public raw log (FaSST’s rc-swarm sweeps). <b>QUOTE</b>: a figure stated in a cited text. <b>MODEL</b>: a fit or assumption of this project — every engine latency, race cycle count and table layout is MODEL, because no RNIC publishes them.</p>
      <p><b>Keys.</b> Space: play / pause (outside inputs). ←/→ on the tab bar: switch tabs. Arrow keys on a slider move it; the active-QP slider is logarithmic (1 to 1,000,000).</p>
    </div>
  );
}
