// Post work to the selected QP and break things on purpose: make the next WR fail with a
// chosen status, lose packets on the wire, take the QP to ERR by hardware or by modify, reset
// it — and switch the background workloads on and off. Every button sends one command.
import { useState, type ReactNode } from 'react';
import { cmd, type SendWr } from '../../../bridge/labs.ts';
import { run, type ActionResult } from '../act.ts';
import { useTransport } from '../../../store/transport.ts';
import type { CommandInput, InjectableStatus, SendOpcode } from '../../../core/index.ts';
import type { QpView } from '../../../worker/transport/types.ts';
import { durationText, hex, hostLetter, qpnHex } from '../format.ts';
import { WorkerSwitch } from '../../kit/controls.tsx';
import { KeysPanel } from './KeysPanel.tsx';
import { SrqDestroyPanel } from './SrqDestroyPanel.tsx';
import { CountersPanel } from './CountersPanel.tsx';

let nextWrId = 1;

/** The statuses a QP of `type` can be made to fail with: the reference's table is the core's INJECTABLE, keyed by them. */
const injectableFor = (table: Record<string, { transports: readonly string[] }>, type: string) =>
  Object.keys(table).filter((s): s is InjectableStatus => table[s].transports.includes(type));

const btn = 'rounded-md border px-2 py-1 text-xs font-semibold disabled:opacity-40';
const field = 'min-w-0 rounded border border-slate-300 bg-white px-1 py-0.5 font-mono text-[12px]';

function Box({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-md border border-slate-200 p-2">
      <h3 id={id} className="mb-1 text-[12px] font-semibold text-slate-800">{title}</h3>
      {children}
    </section>
  );
}

