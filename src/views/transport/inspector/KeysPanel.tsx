// Memory regions and keys for the selected QP's host: each MR with its keys, access, state and
// the first bytes the model keeps; register and deregister; a keyed post; and fault buttons that
// cause an error for real (a wrong rkey, a buffer registered without REMOTE_WRITE) instead of
// injecting one. The log and the inspector's "why?" name the check that failed.
import { useState } from 'react';
import type { AccessName, SendOpcode } from '../../../core/index.ts';
import { cmd, transport, type SendWr } from '../../../bridge/labs.ts';
import { useTransport } from '../../../store/transport.ts';
import type { MrView, QpView } from '../../../worker/transport/types.ts';
import { run, type ActionResult } from '../act.ts';
import { hex, hostLetter } from '../format.ts';

let nextWrId = 5000;
const btn = 'rounded-md border px-2 py-0.5 text-[11.5px] font-semibold disabled:opacity-40';
const field = 'min-w-0 rounded border border-slate-300 bg-white px-1 py-0.5 font-mono text-[11.5px]';
const ACCESS_SHORT: Record<string, string> = { IBV_ACCESS_LOCAL_WRITE: 'LW', IBV_ACCESS_REMOTE_WRITE: 'RW', IBV_ACCESS_REMOTE_READ: 'RR', IBV_ACCESS_REMOTE_ATOMIC: 'RA' };
const WRONG = -1;

function MrRow({ m, onDereg }: { m: MrView; onDereg(): void }) {
  return (
    <tr className={`border-b border-slate-100 ${m.valid ? '' : 'text-slate-500 line-through decoration-slate-400'}`} data-testid={`mr-${hex(m.lkey)}`}>
      <td className="pr-1 font-mono">{hex(m.lkey)}</td>
      <td className="pr-1 font-mono">{hex(m.addr)}+{m.length}</td>
      <td className="pr-1" title={m.access.join(' | ') || 'local read only'}>{m.access.map((a) => ACCESS_SHORT[a]).join(' ') || 'none'}</td>
      <td className="pr-1 font-mono text-[10.5px]" title="the first 8-byte words of the buffer">{m.words.slice(0, 4).map((x, i) => <span key={i} className="mr-1 inline-block whitespace-nowrap">{hex(x)}</span>)}</td>
      <td>{m.valid
        ? <button type="button" className={`${btn} border-red-700 bg-white text-red-800 hover:bg-red-50`} data-testid={`dereg-${hex(m.lkey)}`} onClick={onDereg}>Deregister</button>
        : <span className="no-underline">dereg. {(m.deregAt / 1000).toFixed(1)} µs</span>}</td>
    </tr>
  );
}

