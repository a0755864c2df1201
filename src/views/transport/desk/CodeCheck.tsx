// "Check my modify_qp calls": paste the connection-setup code, and each ibv_modify_qp call is
// extracted by a real C parser (tree-sitter, in the desk's worker) and checked in order against
// the kernel's table and the profile's driver checks. The first refusal is shown with its reason
// and the call as it should be; values the paste leaves as variables are shown as symbolic.
import { useState } from 'react';
import { askDesk, type CodeReport } from '../../../bridge/diag.ts';
import type { CallVerdict } from '../../../core/diag/checkCalls.ts';

const EXAMPLE = `struct ibv_qp_attr init = {
\t.qp_state = IBV_QPS_INIT,
\t.port_num = 1,
\t.pkey_index = 0,
\t.qp_access_flags = IBV_ACCESS_REMOTE_WRITE,
};
ibv_modify_qp(qp, &init, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS);

struct ibv_qp_attr attr = {
\t.qp_state = IBV_QPS_RTR,
\t.path_mtu = IBV_MTU_1024,
\t.dest_qp_num = remote_qpn,
\t.rq_psn = remote_psn,
\t.max_dest_rd_atomic = 1,
\t.min_rnr_timer = 12,
};
int mask = IBV_QP_STATE | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN;
mask |= IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER;
if (ibv_modify_qp(qp, &attr, mask))
\treturn -1;`;

const sel = 'h-7 rounded-md border border-slate-400 bg-white px-1 text-[12px]';
const VERDICT: Record<CallVerdict['verdict'], string> = { ok: 'accepted', refused: 'EINVAL', unchecked: 'not checked', 'not-reached': 'not reached' };

function value(v: number | { symbolic: string }): string {
  return typeof v === 'number' ? String(v) : `${v.symbolic} (symbolic)`;
}

function Call({ v, k }: { v: CallVerdict; k: number }) {
  const r = v.result;
  const bad = v.verdict === 'refused';
  return (
    <li className={`rounded border p-1.5 ${bad ? 'border-red-500 bg-red-50' : 'border-slate-200'}`} data-testid="desk-call" data-verdict={v.verdict}>
      <p className="flex flex-wrap gap-x-2 text-[11px]">
        <span className="font-semibold">call {k + 1}, line {v.call.line}</span>
        <span className="font-mono">{v.call.qp}: {v.from} → {v.to}</span>
        <span className={`rounded px-1 font-mono font-bold ${bad ? 'bg-red-700 text-white' : v.verdict === 'ok' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-700'}`}>{VERDICT[v.verdict]}</span>
      </p>
      <p className="break-all font-mono text-[11px] text-slate-700">mask: {v.call.mask.names.join(' | ') || '0'}{v.call.mask.symbolic.length > 0 && <> | <i>{v.call.mask.symbolic.join(' | ')} (symbolic)</i></>}</p>
      {Object.keys(v.call.attrs).length > 0 && (
        <p className="break-all font-mono text-[10px] text-slate-600">{Object.entries(v.call.attrs).map(([f, x]) => `${f} = ${value(x)}`).join(', ')}</p>
      )}
      {r?.ok && 'notes' in r && r.notes.map((n) => <p key={n} className="text-[11px] text-slate-700">note: {n}</p>)}
      {bad && r && !r.ok && (
        <div className="mt-1 text-[12px] text-red-950" data-testid="desk-refusal">
          <p><b>{r.errno}</b>: {r.reason === 'missing-attributes' ? `missing ${r.missing.join(', ')}` : r.reason === 'unexpected-attributes' ? `not taken by this transition: ${r.unexpected.join(', ')}` : r.reason === 'invalid-transition' ? 'not a legal transition' : 'a value is refused'} — {v.fix}</p>
          {v.fixed && <p>As it should be: <code className="break-all font-mono" data-testid="desk-fixed">{v.fixed}</code></p>}
        </div>
      )}
    </li>
  );
}

export function CodeCheck({ defaultProfile }: { defaultProfile: string }) {
  const [code, setCode] = useState(EXAMPLE);
  const [type, setType] = useState<'RC' | 'UC' | 'UD'>('RC');
  const [profile, setProfile] = useState<'ibta' | 'rxe' | 'mlx5'>(defaultProfile === 'rxe' || defaultProfile === 'mlx5' ? defaultProfile : 'ibta');
  const [start, setStart] = useState<'RESET' | 'INIT' | 'RTR' | 'RTS' | 'ERR'>('RESET');
  const [devinfo, setDevinfo] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<CodeReport | null>(null);
  const check = async () => {
    setBusy(true);
    const r = await askDesk((a) => a.check({ code, type, profile, devinfo, start }), (error): CodeReport => ({ ok: false, error }));
    setBusy(false);
    setReport(r);
  };
  return (
    <div className="flex flex-col gap-2 text-[12px]">
      <label className="flex flex-col gap-0.5">Connection-setup code: struct ibv_qp_attr assignments or designated initialisers, and the ibv_modify_qp calls
        <textarea className="h-48 rounded border border-slate-400 p-1 font-mono text-[11px]" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} data-testid="desk-code" />
      </label>
      <div className="flex flex-wrap items-center gap-1.5">
        <select className={sel} aria-label="QP type" value={type} onChange={(e) => setType(e.target.value as typeof type)} data-testid="desk-code-type"><option>RC</option><option>UC</option><option>UD</option></select>
        <select className={sel} aria-label="Driver profile" value={profile} onChange={(e) => setProfile(e.target.value as typeof profile)} data-testid="desk-code-profile"><option value="ibta">IBTA</option><option value="rxe">rxe</option><option value="mlx5">mlx5</option></select>
        <select className={sel} aria-label="The QP's state before the first call" value={start} onChange={(e) => setStart(e.target.value as typeof start)} data-testid="desk-code-start">
          {(['RESET', 'INIT', 'RTR', 'RTS', 'ERR'] as const).map((s) => <option key={s} value={s}>{s === 'RESET' ? 'QP starts in RESET (after create)' : `QP starts in ${s}`}</option>)}
        </select>
        <button type="button" disabled={busy} className="rounded-md border border-blue-700 bg-blue-700 px-3 py-0.5 font-medium text-white disabled:opacity-50" onClick={() => void check()} data-testid="desk-code-check">{busy ? 'Checking…' : 'Check the calls'}</button>
      </div>
      <details>
        <summary className="cursor-pointer">The device's caps (paste <code>ibv_devinfo -v</code>; empty: the model's device)</summary>
        <textarea className="mt-1 h-24 w-full rounded border border-slate-400 p-1 font-mono text-[11px]" spellCheck={false} value={devinfo} onChange={(e) => setDevinfo(e.target.value)} aria-label="ibv_devinfo -v output" />
      </details>
      {report && !report.ok && <p role="alert" className="text-red-800" data-testid="desk-code-error">{report.error}</p>}
      {report?.ok && (
        <div data-testid="desk-code-result">
          <p className="font-medium" role="status">{report.verdict.firstRefusal < 0 ? `Every call is accepted (${report.verdict.calls.length}, checked under ${profile} against the ${report.caps === 'pasted' ? 'pasted' : "model's"} device).` : `Call ${report.verdict.firstRefusal + 1} of ${report.verdict.calls.length} is refused, as the kernel would refuse it:`}</p>
          <ol className="mt-1 flex flex-col gap-1">{report.verdict.calls.map((v, k) => <Call key={k} v={v} k={k} />)}</ol>
        </div>
      )}
    </div>
  );
}
