import { useSim } from '../store/simStore.ts';

export function App() {
  const frame = useSim((s) => s.frame);
  return (
    <main className="p-4">
      <h1 className="text-xl font-semibold">QP Scope</h1>
      <p>t = {frame?.t ?? 0} ns, {frame?.world.qps.length ?? 0} QPs</p>
    </main>
  );
}
