// Two hosts and the wire between them. Each host lists its QPs as chips (click to inspect);
// packets move along the wire by time, coloured by opcode and always labelled (op + PSN), so
// colour is never the only signal. Lost packets stop at mid-wire with an ✕ and fade.
import { useTransport } from '../../../store/transport.ts';
import type { HostView, PacketView, QpView } from '../../../worker/transport/types.ts';
import { OP_STYLES, hostLetter, qpnHex, stateColor } from '../format.ts';
import { useSize } from '../../kit/useSize.ts';
import { PILL_FONT, PILL_H, flightSummary, placePackets, type PlacedPacket } from './layout.ts';
import { useReducedMotion } from '../../kit/motion.ts';

/** Wall-clock seconds a lost packet's ✕ and an arrived packet stay visible, whatever the speed. */
const LOST_WALL_S = 1.6;
const ARRIVED_WALL_S = 0.25;
const EMPTY: PacketView[] = [];

export function WireView() {
  const world = useTransport((s) => s.frame?.world);
  const speed = useTransport((s) => s.frame?.speed ?? 2000);
  const selected = useTransport((s) => s.selected);
  const [ref, size] = useSize<HTMLDivElement>({ width: 400, height: 180 });

  const t = world?.t ?? 0;
  const hosts = world?.hosts ?? [];
  const lostLinger = Math.max(60, speed * LOST_WALL_S);
  const arriveLinger = Math.max(60, speed * ARRIVED_WALL_S);

  // The worker lists every packet whose flight ended within the longest linger (1.6 wall seconds
  // at this speed), so a loss or a NAK stays visible for a moment; layout fades each by its kind.
  const packets = world?.packets ?? EMPTY;

  const W = size.width;
  const H = size.height;
  const g = { x0: 38, x1: Math.max(80, W - 38) };
  // Reduced motion: packets step between five stops along the wire instead of flying.
  const placed = placePackets(packets, t, g, lostLinger, arriveLinger, useReducedMotion() ? 4 : 0);
  const gap = Math.max(70, Math.min(140, H * 0.5));
  const laneY = { ab: Math.round(H / 2 - gap / 2), ba: Math.round(H / 2 + gap / 2) };
  const names = hosts.map((h) => h.name);
  const summary = flightSummary(placed, names.length >= 2 ? names : ['Host A', 'Host B']);

  return (
    <section aria-labelledby="wire-title" className="[contain:content] flex min-h-0 min-w-0 flex-col rounded-lg border border-slate-300 bg-white">
      <div className="flex items-center justify-between gap-2 px-3 pt-1">
        <h2 id="wire-title" className="shrink-0 text-sm font-semibold text-slate-900" title="Click a QP to inspect it; hover a packet for its headers">Hosts and wire</h2>
        <Legend />
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-2 gap-0 px-2 pb-1.5 sm:grid-cols-[9.5rem_1fr_9.5rem] 2xl:grid-cols-[11rem_1fr_11rem]">
        {hosts[0] ? <HostPanel host={0} view={hosts[0]} qps={world!.qps.filter((q) => q.host === 0)} selected={selected} side="left" /> : <div />}
        <div ref={ref} className="relative col-span-2 row-start-2 mt-1 min-h-[150px] min-w-0 sm:col-span-1 sm:row-start-auto sm:mt-0">
          <svg role="img" aria-label={summary} width={W} height={H} className="absolute inset-0 block" data-testid="wire">
            <WireLanes H={H} laneY={laneY} hosts={hosts} g={g} />
            {placed.length === 0 && t === 0 && (
              <text x={W / 2} y={H / 2 - 4} textAnchor="middle" fontSize={12} fill="var(--color-slate-600)">
                <tspan x={W / 2}>Press Play (Space) or Step (→)</tspan>
                <tspan x={W / 2} dy={16}>to start the traffic</tspan>
              </text>
            )}
            {placed.map((o) => (
              <PacketGlyph key={o.p.id} o={o} y={laneY[o.dir]} mine={!!selected && ((o.p.src === selected.host && o.p.srcQpn === selected.qpn) || (o.p.dst === selected.host && o.p.dstQpn === selected.qpn))} />
            ))}
          </svg>
        </div>
        {hosts[1] ? <HostPanel host={1} view={hosts[1]} qps={world!.qps.filter((q) => q.host === 1)} selected={selected} side="right" /> : <div />}
      </div>
    </section>
  );
}

