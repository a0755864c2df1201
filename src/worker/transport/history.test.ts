// Time travel and history through the worker API: stepping back equals a fresh run to that
// instant (same trace hash), jumps land on events of the chosen kind, the causal chain comes
// back with its events, the full log filters and searches, an export imports to the same hash,
// and an act in the past can be undone.
import { describe, expect, it } from 'vitest';
import { Simulation } from '../../core/index.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import { createTransportApi } from './api.ts';

const fresh = (scenario: unknown, t: number) => { const s = new Simulation(scenario); s.runUntil(t); return s; };

describe('step back', () => {
  it('three steps back equal a fresh run to the same instant, hash for hash', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 12_000);
    let f = api.frame();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) { f = api.stepBack(); times.push(f.t); }
    expect(times[0]).toBeLessThan(12_000);
    expect(times[1]).toBeLessThan(times[0]);
    expect(times[2]).toBeLessThan(times[1]);
    const ref = fresh(api.exportScenario().scenario, f.t);
    expect(f.traceHash).toBe(ref.summary().traceHash);
    // The latest event shown is at the instant stepped back to.
    expect(f.events.at(-1)!.t).toBe(f.t);
  });
  it('stepping back and forward again returns to the same trace', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 5_000);
    const before = api.frame();
    const back = api.stepBack();
    const again = api.seek(before.t);
    expect(back.t).toBeLessThan(before.t);
    expect(again.traceHash).toBe(before.traceHash);
  });
});

describe('jump, why, log', () => {
  it('jumps to the next and previous CQE', () => {
    const api = createTransportApi();
    api.load(sandboxScenario());
    const next = api.jump('cqe', 1);
    expect(next.ok).toBe(true);
    expect(next.frame.events.some((e) => e.kind === 'cqe' && e.t === next.frame.t)).toBe(true);
    api.seek(next.frame.t + 30_000);
    const prev = api.jump('cqe', -1);
    expect(prev.frame.t).toBeLessThan(next.frame.t + 30_000);
    expect(api.jump('no-such-kind', -1).ok).toBe(false);
  });
  it('answers why with the chain of events, root last', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 20_000);
    const page = api.log({ kinds: ['cqe'], qp: null, text: '', offset: 0, limit: 1 });
    expect(page.total).toBeGreaterThan(0);
    const chain = api.why(page.rows[0].i);
    expect(chain[0].e.kind).toBe('cqe');
    expect(chain.length).toBeGreaterThan(2);
    expect(chain.at(-1)!.e.kind).toBe('post');
  });
  it('filters by kind and QP and searches text; pages are windows of every event', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 20_000);
    const all = api.log({ kinds: null, qp: null, text: '', offset: 0, limit: 10 });
    expect(all.total).toBe(all.count);
    const mine = api.log({ kinds: null, qp: { host: 1, qpn: 0x201 }, text: '', offset: 0, limit: 500 });
    expect(mine.rows.every((r) => JSON.stringify(r.e).includes('513'))).toBe(true);
    const acks = api.log({ kinds: ['pkt'], qp: null, text: 'acknowledge', offset: 0, limit: 500 });
    expect(acks.total).toBeGreaterThan(0);
    expect(acks.rows.every((r) => r.e.kind === 'pkt' && r.e.op.startsWith('ACK'))).toBe(true);
  });
});

describe('export and import', () => {
  it('an exported scenario imported into a fresh API reaches the same hash at the same instant', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 3000);
    api.command({ kind: 'qpFatal', host: 0, qpn: 0x101 });
    api.seek(15_000);
    const { scenario, t } = api.exportScenario();
    const json = JSON.parse(JSON.stringify(scenario));
    const other = createTransportApi();
    const r = other.load(json, t);
    expect(r.ok).toBe(true);
    expect(r.frame.traceHash).toBe(api.frame().traceHash);
  });
  it('exports the trace as JSON with causes and as CSV', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 4000);
    const j = JSON.parse(api.exportTrace('json'));
    expect(j.traceHash).toBe(api.frame().traceHash);
    expect(j.events[0]).toHaveProperty('causedBy');
    expect(j.holds).toBe(`all ${j.count} events of the run`);
    // The counters travel with the trace, equal to the headless summary's.
    expect(j.counters).toEqual(api.summary().counters);
    expect(j.countersNotModelled).toEqual(api.summary().countersNotModelled);
    expect(Object.keys(j.counters).length).toBeGreaterThan(0);
    const csv = api.exportTrace('csv').trim().split('\n');
    expect(csv[0]).toBe(`# all ${j.count} events of the run; trace hash ${j.traceHash}`);
    expect(csv[1]).toBe('i,t_ns,kind,host,qpn,caused_by,fields');
    expect(csv).toHaveLength(j.events.length + 2);
  });
});

describe('acting in the past', () => {
  it('keeps the old future: undo brings it back, compare runs both', () => {
    const api = createTransportApi();
    api.load(sandboxScenario(), 30_000);
    const end = api.frame();
    api.seek(10_000);
    const r = api.command({ kind: 'qpFatal', host: 0, qpn: 0x100 });
    expect(r.frame.fork).toMatchObject({ at: 10_000, oldMaxT: 30_000 });
    const cmp = api.compareFork()!;
    expect(cmp.at).toBe(30_000);
    expect(cmp.now.traceHash).not.toBe(cmp.old.traceHash);
    const u = api.undoFork();
    expect(u.ok).toBe(true);
    expect(u.frame.t).toBe(10_000);
    expect(u.frame.maxT).toBe(30_000);
    expect(api.seek(30_000).traceHash).toBe(end.traceHash);
  });
});

describe('live commands and replay agree', () => {
  it('a command issued at t = 0, before the clock ran, replays to the same trace', () => {
    const a = createTransportApi();
    a.load(sandboxScenario());
    a.command({ kind: 'qpFatal', host: 0, qpn: 0x101 });
    for (let i = 0; i < 4; i++) a.step();
    const at = a.frame();
    const b = createTransportApi();
    b.load(JSON.parse(JSON.stringify(a.exportScenario().scenario)), at.t);
    expect(b.frame().traceHash).toBe(at.traceHash);
  });
});
