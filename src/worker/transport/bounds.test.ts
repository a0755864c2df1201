// Bounded memory in the transport worker, by counts (never by time): however long it plays,
// the kept events, the checkpoints and the log's matches stay under their bounds; and what
// reads the trace keeps working within the window and says when something fell out of it.
import { describe, expect, it } from 'vitest';
import { Simulation, type ScenarioInput, type SimEvent } from '../../core/index.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { createTransportApi } from './api.ts';

const long = (durationNs = 10_000_000_000): ScenarioInput => ({ ...sandboxScenario(), config: { ...sandboxScenario().config, durationNs } });
const fresh = (scenario: unknown, t: number) => { const s = new Simulation(scenario, { traceKeep: Infinity }); s.runUntil(t); return s; };
const small = (keep: number) => createTransportApi({ traceKeep: keep, maxSteps: 1_000_000_000, maxBytes: 512 << 20 });

describe('bounded memory in the worker', () => {
  it('playing at top speed for many ticks keeps events, checkpoints and log matches under their bounds', () => {
    const api = small(2_000);
    api.load(long());
    api.setSpeed(1e9);
    api.play();
    let last = api.bounds();
    for (let i = 0; i < 24; i++) {
      api.tick(100);
      api.log({ kinds: ['cqe', 'pkt'], qp: null, text: '', offset: 0, limit: 10 });
      const b = api.bounds();
      expect(b.traceKept).toBeLessThanOrEqual(2_000 + 250);
      expect(b.checkpoints).toBeLessThanOrEqual(400);
      expect(b.checkpointBytes).toBeLessThanOrEqual(48 << 20);
      expect(b.logMatches).toBeLessThanOrEqual(b.traceKept);
      expect(b.logMatches).toBeGreaterThan(0);
      expect(b.t).toBeGreaterThan(last.t);
      last = b;
    }
    // It ran far past the window and past 400 checkpoints' worth of the first spacing (2 µs).
    expect(last.traceFrom).toBeGreaterThan(100_000);
    expect(last.t).toBeGreaterThan(800_000);
    expect(last.stopped).toBeNull();
  });
});

describe('reading the trace within its window', () => {
  it('seeking back before the window restores a checkpoint and replays: the state equals a fresh run', () => {
    const api = small(500);
    api.load(long(), 60_000);
    const from = api.bounds().traceFrom;
    expect(from).toBeGreaterThan(0);
    const f = api.seek(20_000);
    expect(f.traceHash).toBe(fresh(long(), 20_000).summary().traceHash);
    const ref = fresh(long(), 20_000).events();
    // The log after the seek is the full run's tail (what the window holds of it).
    expect(f.events).toEqual(ref.slice(ref.length - f.events.length));
    expect(api.seek(60_000).traceHash).toBe(fresh(long(), 60_000).summary().traceHash);
  });
  it('step back keeps going past the window\'s start, each step equal to a fresh run', () => {
    const api = small(120);
    api.load(long(), 12_000);
    const all = fresh(long(), 12_000).events();
    let f = api.frame();
    let crossed = false;
    for (let i = 0; i < 25; i++) {
      const before = f.t;
      const from = api.bounds().traceFrom;
      f = api.stepBack();
      // The previous distinct instant with an event, from the full trace.
      const upTo = all.filter((e) => e.t <= before);
      const latest = upTo.at(-1)!.t;
      const expected = upTo.filter((e) => e.t < latest).at(-1)?.t ?? 0;
      expect(f.t).toBe(expected);
      expect(f.traceHash).toBe(fresh(long(), f.t).summary().traceHash);
      if (from > 0 && api.bounds().traceFrom < from) crossed = true;
    }
    expect(crossed).toBe(true);
  });
  it('jumps back to an event of a kind that left the window long ago', () => {
    const sc: ScenarioInput = { ...long(), commands: [{ t: 5_000, cmd: { kind: 'qpFatal', host: 0, qpn: 0x101 } }] };
    const api = small(200);
    api.load(sc, 40_000);
    expect(api.bounds().traceFrom).toBeGreaterThan(0);
    const r = api.jump('fault', -1);
    expect(r.ok).toBe(true);
    expect(r.frame.t).toBe(5_000);
    expect(r.frame.traceHash).toBe(fresh(sc, 5_000).summary().traceHash);
  });
  it('why? stops at the window\'s start and says so; the part it shows is the full chain\'s start', () => {
    const keep = 40;
    const api = small(keep);
    api.load(long(), 20_000);
    const { rows } = api.log({ kinds: ['cqe'], qp: null, text: '', offset: 0, limit: 500 });
    const cut = rows.map((r) => api.why(r.i)).find((c) => c.at(-1)?.cut);
    expect(cut).toBeDefined();
    const full = fresh(long(), 20_000);
    const truth = full.why(cut![0].i).map((k) => full.events()[k - full.eventsFrom()]);
    expect(truth.length).toBeGreaterThan(cut!.length);
    expect(cut!.map((l) => l.e)).toEqual(truth.slice(0, cut!.length));
    // A chain that stays inside the window ends at its root, not cut.
    const whole = createTransportApi();
    whole.load(long(), 20_000);
    expect(whole.why(cut![0].i).at(-1)?.cut).toBeUndefined();
  });
  it('the full log and the exports say how much of the run they hold', () => {
    const api = small(300);
    api.load(long(), 30_000);
    const b = api.bounds();
    const page = api.log({ kinds: null, qp: null, text: '', offset: 0, limit: 5 });
    expect(page).toMatchObject({ total: b.traceKept, count: b.traceCount, from: b.traceFrom });
    expect(page.rows[0].i).toBe(b.traceFrom);
    const j = JSON.parse(api.exportTrace('json'));
    expect(j).toMatchObject({ count: b.traceCount, from: b.traceFrom });
    expect(j.events).toHaveLength(b.traceKept);
    expect(j.holds).toBe(`events #${b.traceFrom} to #${b.traceCount - 1} of ${b.traceCount}: the ${b.traceFrom} before them are no longer kept (the trace keeps its newest events; the hash covers every one)`);
    const csv = api.exportTrace('csv').trim().split('\n');
    expect(csv[0]).toBe(`# ${j.holds}; trace hash ${j.traceHash}`);
    expect(csv).toHaveLength(b.traceKept + 2);
  });
});