function WireLanes({ H, laneY, hosts, g }: { H: number; laneY: { ab: number; ba: number }; hosts: HostView[]; g: { x0: number; x1: number } }) {
  const a = hosts[0]?.name ?? 'Host A';
  const b = hosts[1]?.name ?? 'Host B';
  return (
    <g>
      {(['ab', 'ba'] as const).map((dir) => {
        const y = laneY[dir];
        const from = dir === 'ab' ? g.x0 : g.x1;
        const to = dir === 'ab' ? g.x1 : g.x0;
        const head = dir === 'ab' ? `M${to - 7},${y - 5} L${to},${y} L${to - 7},${y + 5}` : `M${to + 7},${y - 5} L${to},${y} L${to + 7},${y + 5}`;
        const sender = dir === 'ab' ? hosts[0] : hosts[1];
        const drops = sender?.dropNext ?? 0;
        return (
          <g key={dir}>
            <line x1={from} x2={to} y1={y} y2={y} stroke="var(--color-slate-400)" strokeWidth={3} strokeLinecap="round" />
            <path d={head} fill="none" stroke="var(--color-slate-500)" strokeWidth={2} />
            <text x={(g.x0 + g.x1) / 2} y={y + 3.5} textAnchor="middle" fontSize={10} fill="var(--color-slate-500)" fontWeight={600} paintOrder="stroke" stroke="var(--color-white)" strokeWidth={4}>
              {dir === 'ab' ? `${a} → ${b}` : `${b} → ${a}`}
            </text>
            {drops > 0 && (
              <g>
                <rect x={dir === 'ab' ? g.x0 - 6 : g.x1 - 150} y={dir === 'ab' ? 1 : H - 17} width={156} height={16} rx={4} fill="var(--color-red-100)" stroke="var(--color-red-600)" />
                <text x={dir === 'ab' ? g.x0 + 72 : g.x1 - 72} y={dir === 'ab' ? 12.5 : H - 5.5} textAnchor="middle" fontSize={10.5} fill="var(--color-red-900)" fontWeight={600}>
                  ✕ next {drops} packet{drops === 1 ? '' : 's'} will be lost
                </text>
              </g>
            )}
          </g>
        );
      })}
    </g>
  );
}

function PacketGlyph({ o, y, mine }: { o: PlacedPacket; y: number; mine: boolean }) {
  const dy = o.row === 0 ? -11 : 11;
  const cy = y + dy;
  const psnY = o.row === 0 ? cy - PILL_H / 2 - 3 : cy + PILL_H / 2 + 10;
  const nak = o.style.key === 'NAK' || o.style.key === 'RNR';
  const title = `${o.p.op}${o.p.syndrome && o.p.syndrome !== 'ACK' ? ` (${o.p.syndrome})` : ''} PSN ${o.p.psn}, ${o.p.bytes} bytes, ${hostLetter(o.p.src)}:${qpnHex(o.p.srcQpn)} → ${hostLetter(o.p.dst)}:${qpnHex(o.p.dstQpn)}${o.p.drop ? ` — LOST: ${o.p.drop}` : ''}`;
  return (
    <g data-testid="packet" data-op={o.p.op} data-phase={o.phase} data-progress={o.progress.toFixed(3)} opacity={o.opacity} transform={`translate(${o.x.toFixed(1)},0)`}>
      <title>{title}</title>
      <rect
        x={-o.w / 2} y={cy - PILL_H / 2} width={o.w} height={PILL_H} rx={nak ? 2 : 8.5}
        fill={o.phase === 'lost' ? 'var(--color-white)' : o.style.fill}
        stroke={o.phase === 'lost' ? o.style.fill : mine ? 'var(--color-slate-900)' : nak ? 'var(--color-red-950)' : 'none'}
        strokeWidth={o.phase === 'lost' ? 1.5 : mine ? 1.6 : 1}
        strokeDasharray={o.phase === 'lost' ? '3 2' : undefined}
      />
      <text y={cy + 3.6} textAnchor="middle" fontSize={PILL_FONT} fontFamily="var(--font-mono)" fontWeight={700} fill={o.phase === 'lost' ? o.style.fill : o.style.text}>
        {nak ? `! ${o.label}` : o.label}
      </text>
      {o.showPsn && (
        <text y={psnY} textAnchor="middle" fontSize={9.5} fontFamily="var(--font-mono)" fill="var(--color-slate-700)">{o.psnLabel}</text>
      )}
      {o.phase === 'lost' && (
        <g aria-hidden="true">
          <circle cx={0} cy={y} r={9} fill="var(--color-red-600)" />
          <path d={`M-4,${y - 4} L4,${y + 4} M4,${y - 4} L-4,${y + 4}`} stroke="var(--color-white)" strokeWidth={2.2} strokeLinecap="round" />
        </g>
      )}
    </g>
  );
}

