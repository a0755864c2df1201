// The diagnosis desk: start from what was seen, not from what to simulate. Two tabs: symptoms →
// ranked causes the model reproduces (the page's side of `npm run diagnose`), and the check of
// pasted ibv_modify_qp calls. Loaded only when opened (a chunk of its own); its worker starts then.
import { useEffect, useState } from 'react';
import { askDesk, type DeskAnswer, type DeskMenu } from '../../../bridge/diag.ts';
import type { DeskCause } from '../../../core/diag/desk.ts';
import type { ProfileId } from '../../../core/model/profiles.ts';
import { useTransport } from '../../../store/transport.ts';
import { Dialog } from '../../shell/Dialog.tsx';
import { TabPanel, Tabs, type TabItem } from '../../kit/Tabs.tsx';
import { EMPTY, SymptomForm, symptomsOf, type DeskForm } from './SymptomForm.tsx';
import { CauseCard } from './CauseList.tsx';
import { CodeCheck } from './CodeCheck.tsx';
import { reproduce } from './reproduce.ts';

type DeskTab = 'symptoms' | 'code';
const TABS: TabItem<DeskTab>[] = [{ id: 'symptoms', label: 'From a symptom' }, { id: 'code', label: 'Check my modify_qp calls' }];

/** The form and the answer outlive the dialog: reopening the desk after a reproduction shows them again. */
let kept: { form: DeskForm; answer: DeskAnswer | null; tab: DeskTab } = { form: EMPTY, answer: null, tab: 'symptoms' };

/** The answer in one line: how many causes agree with every symptom, and how many only contradict the QP states entered. */
function summary(causes: DeskCause[]): string {
  if (!causes.length) return 'No modelled cause produces these symptoms.';
  const off = causes.filter((c) => c.conflicts.length).length;
  const on = causes.length - off;
  const fit = on === 0 ? 'No cause leaves the QPs in the states entered' : `${on === 1 ? '1 cause reproduces' : `${on} causes reproduce`} these symptoms, most likely first`;
  return off ? `${fit}; ${off} more match${off === 1 ? 'es' : ''} the other symptoms but not the QP states entered (listed after, with why).` : fit;
}

export default function Desk({ onClose }: { onClose(): void }) {
  const profile = useTransport((s) => s.frame?.profile ?? 'ibta');
  const [tab, setTab] = useState<DeskTab>(kept.tab);
  const [form, setForm] = useState<DeskForm>(kept.form);
  const [menu, setMenu] = useState<DeskMenu | null>(null);
  const [links, setLinks] = useState<{ memory: string; faults: string } | null>(null);
  const [answer, setAnswer] = useState<DeskAnswer | null>(kept.answer);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  useEffect(() => { kept = { form, answer, tab }; }, [form, answer, tab]);
  useEffect(() => {
    let live = true;
    void askDesk((a) => a.menu(), () => null).then((m) => { if (live) setMenu(m); });
    void askDesk((a) => a.links(), () => null).then((l) => { if (live) setLinks(l); });
    return () => { live = false; };
  }, []);

  const find = async () => {
    const s = symptomsOf(form);
    if (typeof s === 'string') { setProblem(s); return; }
    setProblem('');
    setBusy(true);
    const profiles: ProfileId[] = form.profile ? [form.profile as ProfileId] : ['ibta', 'rxe', 'mlx5'];
    const a = await askDesk((w) => w.diagnose(s, profiles), (error): DeskAnswer => ({ ok: false, error }));
    setBusy(false);
    setAnswer(a);
  };
  const open = async (c: DeskCause) => {
    onClose();
    await reproduce(c);
  };
  return (
    <Dialog title="Diagnosis desk" testId="desk" wide onClose={onClose}>
      <Tabs<DeskTab> tabs={TABS} selected={tab} onSelect={setTab} label="Desk views" idPrefix="desk-tab-" panelId="desk-panel" className="gap-0.5 border-slate-200" small />
      <TabPanel id="desk-panel" idPrefix="desk-tab-" selected={tab} className="flex min-h-0 flex-col gap-2 overflow-y-auto pt-2">
        {tab === 'code' ? <CodeCheck defaultProfile={profile} /> : !menu ? <p className="text-[12px] text-slate-600" aria-busy="true">Starting the desk…</p> : (
          <>
            <p className="text-[12px] text-slate-700">Enter what you saw. The causes come from the model&apos;s own rules and key checks: each is kept only when its scenario, run, shows the completion, events and counters entered. One whose run ends with either QP in another state than entered is listed after the rest, with why.</p>
            <SymptomForm menu={menu} form={form} onChange={(f) => { setForm(f); setProblem(''); }} />
            <div className="flex items-center gap-2">
              <button type="button" disabled={busy} className="rounded-md border border-blue-700 bg-blue-700 px-3 py-0.5 text-[12px] font-medium text-white disabled:opacity-50" onClick={() => void find()} data-testid="desk-find">{busy ? 'Running the model…' : 'Find the causes'}</button>
              <button type="button" className="rounded-md border border-slate-400 px-2 py-0.5 text-[12px]" onClick={() => { setForm(EMPTY); setAnswer(null); setProblem(''); }}>Clear</button>
            </div>
            {problem && <p role="alert" className="text-[12px] text-red-800" data-testid="desk-problem">{problem}</p>}
            {answer && !answer.ok && <p role="alert" className="text-[12px] text-red-800">The desk failed: {answer.error}</p>}
            {answer?.ok && (
              <section aria-label="Causes, most likely first" data-testid="desk-causes">
                <p className="text-[12px] font-medium" role="status">{summary(answer.causes)}</p>
                <ol className="mt-1 flex flex-col gap-1.5">{answer.causes.map((c) => <CauseCard key={c.id} c={c} links={links} onReproduce={(x) => void open(x)} />)}</ol>
              </section>
            )}
          </>
        )}
      </TabPanel>
    </Dialog>
  );
}
