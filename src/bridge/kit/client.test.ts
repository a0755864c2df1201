import { describe, expect, it } from 'vitest';
import { LabClient, RESTART_ATTEMPTS, WorkerLost, type RecoveryEvent, type RecoveryHooks } from './client.ts';
import { Clock, TinyLab, settle, type TinyApi, type TinyFrame } from './fakeWorker.ts';

const DEADLINE = 5000;

/** A client over fake workers: every (re)start makes a new TinyLab; recovery events are recorded. */
function rig(hooks?: Partial<RecoveryHooks<TinyApi, TinyFrame>>) {
  const clock = new Clock();
  const labs: TinyLab[] = [];
  const events: RecoveryEvent[] = [];
  const restores: Array<{ snapshot: unknown; exact: boolean; lastT: number | null }> = [];
  const client = new LabClient<TinyApi, TinyFrame>(() => {
    const lab = new TinyLab();
    lab.clock = () => clock.now;
    lab.later = (cb, ms) => clock.set(cb, ms);
    labs.push(lab);
    return lab.connection();
  }, { now: () => clock.now, schedule: (cb) => clock.set(cb, 16), cancel: (id) => clock.clear(id), timers: clock, deadlineMs: DEADLINE, heartbeatMs: 3000, snapshotMs: 1000 });
  client.onRecovery((e) => events.push(e));
  client.supervise({
    snapshot: async (via) => (await via.call('state')).t,
    async restore(via, input) {
      restores.push({ snapshot: input.snapshot, exact: input.exact, lastT: input.last?.t ?? null });
      const t = input.exact && input.last ? input.last.t : typeof input.snapshot === 'number' ? input.snapshot : 0;
      await via.call('open', t);
      return `at ${t}`;
    },
    ...hooks,
  });
  return { clock, labs, events, restores, client, phases: () => events.map((e) => e.phase) };
}

