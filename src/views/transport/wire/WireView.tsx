// Two hosts and the wire between them. Each QP pair has a lane per direction, labelled above its
// line; packets move along their lane by time as pills naming the op and the PSN (colour is never
// the only signal). Pills that would touch merge into a counted group; with more pairs than fit,
// the selected pair keeps its lanes and the rest share one lane per direction.
import { transport } from '../../../bridge/labs.ts';
import { useTransport } from '../../../store/transport.ts';
import type { PacketView } from '../../../worker/transport/types.ts';
import { durationText, hostLetter, speedText } from '../format.ts';
import { WorkerSwitch } from '../../kit/controls.tsx';
import { useSize } from '../../kit/useSize.ts';
import { HostPanel } from './HostPanel.tsx';
import { WireKey } from './WireKey.tsx';
import { LABEL_FONT, PILL_FONT, STACK, flightSummary, packetTitle, lanesFitting, layoutWire, type WireItem, type WireLayout } from './layout.ts';
import { pairsFromGrid, planLanes } from './lanes.ts';
import { useReducedMotion } from '../../kit/motion.ts';

const EMPTY: PacketView[] = [];

export function WireView() {
  const world = useTransport((s) => s.frame?.world);
  const slow = useTransport((s) => s.frame?.slow);
  const selected = useTransport((s) => s.selected);
  const whyPackets = useTransport((s) => s.why?.packets);
  const [ref, size] = useSize<HTMLDivElement>({ width: 400, height: 170 });

  const t = world?.t ?? 0;
  const hosts = world?.hosts ?? [];
  const packets = world?.packets ?? EMPTY;
  const W = size.width;
  const H = size.height;
  // Reduced motion: packets step between five stops along their lane instead of flying.
  const steps = useReducedMotion() ? 4 : 0;
  const layout = world ? layoutWire({
    lanes: planLanes(pairsFromGrid(world.grid), packets, selected, lanesFitting(H)), packets, t, width: W, height: H,
    lostLingerNs: world.wire.lostLingerNs, arriveLingerNs: world.wire.arriveLingerNs, steps,
  }) : null;
  const names = hosts.map((h) => h.name);
  const summary = layout ? flightSummary(layout, names) : 'The wire between the hosts is idle.';
  const drops = hosts.map((h, i) => ({ i, n: h.dropNext })).filter((d) => d.n > 0);
  const queues = hosts.map((h, i) => ({ i, ns: h.backlogNs, n: world?.wire.queued[i] ?? 0 })).filter((q) => q.ns >= 1000);

  return (
    // No paint containment on the section: the key's popover must reach past its bottom edge; the
    // wire itself, redrawn every frame, is contained on its own; z-10 lifts the popover over the panels below.
    <section aria-labelledby="wire-title" className="relative z-10 [contain:layout_style] flex min-h-0 min-w-0 flex-col rounded-lg border border-slate-300 bg-white">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-3 pt-1">
        <h2 id="wire-title" className="shrink-0 text-sm font-semibold text-slate-900" title="Click a QP to inspect it; hover a packet for its headers">Hosts and wire</h2>
        {drops.map((d) => (
          <span key={d.i} role="status" className="rounded border border-red-600 bg-red-50 px-1 text-[10.5px] font-semibold text-red-900" data-testid={`drop-next-${d.i}`}>
            ✕ next {d.n} packet{d.n === 1 ? '' : 's'} from {names[d.i] ?? hostLetter(d.i)} will be lost
          </span>
        ))}
        {queues.length > 0 && (
          <span className="text-[11px] text-amber-900" data-testid="port-queue"
            title={`Packets the NIC has built wait for the port: ${queues.map((q) => `${names[q.i] ?? hostLetter(q.i)} ${q.n} packets, the newest waits ${durationText(q.ns)}`).join('; ')}`}>
            port queue {queues.map((q) => `${hostLetter(q.i)} ${durationText(q.ns)}`).join(' · ')}
          </span>
        )}
        {world && !world.wire.complete && <span className="text-[11px] text-slate-600" title="The trace kept in memory does not reach back to every packet still on the wire">some packets on the wire are not listed</span>}
        {t === 0 && packets.length === 0 && <span className="text-[11px] text-slate-600">Press Play (Space) or Step (→) to start the traffic</span>}
        {slow?.why && <span className="text-[11px] font-medium text-amber-900" data-testid="slowed-why" title={`Slow near events: playing at ${speedText(slow.speed)} near ${slow.why}, then back to your speed`}>▼ slowed to {speedText(slow.speed)}: {slow.why}</span>}
        <span className="ml-auto flex items-center gap-2">
          <WorkerSwitch testId="slow-near-events" value={slow?.on ?? false} onChange={(on) => transport().call('setSlowDown', on)}
            className="flex items-center gap-1 text-[11.5px] text-slate-800" inputClassName="h-3.5 w-3.5 accent-indigo-700"
            title="Playback eases down to 2 µs/s around a NAK, a lost packet, an error completion, a move to ERR or SQE, a retry or an RNR wait, then back to your speed"
            label="Slow near events" />
          <WireKey />
        </span>
      </div>
      {/* Narrow screens: the two hosts side by side, the wire below them at full width. */}
      <div className="grid min-h-0 flex-1 grid-cols-2 gap-0 px-2 pb-1.5 sm:grid-cols-[9.5rem_1fr_9.5rem] sm:grid-rows-[minmax(0,1fr)] 2xl:grid-cols-[11rem_1fr_11rem]">
        {hosts[0] && world ? <HostPanel host={0} view={hosts[0]} grid={world.grid} qps={world.qps} selected={selected} side="left" /> : <div />}
        <div ref={ref} className="relative [contain:strict] col-span-2 row-start-2 mt-1 min-h-[150px] min-w-0 sm:col-span-1 sm:row-start-auto sm:mt-0">
          {layout && (
            <svg role="img" aria-label={summary} width={W} height={H} className="absolute inset-0 block" data-testid="wire" data-lanes={layout.lanes.length}>
              <Lanes layout={layout} W={W} />
              {layout.items.map((it) => <Item key={it.kind === 'pill' ? it.p.id : `g${it.packets[0].id}`} it={it} selected={selected} why={whyPackets} />)}
            </svg>
          )}
        </div>
        {hosts[1] && world ? <HostPanel host={1} view={hosts[1]} grid={world.grid} qps={world.qps} selected={selected} side="right" /> : <div />}
      </div>
    </section>
  );
}

