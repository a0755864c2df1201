// Help: keyboard shortcuts, the colour legend, and what each panel shows.
import { useTransport } from '../../store/transport.ts';
import { OP_STYLES, STATE_COLOR, STATE_NAMES, STATUS_STYLE, WQE_PHASE_STYLE } from './format.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { ProfileTable } from './profiles/ProfileTable.tsx';

const KEYS: [string, string][] = [
  ['Space', 'Play / pause (when focus is not in a text field; a focused button reached with Tab is pressed instead)'],
  ['→', 'Step to the next instant at which something happens'],
  ['?', 'Open this help'],
  ['Esc', 'Close a dialog'],
  ['Tab / Shift+Tab', 'Move between controls; ← → switch inspector tabs'],
];

const PANELS: [string, string][] = [
  ['Hosts and wire', 'Host A and Host B with their QPs (click a QP to inspect it). Packets cross the wire at simulated speed: colour by opcode, text label with op and PSN. A red ✕ marks a packet lost on the wire.'],
  ['State', 'The selected QP’s state machine. The current state is filled; solid arrows are the ibv_modify_qp transitions the kernel table allows from it for this transport; dashed red arrows are moves the NIC makes on its own. Click a state to prepare the modify.'],
  ['modify_qp', 'Choose a target state; every IBV_QP_* attribute is marked required, optional or not allowed for that transition. Submit to see the device’s answer: 0 or an errno (EINVAL) — the real call names no attribute; the attributes the reply lists are the page’s own diagnosis from the kernel’s table. The equivalent C updates live.'],
  ['Context', 'Every field of the QP context, grouped by who writes it: SW (ibv_modify_qp), HW (the NIC as traffic flows) or SW+HW. Fields flash when they change.'],
  ['Post & faults', 'Post sends and receives; make the next WR fail with a chosen status; drop packets; move the QP to ERR or RESET; register and deregister memory regions, post keyed WRs and cause key errors for real; the SRQ and ibv_destroy_qp; switch workloads.'],
  ['Driver (toolbar)', 'Whose documented behaviour the model follows where providers differ (IBTA, rxe, mlx5). “compare with” runs the same scenario under a second profile in lockstep and highlights the first event where the two part.'],
  ['Queues', 'The selected QP’s send and receive queues and its CQ as rings, with producer (PI) and consumer (CI) indices. Pause auto-poll to let CQEs pile up, then Poll CQ one at a time.'],
  ['Event log', 'Every event, newest at the bottom, with time, QP, a sentence and the raw enum names. Filter by kind or by the selected QP.'],
];

export function HelpOverlay() {
  const open = useTransport((s) => s.helpOpen);
  const setHelp = useTransport((s) => s.setHelp);
  if (!open) return null;
  return (
    <Dialog title="QP Scope — help" onClose={() => setHelp(false)} testId="help" wide>
      <div className="grid grid-cols-1 gap-4 text-[13px] text-slate-800 md:grid-cols-2">
        <section aria-labelledby="help-keys">
          <h3 id="help-keys" className="mb-1 font-semibold">Keyboard</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {KEYS.map(([k, v]) => (
              <div key={k} className="contents">
                <dt><kbd className="rounded border border-slate-400 bg-slate-50 px-1.5 font-mono text-xs">{k}</kbd></dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mb-1 mt-3 font-semibold">Colours (always with a text or glyph twin)</h3>
          <p className="mb-1 text-xs text-slate-600">QP states</p>
          <ul className="flex flex-wrap gap-1">
            {STATE_NAMES.map((s) => <li key={s} className={`rounded border px-1.5 font-mono text-xs font-bold ${STATE_COLOR[s].badge}`}>{s}</li>)}
          </ul>
          <p className="mb-1 mt-2 text-xs text-slate-600">Packets</p>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
            {Object.values(OP_STYLES).map((o) => (
              <li key={o.key} className="flex items-center gap-1"><span aria-hidden="true" className="inline-block h-3 w-5 rounded-full" style={{ background: o.fill }} />{o.label}</li>
            ))}
          </ul>
          <p className="mb-1 mt-2 text-xs text-slate-600">Work requests and completions</p>
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
            {Object.entries(WQE_PHASE_STYLE).map(([k, s]) => (
              <li key={k} className="flex items-center gap-1"><span aria-hidden="true" className="inline-flex h-4 w-4 items-center justify-center rounded-sm text-[10px] font-bold" style={{ background: s.fill, color: s.text }}>{s.glyph}</span>WQE {s.label}</li>
            ))}
            {Object.values(STATUS_STYLE).map((s) => (
              <li key={s.label} className="flex items-center gap-1"><span aria-hidden="true" className="inline-flex h-4 w-4 items-center justify-center rounded-sm text-[10px] font-bold" style={{ background: s.fill, color: s.text }}>{s.glyph}</span>CQE {s.label}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="help-panels">
          <h3 id="help-panels" className="mb-1 font-semibold">Panels</h3>
          <dl className="space-y-1.5">
            {PANELS.map(([k, v]) => (
              <div key={k}>
                <dt className="font-semibold">{k}</dt>
                <dd className="text-slate-700">{v}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-slate-600">Time is simulated: the speed slider sets how many simulated nanoseconds pass per wall-clock second; the scrubber jumps to any instant already simulated. Acting in the past starts a new future from there.</p>
        </section>
      </div>
      <section aria-labelledby="help-goals" className="mt-4 text-[13px]" data-testid="help-goals">
        <h3 id="help-goals" className="mb-1 font-semibold">Challenges: how a goal is written</h3>
        <p className="text-slate-700">Files → Write a challenge: the goal is a predicate of the lesson language, the same as the built-in challenges', JSON with exactly one key. <code>{'{"state":{"host":0,"qpn":256,"is":"RTS"}}'}</code> a QP's state; <code>{'{"events":{"kind":"cqe","where":{"host":1,"status":"IBV_WC_REM_ACCESS_ERR"},"atLeast":1}}'}</code> events of a kind since t = 0 (<code>atLeast</code>, <code>atMost</code>); <code>{'{"num":{"of":{"read":"now"},"below":50000}}'}</code> a number (the simulated time in ns, a context field by <code>ctx</code>, a count) against <code>below</code>, <code>atMost</code>, <code>equals</code>, <code>atLeast</code>, <code>above</code> or <code>between</code>; <code>all</code>, <code>any</code>, <code>not</code> combine them, and the members of a top-level <code>all</code> are ticked off one by one. Limits: the instant the attempt is graded at, and at most so many of the student's commands. The optional score sums a field (<code>mask</code>: its length) over the student's matching events, lower is better. The writer warns when the goal is met already or by Play alone, and shows the id the students' completion codes verify under. The built-in challenges of every instrument, and the page that verifies completion codes, are under Challenges in the header.</p>
      </section>
      <section aria-labelledby="help-profiles" className="mt-4 text-[13px]" data-testid="help-profiles">
        <h3 id="help-profiles" className="mb-1 font-semibold">Driver profiles</h3>
        <ProfileTable />
      </section>
    </Dialog>
  );
}
