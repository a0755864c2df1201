// Citations resolve inside the project: every lesson source is a bibliography key, docs/sources.md
// is the bibliography as generated, and no lesson text or catalogue points at files a learner
// does not have (the reference folder the project was built from).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEMORY_LESSONS, TRANSPORT_LESSONS, lessonInfo } from '../index.ts';
import { FAULTS_LESSONS } from '../faults/index.ts';
import { SOURCES } from './sources.ts';
import { sourcesMarkdown } from './sourcesDoc.ts';
import { GLOSSARY } from './glossary.ts';
import { CHANNEL_PRESETS_INFO, FAULT_CLAIMS, PROFILE_TABLE, RESET_CLAIMS } from '../../core/index.ts';

const lessons = [...TRANSPORT_LESSONS, ...MEMORY_LESSONS, ...FAULTS_LESSONS].map((l) => lessonInfo(l as Parameters<typeof lessonInfo>[0]));

describe('sources', () => {
  it('docs/sources.md is the generated bibliography', () => {
    expect(readFileSync(new URL('../../../docs/sources.md', import.meta.url), 'utf8')).toBe(sourcesMarkdown());
  });
  it.each(lessons.map((l) => [l.id, l] as const))('%s cites only bibliography keys', (_id, l) => {
    for (const s of l.sources) expect(SOURCES[s.key], s.title).toBeDefined();
  });
  it('no lesson text names a file outside the project', () => {
    const text = JSON.stringify(lessons);
    expect(text).not.toMatch(/semantics\.md|qp_context\.md|qp-cache-numbers\.md|NOTES\.md|faults-at-scale\.md|qp_state_table\.json/);
  });
});

describe('glossary', () => {
  it('defines every term the issue lists as jargon', () => {
    const wanted = ['WQE', 'path MTU', 'NAK', 'timeout', 'QPN', 'RTR', 'RTS', 'ERR', 'requester', 'responder', 'producer index', 'consumer index', 'doorbell', 'SSN', 'MSN', 'P_Key', 'LID', 'GID', 'address vector', 'Q_Key', 'APM', 'signaled', 'wr_id', 'ICM', 'QPC', 'SRAM', 'K', 'Mops', 'knee', 'set', 'way', 'bank', 'LRU', 'FIFO', 'LFU', '2Q', 'Zipf', 'write-back', 'seqlock', 'FaSST', 'StaR', 'PipeDevice', 'SRNIC', 'PSN', 'CQE', 'RNR', 'EQ'];
    for (const w of wanted) expect(GLOSSARY[w], w).toBeDefined();
  });
  it.each(lessons.map((l) => [l.id, l] as const))('%s carries the definitions of the terms it uses', (_id, l) => {
    const info = l;
    expect(info.terms.length).toBeGreaterThan(1);
    expect(info.terms.every((t) => t.def.length > 20 && t.spellings.includes(t.term))).toBe(true);
  });
});

describe('claims of the faults instrument', () => {
  const claims = [...FAULT_CLAIMS, ...RESET_CLAIMS];
  it.each(claims.map((c) => [c.id, c] as const))('%s points at a bibliography entry and names its primary source', (_id, c) => {
    expect(SOURCES[c.key], c.key).toBeDefined();
    expect(c.source.length).toBeGreaterThan(10);
  });
  it.each(PROFILE_TABLE.map((r) => [r.id, r] as const))('difference-table row %s cites bibliography entries, and a MODEL cell cites the model\'s', (_id, r) => {
    expect(r.keys.length).toBeGreaterThan(0);
    for (const k of r.keys) expect(SOURCES[k], k).toBeDefined();
    if (Object.values(r.cells).some((c) => c.basis === 'model')) expect(r.keys.some((k) => SOURCES[k].tag === 'model')).toBe(true);
    if (Object.values(r.cells).some((c) => c.basis !== 'model')) expect(r.keys.some((k) => SOURCES[k].tag !== 'model')).toBe(true);
  });
  it('no claim, difference-table row or channel preset names a file a reader does not have', () => {
    const text = JSON.stringify([claims, PROFILE_TABLE, CHANNEL_PRESETS_INFO]);
    expect(text).not.toMatch(/\.md\b|enums\.json|qp_state_table\.json|\bFAS\b|issue \d/);
  });
});
