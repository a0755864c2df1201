// The instrument switch in every header: the current one marked, the others as links (a link
// with only `#lab=<id>` opens an instrument with its defaults).
import type { LabId } from '../../worker/kit/types.ts';

const LABS: Array<[LabId, string]> = [['transport', 'Transport'], ['memory', 'NIC memory'], ['faults', 'Faults']];

export function LabNav({ current }: { current: LabId }) {
  return (
    <nav aria-label="Instruments" className="flex shrink-0 overflow-hidden rounded-md border border-slate-300 text-xs font-medium">
      {LABS.map(([id, label]) => id === current
        ? <span key={id} aria-current="page" className="bg-slate-800 px-2 py-1.5 text-white">{label}</span>
        : <a key={id} href={`#lab=${id}`} className="px-2 py-1.5 text-slate-700 hover:bg-slate-100" data-testid={`to-${id}`}>{label}</a>)}
    </nav>
  );
}
