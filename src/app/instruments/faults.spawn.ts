// The faults instrument's worker, written out as Vite needs it to find and bundle a worker
// (`new Worker(new URL(…, import.meta.url))`, literally). Its registry entry holds it; the boot
// (app/first.ts) finds it by its file name before the registry loads, so this file stays tiny.
import { workerConnection } from '../../bridge/kit/channel.ts';
import type { FaultsApi } from '../../worker/faults/api.ts';

export const connect = () => workerConnection<FaultsApi>(() => new Worker(new URL('../../worker/faults.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-faults' }));
