// ibv_modify_qp, as a student meets it: pick a target state, see every IBV_QP_* attribute
// marked required / optional / not allowed for this transport and transition (the kernel
// table), fill values, submit, and read the device's exact answer — with the equivalent C.
import { useState } from 'react';
import { cmd, transport } from '../../../bridge/labs.ts';
import { transportStore, useTransport, qpKey, type Draft } from '../../../store/transport.ts';
import type { QpView } from '../../../worker/transport/types.ts';
import { ACCESS_FLAGS, MIG_STATES, MTU_BYTES, STATE_COLOR, baseState, hex, qpnHex, rnrTimerText, timeoutText } from '../format.ts';
import { ATTR_META, NO_STATE_CHANGE, buildCommand, classify, fillRequired, generateC, startDraft, type Classified, type Cls } from './model.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { refusalWords } from '../refusal.ts';
import { AnswerFirst, HELD_TITLE, heldBy } from '../../kit/mask.tsx';
import { useTransportMask } from '../mask.ts';

const NEXT: Record<string, string> = { RESET: 'INIT', INIT: 'RTR', RTR: 'RTS', RTS: 'RTS', SQD: 'RTS', SQE: 'RTS', ERR: 'RESET' };

const CLS_STYLE: Record<Cls, { label: string; badge: string; heading: string }> = {
  required: { label: 'required', badge: 'bg-blue-700 text-white border-blue-800', heading: 'Required' },
  optional: { label: 'optional', badge: 'bg-white text-slate-700 border-slate-400', heading: 'Optional' },
  'not-allowed': { label: 'not allowed', badge: 'bg-slate-100 text-slate-600 border-slate-300', heading: 'Not allowed for this transition' },
};

/** Orders replies, so a view can tell a new answer from the same one. */
let replySeq = 0;

