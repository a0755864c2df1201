// The transport instrument's worker, written out as Vite needs it to find and bundle a worker
// (`new Worker(new URL(…, import.meta.url))`, literally). Its registry entry holds it; the boot
// (app/first.ts) finds it by its file name before the registry loads, so this file stays tiny.
import { workerConnection } from '../../bridge/kit/channel.ts';
import type { TransportApi } from '../../worker/transport/api.ts';

export const connect = () => workerConnection<TransportApi>(() => new Worker(new URL('../../worker/transport.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-transport' }));
