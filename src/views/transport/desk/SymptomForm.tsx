// What the engineer saw, entered as the tools print it: the completion status and its side, async
// events on either host, both QPs' states as ibv_query_qp reports them (the local QP that saw the
// completion, and its peer), counters that rose, an
// errno from ibv_modify_qp, a many-connection symptom, and the driver profile. Every choice comes
// from the model's own tables (the worker's menu). The four engineer cases fill the form in one click.
import type { DeskMenu } from '../../../bridge/diag.ts';
import type { Symptoms } from '../../../core/diag/observe.ts';

export interface DeskForm {
  status: string;
  side: '' | 'requester' | 'responder';
  events: string[];
  localState: string;
  peerState: string;
  counters: string[];
  errnoTo: string;
  errnoFrom: string;
  scale: string;
  profile: string;
}
export const EMPTY: DeskForm = { status: '', side: '', events: [], localState: '', peerState: '', counters: [], errnoTo: '', errnoFrom: '', scale: '', profile: '' };

export const CASES: { label: string; title: string; form: DeskForm }[] = [
  { label: '1 · REM_ACCESS_ERR after the peer restarts', title: 'REM_ACCESS_ERR on the requester, then FLUSH_ERR; QP_ACCESS_ERR on the peer',
    form: { ...EMPTY, status: 'IBV_WC_REM_ACCESS_ERR', side: 'requester', events: ['IBV_EVENT_QP_ACCESS_ERR'] } },
  { label: '2 · EINVAL from modify to RTR', title: 'ibv_modify_qp(…, IBV_QPS_RTR) returned EINVAL', form: { ...EMPTY, errnoTo: 'RTR' } },
  { label: '3 · throughput collapse, 500 → 5,000 connections', title: 'Throughput fell as the connections grew; no error completion', form: { ...EMPTY, scale: 'throughput-collapse' } },
  { label: '4 · thousands of QPs fail after a port flap', title: 'After a port flap thousands of QPs fail and the async event thread falls behind', form: { ...EMPTY, scale: 'storm' } },
];

const SCALE_LABEL: Record<string, string> = {
  'throughput-collapse': 'Throughput fell as the connections grew (no error completion)',
  storm: 'Many QPs failed at once after a port flap; the event thread falls behind',
};

/** The symptoms the worker matches, or a message naming what is missing. */
export function symptomsOf(f: DeskForm): Symptoms | string {
  if (f.scale) return { scale: f.scale as Symptoms['scale'] };
  const base = { events: f.events as Symptoms['events'], counters: f.counters, side: f.side || undefined, localState: f.localState || undefined, peerState: f.peerState || undefined };
  if (f.errnoTo) {
    if (f.status) return 'A completion status and an errno from ibv_modify_qp are different failures: clear one of them.';
    return { ...base, modify: { errno: 'EINVAL', to: f.errnoTo, from: f.errnoFrom || undefined } };
  }
  if (!f.status && !f.events.length && !f.counters.length) return 'Enter at least one symptom: a completion status, an async event, a counter that rose, an errno, or a many-connection symptom.';
  return { ...base, status: (f.status || undefined) as Symptoms['status'] };
}

const short = (s: string) => s.replace(/^IBV_(WC|EVENT)_/, '');
const sel = 'h-7 rounded-md border border-slate-400 bg-white px-1 text-[12px]';

