// The page hosts the instruments of the registry (app/registry.ts): transport & lifecycle (topics
// 1, 4–6), NIC memory (topics 2, 3, 8, 9, 11) and faults at scale (topics 7, 10). The address says
// which, through the one link envelope; a shared link opens the right one at the right moment.
// Only the instrument on screen plays.
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Instruments } from '../views/shell/LabNav.tsx';
import { SyllabusRoute, useSyllabusShown } from './course/CourseRoute.tsx';
import { routeCourse } from './course/open.ts';
import { showWith, visit } from './links.ts';
import { labLink } from './lab.ts';
import { forgetProgress } from './progress.ts';
import { entryOf, find, instruments } from './registry.ts';
import { ChallengeLayer, VerifyLayer } from './ChallengeLayer.tsx';
import { openRoute, routeOf, useChallenges } from './challenge.ts';
import { stateFiles } from './stateFiles.ts';
import { StateFiles } from '../views/shell/StateFiles.tsx';

export function Root() {
  const [lab, setLab] = useState<string | null>(null);
  useEffect(() => {
    showWith((next, prev, o) => {
      if (next !== prev && prev) find(prev)?.shown?.(false);
      // A resumed place waits for the person's Play, as a restored one does.
      if (next !== prev && !o?.resumed) entryOf(next).shown?.(true);
      setLab(next);
    });
    let last: string | null = null;
    // The address a navigation brought (the event's, not location's: the address follows the
    // instrument by replaceState, which may run between the navigation and this handler).
    const open = (e?: HashChangeEvent) => {
      const hash = e ? new URL(e.newURL).hash : window.location.hash;
      if (hash === last) return;
      last = hash;
      // A course address shows its syllabus (app/course); the Verify page and a challenge have
      // addresses of their own (app/challenge.ts); every other one opens an instrument.
      if (routeCourse(hash)) return;
      const route = routeOf(hash);
      if (route) void openRoute(route);
      else { useChallenges.setState({ verifyPage: null }); void visit(hash); }
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  const nav = useMemo(() => instruments().map((e) => ({ id: e.id, title: e.title })), []);
  const buildLink = useMemo(() => (lab ? () => labLink(lab) : null), [lab]);
  const syllabus = useSyllabusShown();
  const files = useMemo(() => (lab ? stateFiles(lab) : null), [lab]);
  const verifyPage = useChallenges((s) => s.verifyPage);
  if (syllabus) return <SyllabusRoute />;
  // Back from the page opened first: the person's own place (a bare address) opens then.
  if (verifyPage !== null) return <VerifyLayer initial={verifyPage} onBack={() => { if (!lab) void visit(''); }} />;
  if (!lab || !buildLink) return <main className="flex h-full items-center justify-center text-sm text-slate-600" aria-busy="true">Starting…</main>;
  const { View, loading, lessons } = entryOf(lab);
  return (
    <Instruments.Provider value={nav}>
      <StateFiles.Provider value={files}>
        <Suspense fallback={<p className="p-4">{loading}</p>}><View buildLink={buildLink} onResetProgress={forgetProgress} actions={lessons} /></Suspense>
      </StateFiles.Provider>
      <ChallengeLayer />
    </Instruments.Provider>
  );
}
