// The storm's settings: every knob a labelled control that shows the choice at once (the worker
// restarts the storm with it; a refused combination is named here and the storm kept).
import type { PolicyName } from '../../core/index.ts';
import { faults } from '../../bridge/labs.ts';
import { faultsStore, useFaults } from '../../store/faults.ts';
import type { StormSettings } from '../../worker/faults/types.ts';
import { WorkerSelect, WorkerSlider, WorkerSwitch } from '../kit/controls.tsx';
import { FAULT_LABEL, POLICY_LABEL, PRESET_LABEL, PROGRAM_SLIDERS, STORM_SLIDERS, dur, int, keysOf } from './format.ts';
import { AnswerFirst, HELD_TITLE, heldBy } from '../kit/mask.tsx';
import { useFaultsMask } from './mask.ts';

const { qps: QPS, eqDepth: EQ, serviceNs: SERVICE, eqeNs: EQE } = STORM_SLIDERS;
const MIX: Array<[string, string]> = [['graded', 'Graded: class 0 heaviest'], ['one-heavy', 'One heavy tenant'], ['equal', 'All equal']];
const QP_MIX: Array<[string, string]> = [['interleaved', 'Interleaved by QPN'], ['blocks', 'In QPN blocks, one per class'], ['skewed', 'Skewed: 10 / 20 / 30 / 40 %']];
const CONSUMER: Array<[string, string]> = [['kernel', 'Kernel (ULP): driver flushes'], ['user', 'User space: no flush']];
/** What each preset does on an EQ overrun, labelled as its source says (claims overrun-mlx4, overrun-mlx5, overrun-hns). */
const OVERRUN_HINT: Record<string, string> = {
  fatal: 'on overrun: health syndrome 0x0c (CODE); taking the fatal path is the model\'s reading (MODEL)',
  'report-continue': 'on overrun: logged, the driver continues (CODE); the lost events are the model\'s reading (MODEL)',
  'function-reset': 'on overrun: a function reset is requested (CODE)',
};

async function send(patch: Partial<StormSettings>) {
  const r = await faults().act('setSettings', patch);
  note(r);
}

function note(r: { ok: boolean; error?: string } | undefined) {
  const st = faultsStore.getState();
  if (r && !r.ok && r.error) st.showNotice('error', `Not applied: ${r.error}. The storm is kept.`, 'settings');
  else if (st.notice?.where === 'settings') st.clearNotice();
}

