// The driver profile the model follows, the profile to compare it with, and the table of every
// difference. Both selects show the choice at once (WorkerSelect) and are reconciled by the
// worker's next frame: switching the profile replays the same scenario to the same instant.
import { useState } from 'react';
import type { ProfileId } from '../../../core/index.ts';
import { transport } from '../../../bridge/labs.ts';
import { transportStore, useTransport } from '../../../store/transport.ts';
import { WorkerSelect } from '../../kit/controls.tsx';
import { Dialog } from '../../shell/Dialog.tsx';
import { ProfileTable } from './ProfileTable.tsx';

const NONE: readonly { id: ProfileId; label: string }[] = [];
const labelClass = 'whitespace-nowrap text-[12px] text-slate-600';
const selectClass = 'h-7 rounded-md border border-slate-400 bg-white px-1 text-[12px] text-slate-900';

export function ProfileBar() {
  const profile = useTransport((s) => s.frame?.profile ?? 'ibta');
  const compare = useTransport((s) => s.frame?.compare?.right ?? '');
  const profiles = useTransport((s) => s.reference?.profiles) ?? NONE;
  const differences = useTransport((s) => s.reference?.profileTable.filter((r) => !r.id.startsWith('same-')).length ?? 0);
  const [open, setOpen] = useState(false);
  const options = profiles.map((p) => [p.id, p.label] as const);
  const notice = (m: string) => transportStore.getState().showNotice('error', m);

  return (
    <section aria-label="Driver profile" title="Where drivers disagree, the model follows the profile chosen here; compare runs the same scenario under a second one."
      className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-[12px] lg:ml-3 lg:border-l lg:border-slate-300 lg:pl-3">
      <WorkerSelect id="profile-select" label="Driver" value={profile} options={options} className="flex items-center gap-1.5" selectClassName={selectClass} labelClassName={labelClass}
        onChange={async (v) => { const r = await transport().act('setProfile', v as ProfileId); if (r && !r.ok) notice(`The profile could not change: ${r.error}`); }} />
      <WorkerSelect id="compare-select" label="compare with" value={compare} className="flex items-center gap-1.5" selectClassName={selectClass} labelClassName={labelClass}
        options={[['', 'off'] as const, ...options.filter(([id]) => id !== profile)]}
        onChange={(v) => transport().act('setCompare', v === '' ? null : (v as ProfileId))} />
      <button type="button" data-testid="profile-table-open" onClick={() => setOpen(true)}
        className="inline-flex h-7 items-center whitespace-nowrap rounded-md border border-slate-400 bg-white px-2 text-[12px] font-medium text-slate-800 hover:bg-slate-100">
        {differences} differences…
      </button>
      {open && (
        <Dialog title="Driver profiles: every difference the model knows" testId="profile-table" wide onClose={() => setOpen(false)}>
          <ProfileTable current={profile} />
        </Dialog>
      )}
    </section>
  );
}
