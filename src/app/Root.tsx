// The page hosts three instruments: transport & lifecycle (topics 1, 4–6), NIC memory (topics 2,
// 3, 8, 9, 11) and faults at scale (topics 7, 10). The address says which, through the one link envelope; a shared link
// opens the right one at the right moment. Only the instrument on screen plays.
import { Suspense, lazy, useEffect, useState } from 'react';
import { TransportLab } from '../views/transport/TransportLab.tsx';
import { showWith, visit, type Lab } from './links.ts';
import { memoryLink, playMemory } from './memory.ts';
import { challengeLink, transportLink } from './transport.ts';
import { faultsLink, playFaults } from './faults.ts';
import { forgetProgress } from './progress.ts';
import { exampleChallenge } from '../scenario/challenge.ts';

const challengeKit = { example: exampleChallenge(), build: challengeLink };

const MemoryLab = lazy(() => import('../views/memory/MemoryLab.tsx'));
const FaultsLab = lazy(() => import('../views/faults/FaultsLab.tsx'));

export function Root() {
  const [lab, setLab] = useState<Lab | null>(null);
  useEffect(() => {
    showWith((next, prev) => {
      if (next !== prev && prev === 'memory') playMemory(false);
      if (next !== prev && prev === 'faults') playFaults(false);
      if (next === 'memory' && prev !== 'memory') playMemory(true);
      setLab(next);
    });
    let last: string | null = null;
    const open = () => {
      const hash = window.location.hash;
      if (hash === last) return;
      last = hash;
      void visit(hash);
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  if (lab === 'memory') {
    return <Suspense fallback={<p className="p-4">Loading the NIC memory lab…</p>}><MemoryLab buildLink={memoryLink} onResetProgress={forgetProgress} /></Suspense>;
  }
  if (lab === 'faults') {
    return <Suspense fallback={<p className="p-4">Loading the Faults instrument…</p>}><FaultsLab buildLink={faultsLink} /></Suspense>;
  }
  if (lab === 'transport') return <TransportLab buildLink={transportLink} onResetProgress={forgetProgress} challengeKit={challengeKit} />;
  return <main className="flex h-full items-center justify-center text-sm text-slate-600" aria-busy="true">Starting…</main>;
}