export function ModifyPanel({ qp }: { qp: QpView }) {
  const ref = useTransport((s) => s.reference);
  const allQps = useTransport((s) => s.frame?.world.qps);
  const hosts = useTransport((s) => s.frame?.world.hosts);
  const inLesson = useTransport((s) => s.frame?.lesson != null);
  // On an open question the table's verdict and the device's reply would answer it: answer first.
  const checkMasked = useTransportMask('modify-check');
  const held = useTransport((s) => heldBy(s.frame?.lesson?.question));
  // … and so would the table's required / optional / not-allowed marks: one unmarked list instead.
  const tableMasked = useTransportMask('modify-table');
  const key = qpKey(qp.host, qp.qpn);
  const stored = useTransport((s) => s.drafts[key]);
  const reply = useTransport((s) => (s.modifyReply?.key === key ? s.modifyReply : null));
  const [busy, setBusy] = useState(false);
  if (!ref || !allQps) return null;

  const draft: Draft = stored ?? startDraft(qp, NEXT[qp.verbsState] ?? 'RTS');
  const c = classify(ref, qp.type, qp.verbsState, draft);
  const setDraft = (d: Draft) => transportStore.getState().setDraft(key, d);
  const setTarget = (target: string) => {
    const checked = draft.checked.filter((a) => a !== 'IBV_QP_STATE');
    setDraft({ ...draft, target, checked: target === NO_STATE_CHANGE ? checked : ['IBV_QP_STATE', ...checked] });
    transportStore.getState().setModifyReply(null);
  };
  const toggle = (a: string) => {
    if (a === 'IBV_QP_STATE') { setTarget(draft.checked.includes(a) ? NO_STATE_CHANGE : c.from); return; }
    const on = !draft.checked.includes(a);
    const key = ATTR_META[a]?.key;
    // Including a yes/no attribute almost always means "yes": start it at 1.
    const values = on && ATTR_META[a]?.input === 'bool' && key && !Number(draft.values[key]) ? { ...draft.values, [key]: 1 } : draft.values;
    setDraft({ ...draft, values, checked: on ? [...draft.checked, a] : draft.checked.filter((x) => x !== a) });
  };
  const setValue = (k: string, v: number | string) => setDraft({ ...draft, values: { ...draft.values, [k]: v } });
  const hostLid = (h: number) => hosts?.[h]?.lid ?? h + 1;

  const submit = async () => {
    const { mask, attrs } = buildCommand(ref.attrNames, draft);
    setBusy(true);
    try {
      const r = await transport().call('command', cmd.modifyQp(qp.host, qp.qpn, mask, attrs));
      const after = r.frame.world.qps.find((q) => q.host === qp.host && q.qpn === qp.qpn);
      transportStore.getState().setModifyReply({
        key, ok: r.ok, errno: r.errno, reason: r.reason, detail: r.detail, missing: r.missing ?? [], unexpected: r.unexpected ?? [],
        mask, from: qp.state, to: after?.state ?? c.to, seq: ++replySeq,
      });
    } catch (e) {
      transportStore.getState().showNotice('error', `modify_qp could not be sent: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  const groups: Cls[] = ['required', 'optional', 'not-allowed'];
  const missing = new Set(reply && !reply.ok ? reply.missing : []);
  const unexpected = new Set(reply && !reply.ok ? reply.unexpected : []);
  const code = generateC(ref.attrNames, draft, `qp /* ${qpnHex(qp.qpn)} */`);
  const fromC = STATE_COLOR[baseState(c.from)];
  const whatIf = draft.from !== undefined && draft.from !== qp.verbsState;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1.5 px-3 pb-2 pt-2">
      <div className="flex flex-wrap items-center gap-2 text-[13px]">
        <span className="text-slate-600">From</span>
        <select
          data-testid="modify-from" aria-label="From state" value={draft.from ?? qp.verbsState}
          onChange={(e) => { setDraft({ ...draft, from: e.target.value === qp.verbsState ? undefined : e.target.value }); transportStore.getState().setModifyReply(null); }}
          className={`rounded border px-1 font-mono text-xs font-bold ${fromC.badge}`}
          title={whatIf ? `what if the QP were in ${draft.from}: the call is checked against the kernel table, not sent` : c.from !== qp.verbsState ? 'as claimed by cur_qp_state' : 'the QP’s current state (choose another to check a call from any state)'}
        >
          {ref.states.map((s) => <option key={s} value={s}>{s}{s === qp.verbsState ? ' (now)' : ''}</option>)}
        </select>
        <label htmlFor="modify-target" className="text-slate-600">to</label>
        <select
          id="modify-target" data-testid="modify-target" value={draft.target} onChange={(e) => setTarget(e.target.value)}
          className="rounded-md border border-slate-400 bg-white px-1.5 py-0.5 font-mono text-[13px] font-semibold"
          aria-describedby="modify-cell"
        >
          <option value={NO_STATE_CHANGE}>(no state change)</option>
          {ref.states.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        <span className="text-slate-600">transport <span className="rounded bg-slate-100 px-1 font-mono font-semibold text-slate-900">{qp.type}</span></span>
        <div className="ml-auto flex gap-1.5">
          {inLesson
            ? <span className="self-center text-[11px] text-slate-600" data-testid="modify-fill-lesson" title="Inside a lesson the values are what you are learning to find: the lesson's Hint button leads you there, one step at a time.">Stuck? Use the lesson's Hint.</span>
            : (
              <button type="button" data-testid="modify-fill" onClick={() => setDraft(fillRequired(draft, c, qp, allQps, hostLid))}
                title="Check only the attributes this transition requires, with values taken from the peer; optional ones are left out"
                className="rounded-md border border-blue-700 bg-white px-2 py-0.5 text-xs font-semibold text-blue-800 hover:bg-blue-50">
                Fill required
              </button>
            )}
          <button type="button" data-testid="modify-clear" onClick={() => setDraft({ ...draft, checked: draft.target === NO_STATE_CHANGE ? [] : ['IBV_QP_STATE'] })}
            className="rounded-md border border-slate-400 bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100">
            Uncheck all
          </button>
        </div>
      </div>
      {checkMasked
        ? <AnswerFirst block what="the kernel table's verdict" testId="modify-cell-masked" />
        : <CellSummary c={c} type={qp.type} draft={draft} draining={qp.state === 'SQD (draining)'} sent={sentAs(reply, ref.attrNames, draft)} />}

      <div className="relative min-h-[120px] flex-1 overflow-y-auto rounded-md border border-slate-200" role="group" aria-label="Attribute mask: IBV_QP_* attributes">
        {/* Fixed columns: the value column keeps room for IBV_QPS_RESET and a PSN with its hex; long names wrap at their underscores. */}
        <table className="w-full table-fixed border-collapse text-[12px]">
          <caption className="sr-only">IBV_QP_* attributes, whether each is required, optional or not allowed for this transition, and its value</caption>
          <colgroup><col /><col className="w-[5.75rem]" /><col className="w-[10.5rem]" /></colgroup>
          {(tableMasked ? [null] : groups).map((g) => {
            const names = ref.attrNames.filter((a) => g === null || c.cls[a] === g);
            if (!names.length) return null;
            return (
              <tbody key={g ?? 'all'} data-testid={g === null ? 'modify-table-masked' : undefined}>
                <tr>
                  <th colSpan={3} scope="colgroup" className="sticky top-0 z-10 bg-slate-100 px-2 py-0.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-600">
                    {g === null ? <>Attributes <span className="font-normal normal-case">(which are required: answer first)</span></> : <>{CLS_STYLE[g].heading} <span className="font-normal normal-case">({names.length})</span></>}
                  </th>
                </tr>
                {names.map((a) => (
                  <AttrRow
                    key={a} name={a} cls={g === null ? null : c.cls[a]} checked={draft.checked.includes(a)} draft={draft} qp={qp} states={ref.states}
                    flag={missing.has(a) ? 'missing' : unexpected.has(a) ? 'unexpected' : undefined}
                    onToggle={() => toggle(a)} onValue={setValue} hostNames={hosts?.map((h) => h.name) ?? []}
                  />
                ))}
              </tbody>
            );
          })}
        </table>
      </div>

      <div className="flex items-start gap-2">
        <button
          type="button" data-testid="modify-submit" onClick={() => void submit()} disabled={busy || whatIf || held}
          title={held ? HELD_TITLE : whatIf ? `The QP is ${qp.verbsState}, not ${draft.from}: a what-if call is checked, never sent (set From back to ${qp.verbsState} to send)` : undefined}
          className="shrink-0 rounded-md bg-slate-900 px-3 py-1.5 font-mono text-[13px] font-semibold text-white hover:bg-slate-700 disabled:opacity-50"
        >
          ibv_modify_qp()
        </button>
        {whatIf
          ? <p className="text-[12px] text-slate-700" data-testid="modify-whatif">Checking a call from <strong className="font-mono">{draft.from}</strong> (the QP is {qp.verbsState}): the verdict above is the kernel table&apos;s; nothing is sent.</p>
          : checkMasked ? <AnswerFirst block what="the device's answer" testId="modify-reply-masked" /> : <ReplyBox reply={reply} qp={qp} />}
      </div>

      <CodeBlock code={code} testId="modify-c" label="Equivalent C" />
    </div>
  );
}

type Reply = ReturnType<typeof transportStore.getState>['modifyReply'];

/**
 * The call that just succeeded, while the mask on screen is still the one it sent. Judged against
 * the state the QP has now, that mask would read as wrong (RTR → RTS's attributes are not allowed
 * on RTS → RTS), so the summary speaks of the call made instead.
 */
function sentAs(reply: Reply, names: Parameters<typeof buildCommand>[0], draft: Draft): { from: string; to: string } | null {
  if (!reply?.ok || reply.from === reply.to) return null;
  return buildCommand(names, draft).mask.join() === reply.mask.join() ? { from: reply.from, to: reply.to } : null;
}

function CellSummary({ c, type, draft, draining, sent }: { c: Classified; type: string; draft: Draft; draining: boolean; sent: { from: string; to: string } | null }) {
  if (sent) {
    return (
      <div id="modify-cell" data-testid="modify-cell-sent" className="rounded-md border border-slate-200 bg-slate-50 px-2 py-1 text-[12px] text-slate-800" aria-live="polite">
        Sent as <strong className="font-mono">{type} {sent.from} → {sent.to}</strong>, the mask below. The QP is {sent.to} now: choose the next transition to build the next call.
      </div>
    );
  }
  const nReq = c.req.length + (draft.target !== NO_STATE_CHANGE ? 1 : 0);
  const missing = Object.entries(c.cls).filter(([a, k]) => k === 'required' && !draft.checked.includes(a)).map(([a]) => a);
  const extra = draft.checked.filter((a) => c.cls[a] === 'not-allowed');
  const arrow = draft.target === NO_STATE_CHANGE ? `${c.from} (attributes only)` : `${c.from} → ${c.to}`;
  return (
    <div id="modify-cell" className={`rounded-md border px-2 py-1 text-[12px] ${c.valid ? 'border-slate-200 bg-slate-50 text-slate-800' : 'border-red-300 bg-red-50 text-red-900'}`} aria-live="polite">
      {c.valid ? (
        <>
          <strong className="font-mono">{type} {arrow}</strong> is in the kernel table: {nReq} required, {c.opt.length} optional.{' '}
          {missing.length > 0 && <span className="text-amber-800">Still unchecked: <span className="font-mono">{missing.map((m) => m.replace('IBV_QP_', '')).join(', ')}</span>. </span>}
          {extra.length > 0 && <span className="text-red-800">Checked but not allowed: <span className="font-mono">{extra.map((m) => m.replace('IBV_QP_', '')).join(', ')}</span>. </span>}
          {missing.length === 0 && extra.length === 0 && <span className="text-green-800">The mask matches the table.</span>}
          {draining && c.to !== 'ERR' && <span className="block text-amber-800">But the SQ is still draining: the device will refuse anything except →ERR.</span>}
        </>
      ) : (
        <>
          <strong className="font-mono">{type} {arrow}</strong> is not a transition in the kernel’s table: ibv_modify_qp returns EINVAL whatever the mask.
        </>
      )}
    </div>
  );
}

function ReplyBox({ reply, qp }: { reply: Reply; qp: QpView }) {
  const base = 'min-h-[2.25rem] flex-1 rounded-md border px-2 py-1 text-[12px]';
  if (!reply) {
    return <div data-testid="modify-reply" role="status" className={`${base} border-dashed border-slate-300 text-slate-500`}>The device’s answer appears here.</div>;
  }
  if (reply.ok) {
    const next = NEXT[baseState(reply.to)];
    return (
      <div data-testid="modify-reply" data-ok="true" role="status" className={`${base} border-green-600 bg-green-50 text-green-900`}>
        <strong>✓ returned 0.</strong> QP {qpnHex(qp.qpn)}: {reply.from === reply.to ? `attributes written, still ${reply.to}` : `${reply.from} → ${reply.to}`}.
        {next && next !== baseState(reply.to) && (
          <button type="button" className="ml-2 rounded border border-green-700 bg-white px-1.5 text-[11px] font-semibold text-green-800 hover:bg-green-100"
            onClick={() => { transportStore.getState().setDraft(qpKey(qp.host, qp.qpn), startDraft(qp, next)); transportStore.getState().setModifyReply(null); }}>
            Next: prepare → {next}
          </button>
        )}
      </div>
    );
  }
  return (
    <div data-testid="modify-reply" data-ok="false" role="alert" className={`${base} border-red-600 bg-red-50 text-red-900`}>
      <strong className="font-mono">✕ {reply.errno ?? 'error'}</strong>
      <span className="text-[11px]"> — all the real call returns (ibv_modify_qp(3)). The rest is the page&apos;s own diagnosis, from the kernel&apos;s table:</span>
      <div data-testid="modify-diagnosis">{reply.reason && <strong>{refusalWords(reply.reason)}: </strong>}{reply.detail}</div>
      {(reply.missing.length > 0 || reply.unexpected.length > 0) && (
        <div className="mt-0.5 text-[11px]">
          {reply.missing.length > 0 && <span>missing <span className="font-mono">{reply.missing.join(', ')}</span> </span>}
          {reply.unexpected.length > 0 && <span>not accepted <span className="font-mono">{reply.unexpected.join(', ')}</span></span>}
        </div>
      )}
    </div>
  );
}

interface RowProps {
  name: string; cls: Cls | null; checked: boolean; draft: Draft; qp: QpView; states: readonly string[];
  flag?: 'missing' | 'unexpected'; onToggle(): void; onValue(k: string, v: number | string): void; hostNames: string[];
}

function AttrRow({ name, cls, checked, draft, qp, states, flag, onToggle, onValue, hostNames }: RowProps) {
  const m = ATTR_META[name];
  const id = `attr-${name}`;
  const s = cls === null ? null : CLS_STYLE[cls];
  const warn = checked && cls === 'not-allowed';
  const need = !checked && cls === 'required';
  const rowTone = flag === 'missing' || flag === 'unexpected' ? 'bg-red-50 outline outline-2 -outline-offset-2 outline-red-500' : warn ? 'bg-red-50' : need ? 'bg-amber-50' : checked ? 'bg-blue-50/60' : '';
  return (
    <tr className={`border-t border-slate-100 ${rowTone}`} data-cls={cls ?? undefined} data-flag={flag}>
      <td className="py-0.5 pl-2 pr-1 align-middle">
        <label htmlFor={id} className="flex cursor-pointer items-center gap-1.5" title={m?.hint}>
          <input id={id} type="checkbox" data-testid={id} checked={checked} onChange={onToggle} className="h-3.5 w-3.5 accent-blue-700" aria-describedby={s ? `${id}-cls` : undefined} />
          <span className={`min-w-0 break-words font-mono text-[11.5px] leading-tight ${cls === 'not-allowed' && !checked ? 'text-slate-500' : 'text-slate-900'} ${checked ? 'font-semibold' : ''}`}>
            {name.split('_').map((part, i, all) => <span key={i}>{part}{i < all.length - 1 && <>_<wbr /></>}</span>)}
          </span>
        </label>
      </td>
      <td className="px-1 align-middle">
        {s && <span id={`${id}-cls`} className={`inline-block rounded border px-1 text-[10px] font-semibold ${s.badge}`}>{s.label}</span>}
        {flag === 'missing' && <span className="ml-1 rounded bg-red-600 px-1 text-[10px] font-bold text-white">missing</span>}
        {flag === 'unexpected' && <span className="ml-1 rounded bg-red-600 px-1 text-[10px] font-bold text-white">refused</span>}
        {!flag && warn && <span className="ml-1 text-[10px] font-semibold text-red-700" title="checked but the table does not accept it">⚠ extra</span>}
      </td>
      <td className="py-0.5 pl-1 pr-2 align-middle">
        <ValueInput name={name} draft={draft} qp={qp} states={states} onValue={onValue} hostNames={hostNames} />
      </td>
    </tr>
  );
}

const inputCls = 'w-full min-w-0 rounded border border-slate-300 bg-white px-1 py-0 font-mono text-[11.5px] leading-5';

function ValueInput({ name, draft, qp, states, onValue, hostNames }: { name: string; draft: Draft; qp: QpView; states: readonly string[]; onValue(k: string, v: number | string): void; hostNames: string[] }) {
  const m = ATTR_META[name];
  if (!m) return null;
  const key = m.key ?? '';
  const v = draft.values[key];
  const label = `${m.cField ?? name} value`;
  const num = (raw: string, base = 10) => {
    const n = base === 16 ? parseInt(raw.replace(/^0x/i, ''), 16) : Number(raw);
    return Number.isFinite(n) && raw.trim() !== '' ? Math.max(m.min ?? 0, Math.min(m.max ?? 0xffffffff, Math.trunc(n))) : '';
  };
  switch (m.input) {
    case 'state':
      if (name === 'IBV_QP_STATE') {
        return <span className="font-mono text-[11.5px] text-slate-700">{draft.target === NO_STATE_CHANGE ? '— (set by "to")' : `IBV_QPS_${draft.target}`}</span>;
      }
      return (
        <select aria-label={label} value={String(v ?? qp.verbsState)} onChange={(e) => onValue(key, e.target.value)} className={inputCls}>
          {states.map((s) => <option key={s} value={s}>IBV_QPS_{s}</option>)}
        </select>
      );
    case 'bool':
      return (
        <label className="flex items-center gap-1 text-[11.5px]">
          <input type="checkbox" aria-label={label} checked={Number(v) === 1} onChange={(e) => onValue(key, e.target.checked ? 1 : 0)} className="h-3.5 w-3.5" /> enable
        </label>
      );
    case 'access': {
      const n = Number(v ?? 0);
      return (
        <span className="flex flex-wrap gap-x-2" role="group" aria-label="qp_access_flags">
          {ACCESS_FLAGS.map((f) => (
            <label key={f.bit} className="flex items-center gap-0.5 font-mono text-[10.5px]" title={f.name}>
              <input type="checkbox" aria-label={f.name} checked={(n & f.bit) !== 0} onChange={(e) => onValue(key, e.target.checked ? n | f.bit : n & ~f.bit)} className="h-3 w-3" />
              {f.short.replace('REMOTE_', 'R_').replace('LOCAL_', 'L_')}
            </label>
          ))}
        </span>
      );
    }
    case 'mtu':
      return (
        <select aria-label={label} value={String(v ?? 3)} onChange={(e) => onValue(key, Number(e.target.value))} className={inputCls}>
          {[1, 2, 3, 4, 5].map((c) => <option key={c} value={c}>IBV_MTU_{MTU_BYTES[c]}</option>)}
        </select>
      );
    case 'dlid':
      return (
        // The column is narrow: each choice shows the host and its GID's IPv4 part; the select's
        // title carries the whole IPv4-mapped GID of the chosen peer.
        <select
          aria-label={label} value={String(v ?? 0)} onChange={(e) => onValue(key, Number(e.target.value))} className={inputCls}
          title={Number(v ?? 0) > 0 ? `GRH to ${hostNames[Number(v) - 1] ?? 'a host'}: dgid ::ffff:10.0.0.${Number(v)}` : 'no GRH: no peer chosen'}
        >
          <option value="0">no GRH</option>
          {hostNames.map((h, i) => <option key={h} value={i + 1}>{h.replace(/^Host /, '')} · 10.0.0.{i + 1}</option>)}
        </select>
      );
    case 'mig':
      return (
        <select aria-label={label} value={String(v ?? 0)} onChange={(e) => onValue(key, Number(e.target.value))} className={inputCls}>
          {MIG_STATES.map((s, i) => <option key={s} value={i}>{s}</option>)}
        </select>
      );
    case 'hex':
      return (
        <input
          aria-label={label} type="text" inputMode="text" spellCheck={false}
          value={typeof v === 'number' ? hex(v) : String(v ?? '')}
          onChange={(e) => { const raw = e.target.value; const n = num(raw, 16); onValue(key, n === '' ? raw : n); }}
          className={inputCls}
        />
      );
    case 'number': {
      const extra = name === 'IBV_QP_TIMEOUT' ? timeoutText(Number(v ?? 0)).replace(/^\d+ /, '') : name === 'IBV_QP_MIN_RNR_TIMER' ? rnrTimerText(Number(v ?? 0)).replace(/^\d+ /, '') : name === 'IBV_QP_RNR_RETRY' && Number(v) === 7 ? '(infinite)' : name === 'IBV_QP_SQ_PSN' || name === 'IBV_QP_RQ_PSN' ? `(${hex(Number(v ?? 0), 6)})` : '';
      return (
        <span className="flex flex-wrap items-center gap-x-1">
          <input aria-label={label} type="number" min={m.min} max={m.max} value={v === undefined ? '' : String(v)}
            onChange={(e) => onValue(key, num(e.target.value))} className={`${inputCls} ${extra ? '!w-[5.25rem] shrink-0' : ''}`} />
          {extra && <span className="whitespace-nowrap font-mono text-[10.5px] text-slate-500">{extra}</span>}
        </span>
      );
    }
    default:
      return <span className="text-[11px] text-slate-500">{name === 'IBV_QP_ALT_PATH' ? 'no value (RoCE: refused)' : 'no value in this model'}</span>;
  }
}