describe('LabClient recovery (fake worker in Node)', () => {
  it('a worker silent for the deadline while owing a tick is hung: playback stops, a new worker reopens the last instant shown', async () => {
    const { clock, labs, events, restores, client, phases } = rig();
    await client.call('frame');
    await client.call('play');
    await clock.advance(1000);
    const shown = client.frame!.t;
    expect(shown).toBeGreaterThan(500);
    labs[0].behaviour = 'silent';
    await clock.advance(DEADLINE - 100);
    expect(phases()).toEqual([]);
    await clock.advance(200 + 100);
    expect(phases()).toEqual(['lost', 'restored']);
    expect(events[0]).toMatchObject({ failure: { kind: 'hung', call: 'tick' } });
    expect(labs).toHaveLength(2);
    expect(labs[0].closed).toBe(true);
    expect(restores).toEqual([{ snapshot: expect.any(Number), exact: true, lastT: shown }]);
    expect(labs[1].t).toBe(shown);
    // The new worker's frames count from 1 again and are shown all the same; it does not play.
    expect(client.frame).toMatchObject({ t: shown, playing: false });
    expect(client.state).toBe('up');
  });

  it('silence is measured from the last answer: a slow worker answering in order is never hung, one call longer than the deadline is', async () => {
    const { clock, labs, client, phases } = rig();
    await client.call('frame');
    labs[0].slowMs = 3000;
    const answers = [client.call('step'), client.call('step'), client.call('step')];
    await clock.advance(9500);
    await Promise.all(answers);
    expect(phases()).toEqual([]);
    labs[0].slowMs = DEADLINE + 1000;
    void client.act('step');
    await clock.advance(4 * DEADLINE);
    expect(phases()).toEqual(['lost', 'restored']);
  });

  it('a channel alarm (messageerror) restarts the worker; the calls it owed are sent once more, to the new one', async () => {
    const { clock, labs, events, client } = rig();
    await client.call('frame');
    labs[0].silent.add('step');
    const step = client.call('step');
    await settle();
    labs[0].alarm({ kind: 'garbage', detail: 'sent a message the page could not read' });
    await clock.advance(10);
    expect(events[0]).toMatchObject({ phase: 'lost', failure: { kind: 'garbage' } });
    await expect(step).resolves.toMatchObject({ t: 1 });
    expect(labs[1].calls).toContain('step');
    expect(labs[1].calls.indexOf('open')).toBeLessThan(labs[1].calls.indexOf('step'));
  });

  it('a call made while the worker restarts waits and then runs on the new worker', async () => {
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((r) => { letGo = r; });
    const { clock, labs, client, phases } = rig({
      restore: async (via) => { await held; await via.call('open', 0); return 'at 0'; },
    });
    await client.call('frame');
    labs[0].alarm({ kind: 'crashed', detail: 'threw an error nothing caught (boom)' });
    await settle();
    expect(client.state).toBe('restarting');
    const step = client.call('step');
    await clock.advance(100);
    expect(labs[1].calls).not.toContain('step');
    letGo();
    await expect(step).resolves.toMatchObject({ t: 1 });
    expect(phases()).toEqual(['lost', 'restored']);
  });

  it('a rejected tick stops playback and restarts; an action the worker throws on is refused to its caller and not sent again', async () => {
    const { clock, labs, events, client } = rig();
    await client.call('frame');
    await client.call('play');
    labs[0].throwing.add('tick');
    await clock.advance(100);
    expect(events[0]).toMatchObject({ phase: 'lost', failure: { kind: 'threw', call: 'tick' } });
    await clock.advance(10);
    expect(client.frame?.playing).toBe(false);
    labs[1].behaviour = 'throw';
    await expect(client.call('step')).rejects.toThrow('step broke');
    await clock.advance(10);
    expect(labs).toHaveLength(3);
    expect(labs[2].calls).not.toContain('step');
  });

  it('the call a hang is stuck on is not sent again (it would hang the new worker too); the ones behind it are', async () => {
    const { clock, labs, client } = rig();
    await client.call('frame');
    labs[0].behaviour = 'silent';
    const stuck = client.call('step');
    const behind = client.call('pause');
    await clock.advance(DEADLINE + 100);
    await expect(stuck).rejects.toBeInstanceOf(WorkerLost);
    await expect(behind).resolves.toMatchObject({ playing: false });
    expect(labs[1].calls).toEqual(expect.arrayContaining(['open', 'pause']));
    expect(labs[1].calls).not.toContain('step');
  });

  it(`a restore that keeps failing: attempt ${RESTART_ATTEMPTS} goes without the snapshot; if that fails too, calls are refused`, async () => {
    const picky = rig({ restore: async (via, input) => { if (input.snapshot !== null) throw new Error('poisoned'); await via.call('open', 0); return 'afresh'; } });
    await picky.client.call('frame');
    picky.labs[0].alarm({ kind: 'crashed', detail: 'failed to start' });
    await picky.clock.advance(10);
    expect(picky.events.at(-1)).toMatchObject({ phase: 'restored', attempts: RESTART_ATTEMPTS, words: 'afresh' });

    const broken = rig({ restore: async () => { throw new Error('never'); } });
    await broken.client.call('frame');
    broken.labs[0].alarm({ kind: 'crashed', detail: 'failed to start' });
    await broken.clock.advance(10);
    expect(broken.phases()).toEqual(['lost', 'failed']);
    expect(broken.events[1]).toMatchObject({ error: 'never' });
    expect(broken.client.state).toBe('down');
    expect(broken.labs.every((l) => l.closed)).toBe(true);
    await expect(broken.client.call('frame')).rejects.toBeInstanceOf(WorkerLost);
    expect(await broken.client.act('frame')).toBeUndefined();
  });

  it('the snapshot follows each action at once and, while playing, every second; not exact once an action was answered after it', async () => {
    const { clock, labs, restores, client } = rig();
    const snaps = () => labs[0].calls.filter((c) => c === 'state').length;
    await client.call('frame');
    await settle();
    const first = snaps();
    await client.call('step');
    await settle();
    expect(snaps()).toBe(first + 1);
    expect(client.snapshotCurrent).toBe(true);
    await client.call('play');
    await settle();
    const playing = snaps();
    await clock.advance(3500);
    expect(snaps() - playing).toBeGreaterThanOrEqual(3);
    expect(snaps() - playing).toBeLessThanOrEqual(4);
    await client.call('pause');
    await settle();
    // An action answered while its snapshot is still owed: a restart can only reopen the one before.
    labs[0].silent.add('state');
    await client.call('step');
    expect(client.snapshotCurrent).toBe(false);
    labs[0].alarm({ kind: 'garbage', detail: 'sent an answer to a question the page never asked' });
    await clock.advance(10);
    expect(restores.at(-1)).toMatchObject({ exact: false });
  });

  it('a worker that died idle is found by the heartbeat, before anyone asks it anything', async () => {
    const { clock, labs, events, client } = rig();
    await client.call('frame');
    await settle();
    labs[0].closed = true;
    await clock.advance(3000 + DEADLINE + 100);
    expect(events[0]).toMatchObject({ phase: 'lost', failure: { kind: 'hung', call: 'ping' } });
    expect(labs).toHaveLength(2);
  });

  it('a client without a factory (in-process) reports a failure and keeps its API', async () => {
    const lab = new TinyLab();
    const clock = new Clock();
    const client = new LabClient<TinyApi, TinyFrame>(lab.connection(), { timers: clock, now: () => clock.now, schedule: (cb) => clock.set(cb, 16), cancel: (id) => clock.clear(id) });
    const events: RecoveryEvent[] = [];
    client.onRecovery((e) => events.push(e));
    lab.behaviour = 'throw';
    expect(await client.act('step')).toBeUndefined();
    expect(events).toMatchObject([{ phase: 'failed', failure: { kind: 'threw', call: 'step' } }]);
    lab.behaviour = 'answer';
    await expect(client.call('step')).resolves.toMatchObject({ t: 1 });
  });

  it('Play and Pause show the choice at once; a second click before the answer pauses (not Play twice), and no tick follows the pause', async () => {
    const { clock, labs, client } = rig();
    await client.call('frame');
    const shown: boolean[] = [];
    client.onFrame((f) => shown.push(f.playing));
    labs[0].slowMs = 400;
    void client.toggle();
    expect(client.playing).toBe(true);
    expect(shown.at(-1)).toBe(true);
    void client.toggle();
    expect(client.playing).toBe(false);
    expect(shown.at(-1)).toBe(false);
    await clock.advance(3000);
    expect(labs[0].calls.filter((c) => c !== 'state' && c !== 'ping')).toEqual(['frame', 'play', 'pause']);
    expect(client.frame?.playing).toBe(false);
    // The play's answer (playing) came in between and never showed the run playing again.
    expect(shown.slice(2).every((p) => !p)).toBe(true);
  });

  it('a Play the worker refuses shows playing until its answer, then the worker\'s paused', async () => {
    const { clock, labs, client } = rig();
    await client.call('frame');
    labs[0].refusePlay = true;
    labs[0].slowMs = 200;
    void client.toggle();
    expect(client.playing).toBe(true);
    await clock.advance(1000);
    expect(client.playing).toBe(false);
    expect(client.frame?.playing).toBe(false);
  });
});