function Lanes({ layout, W }: { layout: WireLayout; W: number }) {
  const { trackL, trackR } = layout;
  return (
    <g>
      {layout.lanes.map((l) => {
        const y = l.lineY;
        const ab = l.from <= l.to;
        const to = ab ? trackR : trackL;
        const head = ab ? `M${to - 6},${y - 4} L${to},${y} L${to - 6},${y + 4}` : `M${to + 6},${y - 4} L${to},${y} L${to + 6},${y + 4}`;
        const band = l.mine ? 'var(--color-indigo-50)' : l.band % 2 ? 'var(--color-slate-50)' : 'var(--color-white)';
        return (
          <g key={l.key} data-testid="wire-lane" data-lane={l.key}>
            <rect x={0} y={l.top} width={W} height={l.h} fill={band} />
            <line x1={trackL + 2} x2={trackR - 2} y1={y} y2={y} stroke="var(--color-slate-300)" strokeWidth={2} strokeLinecap="round" />
            <path d={head} fill="none" stroke="var(--color-slate-500)" strokeWidth={1.6} />
            <text x={l.labelBox.x + l.labelBox.w / 2} y={l.labelBox.y + 9.5} textAnchor="middle" fontSize={LABEL_FONT} fontFamily="var(--font-mono)"
              fill={l.mine ? 'var(--color-indigo-900)' : 'var(--color-slate-600)'} fontWeight={l.mine ? 700 : 500} data-testid="lane-label">
              {l.labelText}{l.labelText !== l.label && <title>{l.label}</title>}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const touches = (p: PacketView, sel: { host: number; qpn: number } | null) => !!sel && ((p.src === sel.host && p.srcQpn === sel.qpn) || (p.dst === sel.host && p.dstQpn === sel.qpn));


function Item({ it, selected, why }: { it: WireItem; selected: { host: number; qpn: number } | null; why?: readonly number[] }) {
  const { box } = it;
  const cx = box.x + box.w / 2;
  if (it.kind === 'pill') {
    const mine = touches(it.p, selected);
    const inWhy = why?.includes(it.p.id) ?? false;
    const nak = it.style.key === 'NAK' || it.style.key === 'RNR';
    const stroke = inWhy ? 'var(--color-fuchsia-600)' : mine && it.phase === 'flying' ? 'var(--color-slate-900)' : it.stroke;
    return (
      <g data-testid="packet" data-op={it.p.op} data-phase={it.phase} data-psn={it.p.psn} data-progress={it.prog.toFixed(3)}>
        <title>{packetTitle(it.p)}</title>
        <rect x={box.x} y={box.y} width={box.w} height={box.h} rx={nak ? 2 : 6} fill={it.fill} stroke={stroke === 'none' ? undefined : stroke}
          strokeWidth={inWhy || mine ? 2 : 1.5} strokeDasharray={it.dashed ? '3 2' : undefined} />
        <PillText it={it} cx={cx} y={box.y} />
      </g>
    );
  }
  const mine = it.packets.some((p) => touches(p, selected));
  const listed = it.packets.slice(0, 12).map(packetTitle).join('\n');
  return (
    <g data-testid="packet-group" data-count={it.packets.length}>
      <title>{`${it.packets.length} packets here:\n${listed}${it.packets.length > 12 ? `\n… and ${it.packets.length - 12} more` : ''}`}</title>
      <rect x={box.x + STACK} y={box.y} width={box.w - STACK} height={box.h - STACK} rx={6} fill={it.fill} stroke="var(--color-white)" strokeWidth={1} />
      <rect x={box.x} y={box.y + STACK} width={box.w - STACK} height={box.h - STACK} rx={6} fill={it.fill} stroke={mine ? 'var(--color-slate-900)' : 'var(--color-white)'} strokeWidth={mine ? 2 : 1} />
      <PillText it={it} cx={box.x + (box.w - STACK) / 2} y={box.y + STACK} />
    </g>
  );
}

function PillText({ it, cx, y }: { it: WireItem; cx: number; y: number }) {
  return (
    <text textAnchor="middle" fontSize={PILL_FONT} fontFamily="var(--font-mono)" fill={it.text}>
      <tspan x={cx} y={y + 9.5} fontWeight={700}>{it.line1}</tspan>
      <tspan x={cx} y={y + 19.5}>{it.line2}</tspan>
    </text>
  );
}
