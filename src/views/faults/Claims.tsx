// Where a statement comes from, as a badge: documented, read in driver code, or the model's own
// reasoning where the public record is silent. Every claim of the faults model has one.
import type { Claim } from '../../core/index.ts';

const STYLE = {
  documented: { text: 'DOC', cls: 'border-sky-700 bg-sky-50 text-sky-900', title: 'documented (spec, man page, commit message)' },
  code: { text: 'CODE', cls: 'border-emerald-700 bg-emerald-50 text-emerald-900', title: 'read in driver code' },
  model: { text: 'MODEL', cls: 'border-amber-700 bg-amber-50 text-amber-900', title: "the model's reasoning: no public source says" },
} as const;

export function KindBadge({ kind }: { kind: Claim['kind'] }) {
  const s = STYLE[kind];
  return <span title={s.title} className={`inline-block rounded border px-1 text-[10px] font-bold tracking-wide ${s.cls}`}>{s.text}</span>;
}

export function ClaimList({ claims, testId }: { claims: readonly Claim[]; testId: string }) {
  return (
    <ul className="flex flex-col gap-1 text-[12px]" data-testid={testId}>
      {claims.map((c) => (
        <li key={c.id} className="flex gap-1.5 leading-snug" data-kind={c.kind}>
          <span className="shrink-0 pt-0.5"><KindBadge kind={c.kind} /></span>
          <span>{c.claim} <span className="text-slate-500">— {c.source} [sources.md: <code>{c.key}</code>]</span></span>
        </li>
      ))}
    </ul>
  );
}