export function Controls() {
  const s = useFaults((x) => x.frame?.settings ?? null);
  const notice = useFaults((x) => (x.notice?.where === 'settings' ? x.notice : null));
  const ch = useFaults((x) => x.frame?.channel ?? null);
  const held = useFaults((x) => heldBy(x.frame?.lesson?.question));
  const faultMasked = useFaultsMask('fault');
  if (!s) return <aside className="order-3 border-t lg:order-none lg:w-[260px] lg:shrink-0 lg:border-t-0 lg:border-r border-slate-300 bg-white p-3 text-sm text-slate-500">Starting…</aside>;
  return (
    <aside aria-label="Storm settings" className="order-3 grid grid-cols-1 gap-x-6 gap-y-2 border-t border-slate-300 bg-white px-3 py-2 sm:grid-cols-2 lg:order-none lg:flex lg:w-[260px] lg:shrink-0 lg:flex-col lg:overflow-y-auto lg:border-t-0 lg:border-r">
      {/* Held while a lesson's question is open (views/kit/mask.tsx heldBy): the worker refuses these changes then. */}
      <fieldset disabled={held} title={held ? HELD_TITLE : undefined} className="contents">
      {faultMasked
        ? <div className="flex flex-col text-[12px]" data-testid="fault-masked"><span className="font-medium text-slate-700">Shared-cause fault (hits host A)</span><AnswerFirst /></div>
        : <WorkerSelect id="fault" label="Shared-cause fault (hits host A)" value={s.fault} options={keysOf(FAULT_LABEL).map((f) => [f, FAULT_LABEL[f]] as const)}
          onChange={(v) => send({ fault: v as StormSettings['fault'] })} />}
      <WorkerSlider id="affected-qps" label="Affected QPs" value={s.qps} min={0} max={1000} toPos={QPS.to} fromPos={QPS.from}
        text={(v) => `${int(v)} QPs`} valueText={(v) => `${int(v)} affected QPs (log scale, 1 to 16,384)`} onChange={(qps) => send({ qps })}
        hint="RC connections from host A to 15 peers, 8 WRs each in flight" />
      <WorkerSelect id="preset" label="NIC family (event queue, overrun)" value={s.preset} options={keysOf(PRESET_LABEL).map((p) => [p, PRESET_LABEL[p]] as const)}
        onChange={(v) => send({ preset: v as StormSettings['preset'] })} hint={ch ? OVERRUN_HINT[ch.overrun] : ''} />
      <WorkerSelect id="consumer" label="Consumer (who polls the CQs)" value={s.consumer} options={CONSUMER}
        onChange={(v) => send({ consumer: v as StormSettings['consumer'] })} hint="after device death: kernel poll_cq flushes (sw_comp); libmlx5 gets DEVICE_FATAL and no flush (CODE)" />
      <WorkerSlider id="eq-depth" label="Event-queue depth asked" value={s.eqDepth} min={0} max={1000} toPos={EQ.to} fromPos={EQ.from}
        text={(v) => `${int(v)}`} valueText={(v) => `${int(v)} entries`} onChange={(eqDepth) => send({ eqDepth })}
        hint={ch ? `${int(ch.eqSize)} ${ch.eqSize === 1 ? 'slot' : 'slots'} (${ch.spare ? `+${ch.spare} spare` : 'no spare'}${ch.pow2 ? ', power of two' : ''}); ${ch.budget ? `${ch.budget} per interrupt` : 'no budget'}` : ''} />
      <WorkerSlider id="service" label="Error engine: time per QP" value={s.serviceNs} min={0} max={1000} toPos={SERVICE.to} fromPos={SERVICE.from}
        text={dur} valueText={(v) => `${dur(v)} per faulted QP`} onChange={(serviceNs) => send({ serviceNs })} hint="MODEL: no NIC publishes it; slow it and a queue forms" />
      <WorkerSlider id="eqe" label="Driver: time per event" value={s.eqeNs} min={0} max={1000} toPos={EQE.to} fromPos={EQE.from}
        text={dur} valueText={(v) => `${dur(v)} per event-queue entry`} onChange={(eqeNs) => send({ eqeNs })} hint="MODEL: slow it and the queue fills" />
      <WorkerSelect id="policy" label="Arbitration policy (switches live)" value={s.policy} options={keysOf(POLICY_LABEL).map((p) => [p, POLICY_LABEL[p]] as const)}
        onChange={async (v) => note(await faults().act('setPolicy', v as PolicyName))}
        hint="drivers read their event ring in order (CODE); FIFO by detection time is the model's baseline, the others are design alternatives (MODEL)" />
      <WorkerSlider id="classes" label="Classes (tenants, service levels)" value={s.classes} min={1} max={8} toPos={(v) => v} fromPos={(p) => p}
        text={(v) => `${v}`} onChange={(classes) => send({ classes })} />
      <WorkerSelect id="mix" label="Class weights" value={s.mix} options={MIX} onChange={(v) => send({ mix: v as StormSettings['mix'] })} />
      <WorkerSelect id="class-mix" label="QPs per class" value={s.classMix} options={QP_MIX} onChange={(v) => send({ classMix: v as StormSettings['classMix'] })}
        hint="interleaved classes make FIFO already fair; blocks or a skew let weighted-fair differ (MODEL)" />
      <WorkerSlider id="idle" label="Idle QPs (nothing outstanding)" value={s.idle} min={0} max={19} toPos={(v) => Math.round(v * 20)} fromPos={(p) => p / 20}
        text={(v) => `${Math.round(v * 100)} %`} valueText={(v) => `${Math.round(v * 100)} % of the QPs idle`} onChange={(idle) => send({ idle })}
        hint="an idle RC QP runs no retry timer: after a port down it learns nothing until it next posts (unaware)" />
      <WorkerSlider id="srq" label="QPs on a shared receive queue" value={s.srq} min={0} max={20} toPos={(v) => Math.round(v * 20)} fromPos={(p) => p / 20}
        text={(v) => `${Math.round(v * 100)} %`} valueText={(v) => `${Math.round(v * 100)} % of the QPs on an SRQ`} onChange={(srq) => send({ srq })}
        hint="each one that fails also raises IBV_EVENT_QP_LAST_WQE_REACHED through the same event queue (CODE); after its report (MODEL)" />
      <WorkerSlider id="event-ns" label="Program: time per event read" value={s.eventNs} min={0} max={1000} toPos={PROGRAM_SLIDERS.eventNs.to} fromPos={PROGRAM_SLIDERS.eventNs.from}
        text={dur} valueText={(v) => `${dur(v)} per event`} onChange={(eventNs) => send({ eventNs })}
        hint="one event thread reads the async fd (ibv_get_async_event) and the rdma_cm channel (MODEL); the storm itself does not change" />
      <WorkerSlider id="ack-ns" label="Program: read → acknowledge" value={s.ackNs} min={0} max={1000} toPos={PROGRAM_SLIDERS.ackNs.to} fromPos={PROGRAM_SLIDERS.ackNs.from}
        text={(v) => (v > 0 ? dur(v) : 'at once')} valueText={(v) => (v > 0 ? `acknowledged ${dur(v)} after reading` : 'acknowledged at once')} onChange={(ackNs) => send({ ackNs })}
        hint="destroying a QP waits until each of its events is acknowledged (DOC: ibv_get_async_event(3), rdma_get_cm_event(3))" />
      <WorkerSwitch testId="cm" value={s.cm} onChange={(cm) => send({ cm })} className="flex items-center gap-1.5 text-[12px] text-slate-800"
        label="Program uses rdma_cm: DISCONNECTED, then TIMEWAIT_EXIT, per connection" />
      </fieldset>
      <div role="alert" data-testid="settings-notice" className={notice ? 'rounded-md border border-red-300 bg-red-50 px-2 py-1.5 text-[12px] text-red-900' : 'sr-only'}>{notice?.text}</div>
    </aside>
  );
}
