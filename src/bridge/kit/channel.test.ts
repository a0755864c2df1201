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

  it('badReply names what is wrong with a message', () => {
    const asked = new Set(['q1']);
    expect(badReply({ id: 'q1', type: 'RAW', value: 1 }, asked)).toBeNull();
    expect(badReply({ id: 'q1', type: 'HANDLER', name: 'throw', value: {} }, asked)).toBeNull();
    expect(badReply({ id: 'q2', type: 'RAW' }, asked)).toMatch(/never asked/);
    expect(badReply({ id: 7, type: 'RAW' }, asked)).toMatch(/never asked/);
    expect(badReply(undefined, asked)).toMatch(/answers nothing/);
  });
});
