// The causes, most likely first. Each: what happened, the model's rule behind it (with its
// sources), one click to reproduce it with "why?" open, its recovery as portable verbs steps, and
// how each driver profile plays the same scenario (the states both QPs end in among it). A cause
// whose run contradicts the QP states entered says why it ranks lower. Many-connection cases add the instrument that
// shows them at full scale and which counters rise.
import type { DeskCause, ProfileOutcome } from '../../../core/diag/desk.ts';

const PROFILE: Record<string, string> = { ibta: 'IBTA', rxe: 'rxe', mlx5: 'mlx5' };
const short = (s?: string) => s?.replace(/^IBV_(WC|EVENT)_/, '') ?? '—';

/** Each host's QP state at the end of the run, the local one (that saw the symptom) first when the symptoms single it out. */
function ends(r: ProfileOutcome): string {
  const name = (x: string) => (x === 'GONE' ? 'gone' : x);
  if (r.local < 0) return r.states.map((x, h) => `${String.fromCharCode(65 + h)} ${name(x)}`).join(' · ');
  return `local ${name(r.states[r.local])} · peer ${name(r.states.find((_, h) => h !== r.local) ?? 'GONE')}`;
}

function Outcomes({ rows }: { rows: ProfileOutcome[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[46rem] text-left text-[11px]" data-testid="desk-outcomes">
        <caption className="text-left text-[11px] font-semibold text-slate-700">The same scenario under each profile</caption>
        <thead><tr className="whitespace-nowrap text-slate-600"><th className="pr-2 font-medium">profile</th><th className="pr-2 font-medium">shows it</th><th className="pr-2 font-medium">requester</th><th className="pr-2 font-medium">responder</th><th className="pr-2 font-medium">async events</th><th className="pr-2 font-medium">QP states at the end</th><th className="min-w-[18rem] font-medium">counters that rose</th></tr></thead>
        <tbody className="font-mono">
          {rows.map((r) => (
            <tr key={r.profile} className="border-t border-slate-200 align-top">
              <td className="pr-2 font-sans">{PROFILE[r.profile]}</td>
              <td className="whitespace-nowrap pr-2 font-sans">{r.shows ? 'yes' : r.otherStates ? 'states differ' : 'no'}</td>
              <td className="pr-2">{r.refused ?? short(r.requester)}</td>
              <td className="pr-2">{short(r.responder)}</td>
              <td className="pr-2">{r.events.map(short).join(', ') || '—'}</td>
              <td className="pr-2 whitespace-nowrap">{ends(r)}</td>
              <td className="break-words">{Object.entries(r.counters).map(([k, n]) => `${k}\u00a0${n}`).join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CauseCard({ c, links, onReproduce }: { c: DeskCause; links: { memory: string; faults: string } | null; onReproduce(c: DeskCause): void }) {
  return (
    <li className="rounded-md border border-slate-300 bg-white p-2" data-testid="desk-cause" data-id={c.id}>
      <div className="flex flex-wrap items-start gap-2">
        <span className="rounded bg-slate-800 px-1.5 font-mono text-[11px] font-bold text-white">#{c.rank}</span>
        <p className="min-w-0 flex-1 basis-56 text-[12px] font-medium text-slate-900">{c.cause}</p>
        <button type="button" className="rounded-md border border-fuchsia-600 bg-fuchsia-50 px-2 text-[12px] font-medium text-fuchsia-950 hover:bg-fuchsia-100" data-testid="desk-reproduce"
          title={c.at ? `Open this scenario in the transport instrument at ${c.at.what}, with "why?" open` : 'Open this scenario in the transport instrument'} onClick={() => onReproduce(c)}>
          Reproduce, with why? ▸
        </button>
      </div>
      {c.conflicts.length > 0 && (
        <p className="mt-1 rounded border border-amber-400 bg-amber-50 px-1.5 py-0.5 text-[11px] text-amber-950" data-testid="desk-conflict">
          <span className="font-semibold">Ranked lower:</span> {c.conflicts.join('; and ')}.
        </p>
      )}
      <p className="mt-1 text-[11px] text-slate-700"><span className="font-semibold">Rule:</span> {c.rule}</p>
      <p className="text-[11px] text-slate-600">Shows {c.conflicts.length ? 'the other symptoms' : 'these symptoms'} under {c.profiles.map((p) => PROFILE[p]).join(', ')}{c.at && <> · opens at {c.at.what}, {(c.at.t / 1000).toFixed(3)} µs</>}</p>
      {c.scale && (
        <div className="mt-1 rounded border border-amber-300 bg-amber-50 p-1.5 text-[11px] text-amber-950" data-testid="desk-scale">
          {c.scale.measured && <p data-testid="desk-measured">Measured {c.scale.measured}.</p>}
          <p><span className="font-semibold">Counters:</span> {c.scale.counters}</p>
          {links && <p>At full scale: <a className="font-medium text-blue-800 underline" data-testid={`desk-open-${c.scale.lab}`} href={links[c.scale.lab]}>open the {c.scale.lab === 'memory' ? 'NIC memory instrument' : 'Faults instrument'}</a> — {c.scale.look}.</p>}
        </div>
      )}
      <details className="mt-1 text-[11px]">
        <summary className="cursor-pointer font-semibold text-slate-800">Recovery, as code steps</summary>
        <ol className="ml-4 list-decimal font-mono text-[11px] text-slate-800" data-testid="desk-recovery">{c.recovery.map((r) => <li key={r}>{r}</li>)}</ol>
      </details>
      <details className="mt-1 text-[11px]">
        <summary className="cursor-pointer font-semibold text-slate-800">Profile differences</summary>
        <Outcomes rows={c.outcomes} />
      </details>
    </li>
  );
}