describe('what must see every event', () => {
  const modifies = (n: number) => ({ title: 'count the modifies', text: '', goal: { events: { kind: 'modify', atLeast: n } } });
  it('a written challenge counts every event of its goal\'s kinds, also those the window no longer keeps, and after a seek back', () => {
    const all = fresh(long(), 30_000).events().filter((e): e is Extract<SimEvent, { kind: 'modify' }> => e.kind === 'modify');
    const api = small(200);
    expect(api.startChallenge(modifies(all.length), long()).ok).toBe(true);
    api.seek(0);
    api.setSpeed(1e8);
    api.play();
    while (api.frame().t < 30_000) api.tick(100);
    api.seek(30_000);
    expect(api.bounds().traceFrom).toBeGreaterThan(0);
    let c = api.frame().challenge!;
    expect(c.parts[0].text).toMatch(new RegExp(`\\(now ${all.length}\\)$`));
    expect(c.met).toBe(true);
    expect(c.ungraded).toBeUndefined();
    c = api.seek(10_000).challenge!;
    expect(c.met).toBe(all.filter((e) => e.t <= 10_000).length >= all.length);
    expect(api.seek(30_000).challenge!.met).toBe(true);
  });
  it('compare mode turned on late still finds a first difference that left the window long ago', () => {
    const sc: ScenarioInput = {
      ...long(),
      config: { ...long().config, qps: [...long().config.qps, { host: 0, type: 'UD', recvs: 4 }, { host: 1, type: 'UD', recvs: 4 }] },
      commands: [
        { t: 1000, cmd: { kind: 'failNextWr', host: 0, qpn: 0x102, status: 'IBV_WC_LOC_PROT_ERR' } },
        { t: 2000, cmd: { kind: 'postSend', host: 0, qpn: 0x102, wr: { wrId: 1, opcode: 'IBV_WR_SEND', length: 64, ud: { host: 1, qpn: 0x202, qkey: 0x11111111 } } } },
      ],
    };
    const wide = createTransportApi();
    wide.load(sc, 40_000);
    const truth = wide.setCompare('rxe').compare!.firstDiff;
    expect(truth).not.toBeNull();
    const api = small(300);
    api.load(sc, 40_000);
    expect(api.bounds().traceFrom).toBeGreaterThan(truth!.index);
    const c = api.setCompare('rxe').compare!;
    expect(c.firstDiff).toEqual(truth);
    expect(c.rows.some((r) => r.first && r.i === truth!.index)).toBe(true);
    expect(c.unchecked).toBeUndefined();
  });
});

describe('a budget stops the run in the page', () => {
  it('the frame says why, playing stops, the instant reached is kept; seeking back clears it', () => {
    const api = createTransportApi({ traceKeep: 1_000, maxSteps: 200_000, maxBytes: 512 << 20 });
    api.load(long());
    api.setSpeed(1e9);
    api.play();
    let f = api.frame();
    for (let i = 0; i < 50 && !f.stopped; i++) f = api.tick(100);
    expect(f.stopped).toMatch(/^the run stopped at [\d,]+ ns: it used its work budget of 200,000 steps$/);
    expect(f.playing).toBe(false);
    expect(f.t).toBe(f.maxT);
    expect(api.play().playing).toBe(false);
    expect(api.tick(100).t).toBe(f.t);
    expect(api.command({ kind: 'qpFatal', host: 0, qpn: 0x100 })).toMatchObject({ ok: false, error: f.stopped });
    const back = api.seek(Math.floor(f.t / 2));
    expect(back.stopped).toBeNull();
    expect(back.traceHash).toBe(fresh(long(), back.t).summary().traceHash);
  });
});