export function KeysPanel({ qp }: { qp: QpView }) {
  const world = useTransport((s) => s.frame?.world);
  const ref = useTransport((s) => s.reference);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [len, setLen] = useState(8192);
  const [access, setAccess] = useState<AccessName[]>(['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE', 'IBV_ACCESS_REMOTE_READ', 'IBV_ACCESS_REMOTE_ATOMIC']);
  const [opcode, setOpcode] = useState('IBV_WR_RDMA_WRITE');
  const [size, setSize] = useState(64);
  const [lkey, setLkey] = useState(0);
  const [rkey, setRkey] = useState(0);
  const [inline, setInline] = useState(false);
  if (!world || !ref) return null;
  const mine = world.mrs.filter((m) => m.host === qp.host);
  const peer = qp.peer;
  const theirs = peer ? world.mrs.filter((m) => m.host === peer.host) : [];
  const opcodes = Object.keys(ref.opcodes).filter((o) => ref.opcodes[o].includes(qp.type));
  const op = (opcodes.includes(opcode) ? opcode : opcodes[0]) as SendOpcode;
  const remoteOp = op.includes('RDMA') || op.includes('ATOMIC');
  const local = mine.find((m) => m.lkey === lkey) ?? mine.find((m) => m.valid);
  const remote = rkey === WRONG ? undefined : theirs.find((m) => m.rkey === rkey) ?? theirs.find((m) => m.valid);
  const act = async (c: Parameters<typeof run>[0], what: string) => setResult(await run(c, what));

  /** A keyed post from this host's buffer; `to` overrides the remote buffer (rkey and address). */
  const post = (opc: SendOpcode, to?: { rkey: number; addr: number }, what?: string) => {
    if (!local) { setResult({ ok: false, text: '✕ register a buffer on this host first' }); return; }
    const wrId = nextWrId++;
    const n = opc.includes('ATOMIC') ? 8 : size;
    const wr: SendWr = { wrId, opcode: opc, length: n, sgl: [{ addr: local.addr, length: n, lkey: local.lkey }], imm: opc.includes('IMM') ? wrId : undefined, inline: inline && !to ? true : undefined };
    if (opc.includes('RDMA') || opc.includes('ATOMIC')) wr.rdma = to ?? (rkey === WRONG || !remote ? { addr: 0x10000, rkey: 0xdead00 } : { addr: remote.addr, rkey: remote.rkey });
    if (opc.includes('ATOMIC')) wr.atomic = { compareAdd: 1 };
    void act(cmd.postSend(qp.host, qp.qpn, wr), what ?? `post ${opc.replace('IBV_WR_', '')} wr_id ${wrId} lkey ${hex(local.lkey)}${wr.rdma ? ` rkey ${hex(wr.rdma.rkey)}` : ''}`);
  };
  /** A buffer registered without REMOTE_WRITE on the peer, then a WRITE into it: the responder's access check fails. */
  const noRemoteWrite = async () => {
    if (!qp.peer) return;
    const peer = qp.peer;
    try {
      const r = await transport().call('command', cmd.regMr(peer.host, 4096, ['IBV_ACCESS_LOCAL_WRITE']));
      if (!r.ok || r.rkey === undefined || r.addr === undefined) { setResult({ ok: false, text: `✕ ibv_reg_mr refused: ${r.error ?? ''}` }); return; }
      post('IBV_WR_RDMA_WRITE', { rkey: r.rkey, addr: r.addr }, `RDMA WRITE into ${hostLetter(peer.host)}'s new MR ${hex(r.rkey)}, registered without REMOTE_WRITE`);
    } catch (e) {
      setResult({ ok: false, text: `✕ ${(e as Error).message}` });
    }
  };

  return (
    <section aria-labelledby="pf-keys" className="min-w-0 rounded-md border border-slate-200 p-2" data-testid="keys-panel">
      <h3 id="pf-keys" className="mb-1 text-[12px] font-semibold text-slate-800">Memory regions and keys on {world.hosts[qp.host]?.name}</h3>
      <p role="status" data-testid="keys-result" className={`mb-1 min-h-[1.2rem] rounded px-1 text-[11px] ${result ? (result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900') : 'text-slate-500'}`}>
        {result ? result.text : 'lkey = rkey in this model (as mlx5\'s mkey). Deregister a buffer the peer is writing into to see its rkey check fail.'}
      </p>
      <table className="w-full text-[11px]">
        <thead><tr className="text-left text-slate-600"><th>key</th><th>addr+len</th><th>access</th><th>first words</th><th /></tr></thead>
        <tbody>{mine.map((m) => <MrRow key={m.lkey} m={m} onDereg={() => void act(cmd.deregMr(qp.host, m.lkey), `ibv_dereg_mr(${hex(m.lkey)})`)} />)}</tbody>
      </table>
      <div className="mt-1 flex flex-wrap items-center gap-1.5">
        <label htmlFor="kp-len">ibv_reg_mr length</label>
        <input id="kp-len" type="number" min={1} max={1 << 30} value={len} onChange={(e) => setLen(Math.max(1, Math.trunc(Number(e.target.value) || 1)))} className={`${field} w-20`} />
        {(['IBV_ACCESS_LOCAL_WRITE', 'IBV_ACCESS_REMOTE_WRITE', 'IBV_ACCESS_REMOTE_READ', 'IBV_ACCESS_REMOTE_ATOMIC'] as const).map((a) => (
          <label key={a} className="flex items-center gap-0.5" title={a}>
            <input type="checkbox" data-testid={`reg-${ACCESS_SHORT[a]}`} checked={access.includes(a)} onChange={(e) => setAccess(e.target.checked ? [...access, a] : access.filter((x) => x !== a))} />{ACCESS_SHORT[a]}
          </label>
        ))}
        <button type="button" data-testid="reg-mr" className={`${btn} border-slate-600 bg-white text-slate-800 hover:bg-slate-100`} onClick={() => void act(cmd.regMr(qp.host, len, access), `ibv_reg_mr(${len} B, ${access.map((a) => ACCESS_SHORT[a]).join('|') || 'no access'})`)}>Register</button>
      </div>
      <div className="mt-1.5 grid grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-x-1.5 gap-y-1">
        <label htmlFor="kp-op">keyed post</label>
        <select id="kp-op" data-testid="keyed-opcode" value={op} onChange={(e) => setOpcode(e.target.value)} className={field}>{opcodes.map((o) => <option key={o} value={o}>{o.replace('IBV_WR_', '')}</option>)}</select>
        <label htmlFor="kp-size">bytes</label>
        <input id="kp-size" type="number" min={0} value={op.includes('ATOMIC') ? 8 : size} disabled={op.includes('ATOMIC')} onChange={(e) => setSize(Math.max(0, Math.trunc(Number(e.target.value) || 0)))} className={field} />
        <label htmlFor="kp-lkey">lkey</label>
        <select id="kp-lkey" data-testid="keyed-lkey" value={local?.lkey ?? 0} onChange={(e) => setLkey(Number(e.target.value))} className={field}>{mine.map((m) => <option key={m.lkey} value={m.lkey}>{hex(m.lkey)}{m.valid ? '' : ' (dereg.)'}</option>)}</select>
        <label htmlFor="kp-rkey">rkey</label>
        <select id="kp-rkey" data-testid="keyed-rkey" disabled={!remoteOp} value={rkey === WRONG ? WRONG : remote?.rkey ?? 0} onChange={(e) => setRkey(Number(e.target.value))} className={field}>
          {theirs.map((m) => <option key={m.rkey} value={m.rkey}>{hex(m.rkey)}{m.valid ? '' : ' (dereg.)'}</option>)}
          <option value={WRONG}>a wrong rkey</option>
        </select>
      </div>
      <div className="mt-1 flex flex-wrap gap-1.5">
 <label className="flex items-center gap-1" title="IBV_SEND_INLINE: the data is copied into the WQE at post; the lkey is not checked (sends and writes only, up to max_inline_data)">
          <input type="checkbox" data-testid="keyed-inline" checked={inline} onChange={(e) => setInline(e.target.checked)} />inline
        </label>
        <button type="button" data-testid="keyed-post" className={`${btn} border-blue-700 bg-blue-700 text-white hover:bg-blue-800`} onClick={() => post(op)}>Post keyed WR</button>
        <button type="button" data-testid="cause-bad-rkey" disabled={!qp.peer || !theirs.length} className={`${btn} border-red-700 bg-white text-red-800 hover:bg-red-50`}
          title="An RDMA WRITE whose rkey names no MR on the peer: the responder's rkey check NAKs it"
          onClick={() => post('IBV_WR_RDMA_WRITE', { rkey: 0xdead00, addr: theirs[0].addr }, `RDMA WRITE with rkey 0xdead00, which names no MR on ${peer ? hostLetter(peer.host) : 'the peer'}`)}>Cause: WRITE with a wrong rkey</button>
        <button type="button" data-testid="cause-no-remote-write" disabled={!qp.peer} className={`${btn} border-red-700 bg-white text-red-800 hover:bg-red-50`}
          title="Register a buffer on the peer without IBV_ACCESS_REMOTE_WRITE, then RDMA WRITE into it"
          onClick={() => void noRemoteWrite()}>Cause: register without REMOTE_WRITE, then WRITE</button>
      </div>
    </section>
  );
}
