// Every difference between providers the model knows, as a table: what happens under each
// profile and how we know it (read in driver code, documented, or the model's labelled choice),
// with the sources. Shown in help and from the profile bar.
import type { Basis, ProfileRow } from '../../../core/index.ts';
import { useTransport } from '../../../store/transport.ts';
import { AnswerFirst } from '../../kit/mask.tsx';
import { useTransportMask } from '../mask.ts';

const BASIS: Record<Basis, { label: string; className: string; title: string }> = {
  code: { label: 'code', className: 'bg-sky-50 text-sky-900 border-sky-300', title: 'Read in the driver\'s code' },
  documented: { label: 'doc', className: 'bg-green-50 text-green-900 border-green-300', title: 'Documented: a man page, the reference, the IBTA as quoted' },
  model: { label: 'MODEL', className: 'bg-amber-50 text-amber-900 border-amber-400', title: 'The public record is silent: the model\'s labelled reasoning' },
};

export function ProfileTable({ current }: { current?: string }) {
  const rows: readonly ProfileRow[] = useTransport((s) => s.reference?.profileTable) ?? [];
  const profiles = useTransport((s) => s.reference?.profiles) ?? [];
  // Its rows are what several questions ask (destroy with unpolled CQEs, a receive posted in
  // RESET, the UD send error, the responder's atomics): reference material, shown after the answer.
  const masked = useTransportMask('profile-table');
  if (masked) return <AnswerFirst block what="the table of provider differences" testId="profile-table-masked" />;
  return (
    <table className="w-full table-fixed border-collapse text-left text-[11.5px] [overflow-wrap:anywhere]" data-testid="profile-table-rows">
      <caption className="mb-1 text-left text-[12px] text-slate-700">
        Where the reference or driver code shows providers behave differently, the chosen profile decides. Rows marked “no difference” are kept because a reader might expect one.
      </caption>
      <thead>
        <tr className="border-b border-slate-300 text-slate-800">
          <th scope="col" className="w-[17%] py-1 pr-2">What happens</th>
          {profiles.map((p) => <th key={p.id} scope="col" className={`py-1 pr-2 ${p.id === current ? 'text-blue-800 underline' : ''}`}>{p.label}</th>)}
          <th scope="col" className="w-[26%] py-1">Sources</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid={`profile-row-${r.id}`} className="border-b border-slate-200 align-top">
            <th scope="row" className="py-1 pr-2 font-semibold text-slate-900">{r.what}</th>
            {profiles.map((p) => {
              const cell = r.cells[p.id];
              const b = BASIS[cell.basis];
              return (
                <td key={p.id} className={`py-1 pr-2 text-slate-800 ${p.id === current ? 'bg-blue-50' : ''}`}>
                  <span title={b.title} className={`mr-1 rounded border px-1 text-[10px] font-bold ${b.className}`}>{b.label}</span>{cell.does}
                </td>
              );
            })}
            <td className="py-1 text-[10.5px] text-slate-600">{r.sources}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