export function PostFaults({ qp }: { qp: QpView }) {
  const ref = useTransport((s) => s.reference);
  const world = useTransport((s) => s.frame?.world);
  const [result, setResult] = useState<ActionResult | null>(null);
  const opcodes = ref ? Object.keys(ref.opcodes).filter((o) => ref.opcodes[o].includes(qp.type)) : [];
  const [opcode, setOpcode] = useState('IBV_WR_SEND');
  const [length, setLength] = useState(1024);
  const [signaled, setSignaled] = useState(true);
  const [recvLen, setRecvLen] = useState(4096);
  // UD QPs first; connected QPs are offered too, so a learner can watch the responder drop a
  // datagram of the wrong transport (rxe check_type_state).
  const udTargets = (world?.qps ?? []).filter((q) => !(q.host === qp.host && q.qpn === qp.qpn)).sort((x, y) => Number(x.type !== 'UD') - Number(y.type !== 'UD'));
  const [udDest, setUdDest] = useState('');
  const [qkey, setQkey] = useState('0x11111111');
  const statuses = ref ? injectableFor(ref.injectable, qp.type) : [];
  const [status, setStatus] = useState('IBV_WC_RETRY_EXC_ERR');
  const [dropN, setDropN] = useState(3);
  const [dropDir, setDropDir] = useState('0');
  if (!ref || !world) return null;

  const op = opcodes.includes(opcode) ? opcode : opcodes[0];
  const atomic = op?.startsWith('IBV_WR_ATOMIC');
  const st = statuses.find((s) => s === status) ?? statuses.at(0);
  const how = st ? ref.injectable[st].how : '';
  const dest = udTargets.find((q) => `${q.host}/${q.qpn}` === udDest) ?? udTargets[0];
  const hosts = world.hosts;
  const act = async (c: CommandInput, what: string) => setResult(await run(c, what));

  const postSend = () => {
    const wrId = nextWrId++;
    const wr: SendWr = { wrId, opcode: op as SendOpcode, length: atomic ? 8 : length, signaled };
    if (qp.type === 'UD') {
      if (!dest) { setResult({ ok: false, text: '✕ a UD send needs a destination QP on another host' }); return; }
      wr.ud = { host: dest.host, qpn: dest.qpn, qkey: parseInt(qkey.replace(/^0x/i, ''), 16) >>> 0 };
    }
    void act(cmd.postSend(qp.host, qp.qpn, wr), `ibv_post_send ${op.replace('IBV_WR_', '')} wr_id ${wrId}`);
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-3 pb-2 pt-2 text-[12px]">
      <p role="status" data-testid="action-result" className={`min-h-[1.5rem] rounded px-2 py-0.5 ${result ? (result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900') : 'text-slate-500'}`}>
        {result ? result.text : `Actions below apply to QP ${qpnHex(qp.qpn)} (${qp.type}, ${qp.state}) at t = ${(world.t / 1000).toFixed(3)} µs.`}
      </p>

      <div className="grid grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] gap-2">
        <Box title="ibv_post_send" id="pf-send">
          <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-2 gap-y-1">
            <label htmlFor="pf-opcode">opcode</label>
            <select id="pf-opcode" data-testid="post-opcode" value={op} onChange={(e) => setOpcode(e.target.value)} className={field}>
              {opcodes.map((o) => <option key={o} value={o}>{o.replace('IBV_WR_', '')}</option>)}
            </select>
            <label htmlFor="pf-len">length (B)</label>
            <input id="pf-len" data-testid="post-length" type="number" min={0} max={1 << 30} value={atomic ? 8 : length} disabled={atomic}
              onChange={(e) => setLength(Math.max(0, Math.trunc(Number(e.target.value) || 0)))} className={field} />
            {qp.type === 'UD' && (
              <>
                <label htmlFor="pf-dest">dest QP</label>
                <select id="pf-dest" data-testid="post-ud-dest" value={dest ? `${dest.host}/${dest.qpn}` : ''} onChange={(e) => setUdDest(e.target.value)} className={field}>
                  {udTargets.length === 0 && <option value="">(no UD QP elsewhere)</option>}
                  {udTargets.map((q) => <option key={`${q.host}/${q.qpn}`} value={`${q.host}/${q.qpn}`}>{hostLetter(q.host)}·{qpnHex(q.qpn)}{q.type === 'UD' ? '' : ` (${q.type}: dropped)`}</option>)}
                </select>
                <label htmlFor="pf-qkey">remote_qkey</label>
                <input id="pf-qkey" data-testid="post-ud-qkey" value={qkey} onChange={(e) => setQkey(e.target.value)} className={field} spellCheck={false} />
              </>
            )}
          </div>
          <label className="mt-1 flex items-center gap-1"><input type="checkbox" data-testid="post-signaled" checked={signaled} onChange={(e) => setSignaled(e.target.checked)} /> IBV_SEND_SIGNALED</label>
          {atomic && <p className="text-[11px] text-slate-500">Atomics are always 8 bytes.</p>}
          <button type="button" data-testid="post-send" onClick={postSend} className={`${btn} mt-1 w-full border-blue-700 bg-blue-700 text-white hover:bg-blue-800`}>Post send</button>
        </Box>
        <Box title="ibv_post_recv" id="pf-recv">
          <label htmlFor="pf-rlen" className="mr-2">length (B)</label>
          <input id="pf-rlen" data-testid="recv-length" type="number" min={0} max={1 << 30} value={recvLen} onChange={(e) => setRecvLen(Math.max(0, Math.trunc(Number(e.target.value) || 0)))} className={`${field} w-20`} />
          <p className="mt-1 text-[11px] text-slate-500">A receive is needed for every SEND that arrives; without one, RC answers RNR NAK.</p>
          <button type="button" data-testid="post-recv" onClick={() => { const wrId = nextWrId++; void act(cmd.postRecv(qp.host, qp.qpn, wrId, recvLen), `ibv_post_recv wr_id ${wrId}`); }}
            className={`${btn} mt-1 w-full border-teal-700 bg-teal-700 text-white hover:bg-teal-800`}>Post receive</button>
        </Box>
      </div>

      <Box title="Faults" id="pf-faults">
        <div className="flex flex-wrap items-center gap-1.5">
          <label htmlFor="pf-status">Make the next WR fail with</label>
          <select id="pf-status" data-testid="fault-status" value={st ?? ''} onChange={(e) => setStatus(e.target.value)} className={field} aria-describedby="pf-how">
            {statuses.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
          <button type="button" data-testid="fault-fail-next" disabled={!st} onClick={() => { if (st) void act(cmd.failNextWr(qp.host, qp.qpn, st), `next WR on ${qpnHex(qp.qpn)} will fail with ${st}`); }}
            className={`${btn} border-red-700 bg-white text-red-800 hover:bg-red-50`}>Arm</button>
        </div>
        <p id="pf-how" className="mt-0.5 text-[11px] text-slate-600">How: {how}.</p>

        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <label htmlFor="pf-dropn">Drop the next</label>
          <input id="pf-dropn" data-testid="drop-count" type="number" min={1} max={1000} value={dropN} onChange={(e) => setDropN(Math.max(1, Math.min(1000, Math.trunc(Number(e.target.value) || 1))))} className={`${field} w-14`} />
          <label htmlFor="pf-dropdir">packets leaving</label>
          <select id="pf-dropdir" data-testid="drop-direction" value={dropDir} onChange={(e) => setDropDir(e.target.value)} className={field}>
            {hosts.map((h, i) => <option key={h.name} value={String(i)}>{h.name} ({hostLetter(i)}→{hostLetter(1 - i)})</option>)}
            <option value="both">both hosts</option>
          </select>
          <button type="button" data-testid="drop-packets" onClick={() => void act(cmd.dropPackets(dropN, dropDir === 'both' ? undefined : Number(dropDir)), `the next ${dropN} packet(s) ${dropDir === 'both' ? 'from each host' : `from ${hosts[Number(dropDir)]?.name}`} will be lost`)}
            className={`${btn} border-red-700 bg-white text-red-800 hover:bg-red-50`}>Drop</button>
        </div>

        <div className="mt-2 grid grid-cols-3 gap-1.5">
          <button type="button" data-testid="qp-fatal" onClick={() => void act(cmd.qpFatal(qp.host, qp.qpn), `hardware fatal error on ${qpnHex(qp.qpn)}`)}
            className={`${btn} border-red-700 bg-red-700 text-white hover:bg-red-800`} title="The NIC raises a catastrophic error (WQ_CATAS_ERROR → IBV_EVENT_QP_FATAL) and moves the QP to ERR">
            Move QP to ERR<span className="block text-[10px] font-normal">(hardware fatal error)</span>
          </button>
          <button type="button" data-testid="modify-err" onClick={() => void act(cmd.moveTo(qp.host, qp.qpn, 'ERR'), `ibv_modify_qp(${qpnHex(qp.qpn)}, ERR)`)}
            className={`${btn} border-red-700 bg-white text-red-800 hover:bg-red-50`} title="Software moves the QP to ERR: outstanding WRs flush">
            Modify to ERR<span className="block text-[10px] font-normal">(ibv_modify_qp)</span>
          </button>
          <button type="button" data-testid="reset-qp" onClick={() => void act(cmd.moveTo(qp.host, qp.qpn, 'RESET'), `ibv_modify_qp(${qpnHex(qp.qpn)}, RESET)`)}
            className={`${btn} border-slate-600 bg-white text-slate-800 hover:bg-slate-100`} title="Modify to RESET: queued WRs are discarded without completions">
            Reset QP<span className="block text-[10px] font-normal">(modify to RESET)</span>
          </button>
        </div>
      </Box>

      <KeysPanel qp={qp} />
      <SrqDestroyPanel qp={qp} />

      <Box title="Workloads (the application's traffic)" id="pf-work">
        <ul className="space-y-1">
          {world.workloads.map((w) => {
            const q = world.qps.find((x) => x.host === w.host && x.qpn === w.qpn);
            return (
              <li key={w.id} className="flex items-center gap-2">
                <WorkerSwitch testId={`workload-${w.id}`} value={w.on} className="flex flex-1 items-center gap-2" inputClassName="h-4 w-4 accent-green-700"
                  onChange={(on) => act(cmd.traffic(w.id, on), `workload "${w.id}" ${on ? 'on' : 'off'}`)}
                  label={<>
                    <span className="whitespace-nowrap font-semibold">{w.id}</span>
                    <span className="text-[11px] text-slate-600">
                      {w.opcode.replace('IBV_WR_', '')} {w.length} B every {durationText(w.intervalNs)}{q ? ` on ${hostLetter(q.host)}·${qpnHex(q.qpn)}` : ''} · posted {w.posted}
                    </span>
                  </>} />
                <span className={`rounded px-1 text-[10.5px] font-bold ${w.on ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-600'}`}>{w.on ? 'ON' : 'OFF'}</span>
              </li>
            );
          })}
          {world.workloads.length === 0 && <li className="text-slate-500">This scenario has no workloads.</li>}
        </ul>
      </Box>
      <CountersPanel />
      <p className="text-[11px] text-slate-500">Q_Key default {hex(0x11111111)}; wr_ids you post here start at 1.</p>
    </div>
  );
}