function Picks({ label, all, chosen, onChange, testId }: { label: string; all: string[]; chosen: string[]; onChange(v: string[]): void; testId: string }) {
  return (
    <fieldset className="min-w-0" data-testid={testId}>
      <legend className="text-[12px] font-semibold text-slate-800">{label}</legend>
      <div className="flex max-h-24 flex-wrap gap-x-2 overflow-y-auto rounded border border-slate-200 p-1 text-[11px]">
        {all.map((x) => (
          <label key={x} className="flex items-center gap-1 font-mono">
            <input type="checkbox" checked={chosen.includes(x)} onChange={(e) => onChange(e.target.checked ? [...chosen, x] : chosen.filter((y) => y !== x))} />{short(x)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function StateSelect({ label, value, states, testId, onChange }: { label: string; value: string; states: string[]; testId: string; onChange(v: string): void }) {
  return (
    <label className="flex min-w-0 flex-col text-[11px] text-slate-700">{label}
      <select className={`${sel} font-mono`} value={value} data-testid={testId} onChange={(e) => onChange(e.target.value)}>
        <option value="">not known</option>
        {states.map((s) => <option key={s} value={s}>{s === 'GONE' ? 'gone (destroyed)' : s}</option>)}
      </select>
    </label>
  );
}

export function SymptomForm({ menu, form, onChange }: { menu: DeskMenu; form: DeskForm; onChange(f: DeskForm): void }) {
  const set = (p: Partial<DeskForm>) => onChange({ ...form, ...p });
  const counters = form.profile ? menu.counters[form.profile as keyof DeskMenu['counters']] : [...new Set(Object.values(menu.counters).flat())];
  return (
    <div className="flex flex-col gap-2 text-[12px]">
      <div className="flex flex-wrap gap-1" role="group" aria-label="The four engineer cases">
        {CASES.map((c, k) => (
          <button key={c.label} type="button" title={c.title} data-testid={`desk-case-${k + 1}`} onClick={() => onChange({ ...c.form, profile: form.profile })}
            className="rounded-full border border-blue-600 px-2 text-[11px] text-blue-900 hover:bg-blue-50">{c.label}</button>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <label className="flex flex-col gap-0.5">Completion status (ibv_wc.status)
          <span className="flex flex-wrap gap-1">
            <select className={`${sel} min-w-[15rem] flex-1 font-mono`} value={form.status} data-testid="desk-status" onChange={(e) => set({ status: e.target.value, scale: '' })}>
              <option value="">— none —</option>
              {menu.statuses.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
            <select className={sel} value={form.side} aria-label="Which side saw it" data-testid="desk-side" onChange={(e) => set({ side: e.target.value as DeskForm['side'] })}>
              <option value="">either side</option><option value="requester">requester (send CQ)</option><option value="responder">responder (recv CQ)</option>
            </select>
          </span>
        </label>
        <fieldset className="flex min-w-0 flex-col gap-0.5" data-testid="desk-states">
          <legend>QP states (ibv_query_qp, qp_state)</legend>
          <span className="grid grid-cols-2 gap-1">
            <StateSelect label="local QP (saw the CQE)" value={form.localState} states={menu.states} testId="desk-local-state" onChange={(localState) => set({ localState })} />
            <StateSelect label="peer QP (other host)" value={form.peerState} states={menu.states} testId="desk-peer-state" onChange={(peerState) => set({ peerState })} />
          </span>
        </fieldset>
        <label className="flex flex-col gap-0.5">ibv_modify_qp returned EINVAL, asked for
          <span className="flex gap-1">
            <select className={`${sel} flex-1 font-mono`} value={form.errnoTo} data-testid="desk-errno-to" onChange={(e) => set({ errnoTo: e.target.value, scale: '' })}>
              <option value="">— no errno —</option>
              {menu.states.filter((s) => s !== 'GONE').map((s) => <option key={s} value={s}>→ {s}</option>)}
            </select>
            <select className={`${sel} font-mono`} value={form.errnoFrom} aria-label="From the state (when known)" data-testid="desk-errno-from" disabled={!form.errnoTo} onChange={(e) => set({ errnoFrom: e.target.value })}>
              <option value="">from: any</option>
              {menu.states.filter((s) => s !== 'GONE').map((s) => <option key={s} value={s}>from {s}</option>)}
            </select>
          </span>
        </label>
        <label className="flex flex-col gap-0.5">Driver profile
          <select className={sel} value={form.profile} data-testid="desk-profile" onChange={(e) => set({ profile: e.target.value, counters: [] })}>
            <option value="">any (IBTA, rxe, mlx5)</option><option value="ibta">IBTA</option><option value="rxe">rxe</option><option value="mlx5">mlx5</option>
          </select>
        </label>
      </div>
      <Picks label="Async events (either host)" all={menu.events} chosen={form.events} onChange={(events) => set({ events, scale: '' })} testId="desk-events" />
      <Picks label={`Counters that rose${form.profile ? ` (${form.profile} names)` : ''}`} all={counters} chosen={form.counters} onChange={(c) => set({ counters: c, scale: '' })} testId="desk-counters" />
      <fieldset>
        <legend className="text-[12px] font-semibold text-slate-800">Many connections</legend>
        {menu.scale.map((s) => (
          <label key={s} className="mr-3 inline-flex items-center gap-1">
            <input type="checkbox" checked={form.scale === s} data-testid={`desk-scale-${s}`} onChange={(e) => set(e.target.checked ? { ...EMPTY, profile: form.profile, scale: s } : { scale: '' })} />{SCALE_LABEL[s] ?? s}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