function Legend() {
  const items = [OP_STYLES.SEND, OP_STYLES.WRITE, OP_STYLES.READ_REQ, OP_STYLES.READ_RESP, OP_STYLES.ATOMIC, OP_STYLES.ACK, OP_STYLES.RNR, OP_STYLES.NAK];
  const short: Record<string, string> = { SEND: 'SEND', WRITE: 'WRITE', READ_REQ: 'READ req', READ_RESP: 'READ resp', ATOMIC: 'ATOMIC', ACK: 'ACK', RNR: 'RNR NAK', NAK: 'NAK' };
  return (
    <ul aria-label="Packet colour legend" className="flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-0 text-[10.5px] text-slate-700">
      {items.map((s) => (
        <li key={s.key} className="flex items-center gap-1" title={s.label}>
          <span aria-hidden="true" className={`inline-block h-2.5 w-4 ${s.key === 'NAK' || s.key === 'RNR' ? 'rounded-[2px]' : 'rounded-full'}`} style={{ background: s.fill }} />
          {short[s.key]}
        </li>
      ))}
      <li className="flex items-center gap-1">
        <span aria-hidden="true" className="inline-flex h-3.5 w-3.5 items-center justify-center rounded-full bg-red-600 text-[9px] font-bold text-white">✕</span>
        lost
      </li>
      <li className="flex items-center gap-1" title="Packets of the selected QP are outlined">
        <span aria-hidden="true" className="inline-block h-2.5 w-4 rounded-full border-[1.5px] border-slate-900 bg-slate-300" />
        selected QP
      </li>
    </ul>
  );
}

function HostPanel({ host, view, qps, selected, side }: { host: number; view: HostView; qps: QpView[]; selected: { host: number; qpn: number } | null; side: 'left' | 'right' }) {
  const select = useTransport((s) => s.select);
  const whyQps = useTransport((s) => s.why?.qps);
  const cq = view.cqs[0];
  return (
    <div className={`flex min-h-0 flex-col gap-1 rounded-md border border-slate-300 bg-slate-50 p-1.5 ${side === 'left' ? 'mr-1' : 'ml-1'}`} aria-label={`${view.name}, GID ::ffff:10.0.0.${view.lid}`} role="group">
      <div className="flex items-baseline justify-between">
        <h3 className="text-[13px] font-bold text-slate-900">{view.name}</h3>
        <span className="font-mono text-[10.5px] text-slate-600" title={`RoCE: the peer is addressed by its GID ::ffff:10.0.0.${view.lid} (a GRH in the address vector)`}>GID …{view.lid}</span>
      </div>
      <ul className="flex min-h-0 flex-col gap-1 overflow-y-auto" aria-label={`QPs on ${view.name}`}>
        {qps.map((q) => {
          const on = selected?.host === q.host && selected.qpn === q.qpn;
          const c = stateColor(q.state);
          return (
            <li key={q.qpn}>
              <button
                type="button" data-testid={`qp-${host}-${qpnHex(q.qpn)}`} aria-pressed={on} data-state={q.state}
                aria-label={`QP ${qpnHex(q.qpn)}, ${q.type}, state ${q.state}${q.peer ? `, connected to ${hostLetter(q.peer.host)} ${qpnHex(q.peer.qpn)}` : ''}${on ? ', selected' : ''}`}
                onClick={() => select({ host: q.host, qpn: q.qpn })}
                data-why={whyQps?.includes(`${q.host}/${q.qpn}`) || undefined}
                className={`w-full rounded-md border-2 bg-white px-1.5 py-1 text-left transition-colors hover:bg-slate-100 ${on ? 'border-slate-900 shadow' : 'border-slate-200'} ${whyQps?.includes(`${q.host}/${q.qpn}`) ? 'outline outline-2 outline-offset-1 outline-fuchsia-600' : ''}`}
              >
                <span className="flex flex-wrap items-center justify-between gap-x-1">
                  <span className="whitespace-nowrap font-mono text-[12.5px] font-bold text-slate-900">QP {qpnHex(q.qpn)}</span>
                  <span className={`whitespace-nowrap rounded border px-1 font-mono text-[10.5px] font-bold ${c.badge}`}>
                    {q.verbsState}{q.state !== q.verbsState && <span className="text-[9px] font-semibold"> {q.state.replace(/^\S+ \((.*)\)$/, '$1')}</span>}
                  </span>
                </span>
                <span className="mt-0.5 block text-[10.5px] leading-tight text-slate-600">{q.type}{q.peer ? <> ↔ <span className="font-mono">{hostLetter(q.peer.host)}·{qpnHex(q.peer.qpn)}</span></> : ' · not connected'}</span>
                <span className="block font-mono text-[10.5px] leading-tight text-slate-600">SQ {q.sq.length}/{q.ctx.sq_depth} · RQ {q.rq.length}/{q.ctx.rq_depth}</span>
                {(q.fault || q.stalled || q.flushing) && (
                  <span className="mt-0.5 block truncate text-[10.5px] font-medium text-red-800" title={q.fault ?? q.stalled ?? 'flushing'}>
                    {q.flushing ? '⤓ flushing' : q.fault ? `⚠ ${q.fault}` : `‖ ${q.stalled}`}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {cq && (
        <p className="mt-auto font-mono text-[10.5px] text-slate-600" title="Completion queue 0 of this host: unpolled entries / depth">
          CQ 0: {cq.entries.length}/{cq.depth} unpolled
        </p>
      )}
    </div>
  );
}
