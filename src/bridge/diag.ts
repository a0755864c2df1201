// The diagnosis desk's worker, started the first time the desk asks something (never at page
// load). Not an instrument: it holds no frame, nothing to restore; a worker that crashed or was
// lost is dropped and the next question starts a new one, while the question in flight is
// answered with the failure in words.
import type { Remote } from 'comlink';
import type { DiagApi } from '../worker/diag/api.ts';
import { workerConnection } from './kit/channel.ts';
import type { Connection } from './kit/client.ts';

export type { CodeReport, DeskAnswer, DeskMenu } from '../worker/diag/api.ts';

let conn: Connection<DiagApi> | null = null;
let lost: ((why: string) => void)[] = [];

function api(): Remote<DiagApi> {
  if (!conn) {
    const c = workerConnection<DiagApi>(() => new Worker(new URL('../worker/diag.worker.ts', import.meta.url), { type: 'module', name: 'qp-scope-diag' }));
    c.watch?.((f) => {
      if (conn === c) { conn = null; c.close?.(); }
      const waiting = lost;
      lost = [];
      for (const w of waiting) w(`the diagnosis worker ${f.detail}`);
    });
    conn = c;
  }
  return conn.api as Remote<DiagApi>;
}

/** Ask the desk's worker; a lost worker answers `{ ok: false, error }` instead of never. */
export function askDesk<T>(q: (a: Remote<DiagApi>) => Promise<T>, fail: (error: string) => T): Promise<T> {
  return new Promise<T>((resolve) => {
    const onLost = (why: string) => resolve(fail(why));
    lost.push(onLost);
    q(api()).then(resolve, (e: unknown) => resolve(fail(e instanceof Error ? e.message : String(e))))
      .finally(() => { lost = lost.filter((x) => x !== onLost); });
  });
}
