// The page hosts three instruments: transport & lifecycle (topics 1, 4–6), NIC memory (topics 2,
// 3, 8, 9, 11) and faults at scale (topics 7, 10). The address says which, through the one link envelope; a shared link
// opens the right one at the right moment. Only the instrument on screen plays.
import { Suspense, lazy, useEffect, useState } from 'react';
import { TransportLab } from '../views/transport/TransportLab.tsx';
import { openLocation, type Lab } from './links.ts';
import { memoryLink, playMemory } from './memory.ts';
import { transportLink } from './transport.ts';
import { faultsLink, playFaults } from './faults.ts';

const MemoryLab = lazy(() => import('../views/memory/MemoryLab.tsx'));
const FaultsLab = lazy(() => import('../views/faults/FaultsLab.tsx'));

export function Root() {
  const [lab, setLab] = useState<Lab | null>(null);
  useEffect(() => {
    let current: Lab | null = null;
    let last: string | null = null;
    const open = () => {
      const hash = window.location.hash;
      if (hash === last) return;
      last = hash;
      void openLocation(hash, current).then((next) => {
        if (next !== current && current === 'memory') playMemory(false);
        if (next !== current && current === 'faults') playFaults(false);
        if (next === 'memory' && current !== 'memory') playMemory(true);
        current = next;
        setLab(next);
      });
    };
    open();
    window.addEventListener('hashchange', open);
    return () => window.removeEventListener('hashchange', open);
  }, []);
  if (lab === 'memory') {
    return <Suspense fallback={<p className="p-4">Loading the NIC memory lab…</p>}><MemoryLab buildLink={memoryLink} /></Suspense>;
  }
  if (lab === 'faults') {
    return <Suspense fallback={<p className="p-4">Loading the Faults instrument…</p>}><FaultsLab buildLink={faultsLink} /></Suspense>;
  }
  if (lab === 'transport') return <TransportLab buildLink={transportLink} />;
  return <main className="flex h-full items-center justify-center text-sm text-slate-600" aria-busy="true">Starting…</main>;
}
