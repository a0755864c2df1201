import { describe, expect, it } from 'vitest';
import { badReply, workerConnection } from './channel.ts';
import type { Failure } from './client.ts';
import { settle } from './fakeWorker.ts';

/** A Worker as the page sees one: messages in both directions, its events, terminate(). */
class FakeWorker extends EventTarget {
  readonly posted: Array<{ id: string; type: string; path: string[] }> = [];
  terminated = false;
  postMessage(m: { id: string; type: string; path: string[] }): void { this.posted.push(m); }
  terminate(): void { this.terminated = true; }
  reply(data: unknown): void { this.dispatchEvent(new MessageEvent('message', { data })); }
}

function connect() {
  const w = new FakeWorker();
  const alarms: Failure[] = [];
  const conn = workerConnection<{ frame(): number }>(() => w as unknown as Worker);
  conn.watch!((f) => alarms.push(f));
  return { w, alarms, api: conn.api as { frame(): Promise<number> }, conn };
}

describe('the watched worker channel', () => {
  it('a reply to a request in flight answers it, once', async () => {
    const { w, alarms, api } = connect();
    const answer = api.frame();
    await settle();
    const q = w.posted[0];
    expect(q).toMatchObject({ type: 'APPLY', path: ['frame'] });
    w.reply({ id: q.id, type: 'RAW', value: 42 });
    await expect(answer).resolves.toBe(42);
    // The same id again is an answer to nothing now.
    w.reply({ id: q.id, type: 'RAW', value: 43 });
    expect(alarms.map((a) => a.detail)).toEqual(['sent an answer to a question the page never asked']);
  });

  it('garbage is an alarm and never reaches comlink: an unknown id, a bad shape, not an object', async () => {
    const { w, alarms, api } = connect();
    let answered = false;
    void api.frame().then(() => { answered = true; });
    await settle();
    const { id } = w.posted[0];
    w.reply({ id: 'a question nobody asked', type: 'RAW', value: 1 });
    w.reply({ id, type: 'RELEASE' });
    w.reply('hello');
    w.reply(null);
    await settle();
    expect(answered).toBe(false);
    expect(alarms.map((a) => a.kind)).toEqual(['garbage', 'garbage', 'garbage', 'garbage']);
    expect(alarms[1].detail).toBe('sent an answer in a form the page cannot read');
  });

  it("the Worker's error and messageerror events are alarms; the error is handled (not reported as uncaught)", () => {
    const { w, alarms } = connect();
    const err = Object.assign(new Event('error', { cancelable: true }), { message: 'Uncaught Error: boom' });
    w.dispatchEvent(err);
    w.dispatchEvent(new Event('messageerror'));
    expect(err.defaultPrevented).toBe(true);
    expect(alarms).toEqual([
      { kind: 'crashed', detail: 'threw an error nothing caught (Uncaught Error: boom)' },
      { kind: 'garbage', detail: 'sent a message the page could not read' },
    ]);
  });

  it('a closed connection terminates its worker and raises no more alarms', () => {
    const { w, alarms, conn } = connect();
    conn.close!();
    expect(w.terminated).toBe(true);
    w.dispatchEvent(new Event('messageerror'));
    expect(alarms).toEqual([]);
  });

  it('the lifeline: the worker is told a lock name, the page queues for it once the worker holds it, and its grant (the worker gone) is an alarm', async () => {
    const requests: Array<{ name: string; signal?: AbortSignal; grant(): unknown }> = [];
    const locks = { request: (name: string, opts: LockOptions, cb: () => unknown) => new Promise((resolve, reject) => {
      opts.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      requests.push({ name, signal: opts.signal, grant: () => resolve(cb()) });
    }) } as unknown as Pick<LockManager, 'request'>;
    const open = () => {
      const w = new FakeWorker();
      const alarms: Failure[] = [];
      const conn = workerConnection<{ frame(): number }>(() => w as unknown as Worker, locks);
      conn.watch!((f) => alarms.push(f));
      return { w, alarms, conn, name: (w.posted[0] as unknown as { qpScopeLifeline: string }).qpScopeLifeline };
    };
    const a = open();
    const b = open();
    expect(a.name).toMatch(/^qp-scope-lifeline-/);
    expect(b.name).not.toBe(a.name);
    // Before the echo the worker may not hold it yet: the page must not queue (it would be granted at once).
    expect(requests).toEqual([]);
    a.w.reply({ qpScopeLifeline: a.name });
    b.w.reply({ qpScopeLifeline: b.name });
    expect(requests.map((r) => r.name)).toEqual([a.name, b.name]);
    expect(a.alarms).toEqual([]);
    requests[0].grant();
    expect(a.alarms).toEqual([{ kind: 'crashed', detail: 'was terminated or closed' }]);
    // Closed by the page: the request is withdrawn and nothing is reported.
    b.conn.close!();
    expect(requests[1].signal?.aborted).toBe(true);
    await settle();
    expect(b.alarms).toEqual([]);
    // An echo of another name is not a lifeline: it is garbage.
    const c = open();
    c.w.reply({ qpScopeLifeline: 'someone else' });
    expect(c.alarms.map((x) => x.kind)).toEqual(['garbage']);
  });

  it('badReply names what is wrong with a message', () => {
    const asked = new Set(['q1']);
    expect(badReply({ id: 'q1', type: 'RAW', value: 1 }, asked)).toBeNull();
    expect(badReply({ id: 'q1', type: 'HANDLER', name: 'throw', value: {} }, asked)).toBeNull();
    expect(badReply({ id: 'q2', type: 'RAW' }, asked)).toMatch(/never asked/);
    expect(badReply({ id: 7, type: 'RAW' }, asked)).toMatch(/never asked/);
    expect(badReply(undefined, asked)).toMatch(/answers nothing/);
  });
});
