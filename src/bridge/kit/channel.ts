// A worker behind comlink, watched for the failures comlink itself never reports: the Worker's
// `error` event (an uncaught exception, or a script that did not load), its `messageerror` event
// (a reply the page could not deserialize), and replies comlink cannot use (an id nobody asked
// for, a shape that is not a comlink reply). Comlink would drop or misread those silently, and
// a call would then wait forever; here each one is reported once to the client, which restarts.
// A worker that is simply gone (terminated, closed) sends nothing at all: its lifeline, a Web Lock
// it holds for life (worker/kit/lifeline.ts), is granted to the page the moment it goes.
import { wrap, type Endpoint } from 'comlink';
import type { Lifeline } from '../../worker/kit/types.ts';
import type { Connection, Failure } from './client.ts';

type Locks = Pick<LockManager, 'request'>;

let lifelines = 0;
/** Lock names are shared by every tab of the origin: each worker's must be its own. */
function lifelineName(): string {
  const id = globalThis.crypto?.randomUUID?.() ?? `${performance.timeOrigin}-${Math.random()}`;
  return `qp-scope-lifeline-${++lifelines}-${id}`;
}

/** Why a message from the worker is not a reply to a request in flight, or null when it is one. */
export function badReply(data: unknown, asked: ReadonlySet<string>): string | null {
  if (!data || typeof data !== 'object') return 'sent a message that answers nothing';
  const { id, type } = data as { id?: unknown; type?: unknown };
  if (typeof id !== 'string' || !asked.has(id)) return 'sent an answer to a question the page never asked';
  if (type !== 'RAW' && type !== 'HANDLER') return 'sent an answer in a form the page cannot read';
  return null;
}

/** Start a worker (`make` holds the `new Worker(new URL(…))` Vite bundles) and watch it. */
export function workerConnection<A>(make: () => Worker, locks: Locks | null = globalThis.navigator?.locks ?? null): Connection<A> {
  const w = make();
  const asked = new Set<string>();
  let report: (f: Failure) => void = () => undefined;
  let closed = false;
  const alarm = (f: Failure) => { if (!closed) report(f); };
  const life = locks ? lifelineName() : null;
  const cut = new AbortController();
  // The worker takes the lock, then echoes its name: only then may the page queue for it.
  if (life) w.postMessage({ qpScopeLifeline: life } satisfies Lifeline);
  const onEcho = (data: unknown): boolean => {
    if (!life || (data as Partial<Lifeline> | null)?.qpScopeLifeline !== life) return false;
    // A lifeline name exists only with locks.
    if (!closed && locks) {
      locks.request(life, { signal: cut.signal }, () => alarm({ kind: 'crashed', detail: 'was terminated or closed' }))
        // Aborted when the page closes the worker itself: nothing to report.
        .catch(() => undefined);
    }
    return true;
  };
  w.addEventListener('error', (e) => {
    // Handled here: the person is told in words, so the browser need not report it as uncaught.
    e.preventDefault();
    const msg = (e as ErrorEvent).message;
    alarm({ kind: 'crashed', detail: msg ? `threw an error nothing caught (${msg.slice(0, 120)})` : 'failed to start, or threw an error nothing caught' });
  });
  w.addEventListener('messageerror', () => alarm({ kind: 'garbage', detail: 'sent a message the page could not read' }));
  // Registered before comlink's own listener, so a bad message never reaches it.
  w.addEventListener('message', (e) => {
    if (onEcho(e.data)) { e.stopImmediatePropagation(); return; }
    const why = badReply(e.data, asked);
    if (why) {
      e.stopImmediatePropagation();
      alarm({ kind: 'garbage', detail: why });
    } else {
      asked.delete((e.data as { id: string }).id);
    }
  });
  const ep: Endpoint = {
    postMessage: (m: unknown, transfer?: Transferable[]) => {
      const id = (m as { id?: unknown } | null)?.id;
      if (typeof id === 'string') asked.add(id);
      w.postMessage(m, transfer ?? []);
    },
    addEventListener: w.addEventListener.bind(w) as Endpoint['addEventListener'],
    removeEventListener: w.removeEventListener.bind(w) as Endpoint['removeEventListener'],
  };
  return {
    api: wrap<A>(ep),
    watch: (r) => { report = r; },
    close: () => { closed = true; cut.abort(); w.terminate(); },
  };
}
