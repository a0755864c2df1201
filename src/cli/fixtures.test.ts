import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runScenario } from '../core/index.ts';
import { main } from './sim.ts';

const dir = join(import.meta.dirname, '../../fixtures/scenarios');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const load = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8'));

describe('named fixtures', () => {
  it.each(files)('%s runs, conserves every WR and is deterministic', (f) => {
    const a = runScenario(load(f));
    expect(a.wr.posted).toBe(a.wr.completed + a.wr.discarded + a.wr.outstanding);
    expect(runScenario(load(f)).traceHash).toBe(a.traceHash);
  });
  it('the fault fixture shows one RETRY_EXC_ERR, flushes behind it, and the neighbour completing', () => {
    const s = runScenario(load('rc-fault-two-way.json'));
    expect(s.cqe.IBV_WC_RETRY_EXC_ERR).toBe(1);
    expect(s.wr.flushed).toBeGreaterThan(5);
    expect(s.qps.map((q) => q.state)).toEqual(['ERR', 'RTS', 'RTS', 'RTS']);
  });
  it('the UD fixture goes to SQE and back to RTS', () => {
    const s = runScenario(load('ud-send-error-sqe.json'));
    expect(s.cqe.IBV_WC_LOC_PROT_ERR).toBe(1);
    expect(s.qps[0].state).toBe('RTS');
  });
  it('the key fixture: deregistering the target MR under running WRITEs gives REM_ACCESS_ERR and a flush', () => {
    const s = runScenario(load('keys-dereg-under-write.json'));
    expect(s.cqe.IBV_WC_REM_ACCESS_ERR).toBe(1);
    expect(s.qps.map((q) => q.state)).toEqual(['ERR', 'ERR']);
  });
  it('the SRQ fixture: LAST_WQE_REACHED for the QP in ERR, the limit fires once, the neighbour keeps receiving', () => {
    const s = runScenario(load('srq-shared.json'));
    expect(s.events.IBV_EVENT_QP_LAST_WQE_REACHED).toBe(1);
    expect(s.events.IBV_EVENT_SRQ_LIMIT_REACHED).toBe(1);
    expect(s.qps.map((q) => q.state)).toEqual(['RTS', 'ERR', 'RTS', 'RTS']);
    expect(s.cqe.IBV_WC_SUCCESS).toBeGreaterThan(10);
  });
  it('the CQ-overrun fixture counts IBV_EVENT_CQ_ERR and loses no WR silently', () => {
    const s = runScenario(load('cq-overrun.json'));
    expect(s.events.IBV_EVENT_CQ_ERR).toBeGreaterThan(0);
    expect(s.qps[1].state).toBe('ERR');
  });
});

describe('npm run sim', () => {
  it('prints the summary contract as JSON', async () => {
    const out: string[] = [];
    const code = await main([join(dir, 'rc-fault-two-way.json')], (s) => out.push(s), () => {});
    expect(code).toBe(0);
    const j = JSON.parse(out.join('\n'));
    for (const k of ['wr', 'cqe', 'cache', 'events', 'throughputMops', 'traceHash']) expect(j).toHaveProperty(k);
    for (const k of ['posted', 'completed', 'flushed', 'discarded', 'outstanding']) expect(j.wr).toHaveProperty(k);
    for (const k of ['hits', 'misses', 'evictions', 'writebacks']) expect(j.cache).toHaveProperty(k);
  });
  it('names the bad field of an invalid scenario and exits 2', async () => {
    const err: string[] = [];
    const tmp = join(import.meta.dirname, '../../test-results/bad-scenario.json');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(join(import.meta.dirname, '../../test-results'), { recursive: true });
    writeFileSync(tmp, JSON.stringify({ ...load('cq-overrun.json'), seed: 'x' }));
    expect(await main([tmp], () => {}, (s) => err.push(s))).toBe(2);
    expect(err.join('')).toMatch(/seed/);
  });
});
