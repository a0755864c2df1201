// Two instruments share the page: the transport & lifecycle one (topics 1, 4–6) and the NIC
// memory one (topics 2, 3, 8, 9, 11). `#lab=memory` in the address selects the second, so a
// shared link opens the right one.
import { Suspense, lazy, useEffect, useState } from 'react';
import { App } from './App.tsx';

const MemoryLab = lazy(() => import('../views/memory/MemoryLab.tsx'));

function labFromHash(): 'transport' | 'memory' {
  return /(^|[#&])lab=memory(&|$)/.test(window.location.hash) ? 'memory' : 'transport';
}

export function Root() {
  const [lab, setLab] = useState(labFromHash);
  useEffect(() => {
    const on = () => setLab(labFromHash());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  if (lab === 'memory') {
    return <Suspense fallback={<p className="p-4">Loading the NIC memory lab…</p>}><MemoryLab /></Suspense>;
  }
  return <App />;
}
