// `npm run lesson -- check`: exit 0 and one JSON line for a lesson that checks; exit 2 and one
// line naming the field or the step for everything else (bad command line, unreadable file, a
// shape or predicate refused, a check true too early or never, a stated answer the model denies).
import { describe, expect, it } from 'vitest';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from './lesson.ts';

const ROOT = join(import.meta.dirname, '../..');
const dir = join(ROOT, 'test-results/cli-lesson');
function file(name: string, json: unknown): string {
  mkdirSync(dir, { recursive: true });
  const p = join(dir, name);
  writeFileSync(p, typeof json === 'string' ? json : JSON.stringify(json));
  return p;
}
function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(args, (s) => out.push(s), (s) => err.push(s));
  return { code, out, err };
}

/** A small faults lesson: one task (turn the random initial PSN on) and one question. */
function tiny(patch: (l: Record<string, unknown> & { steps: Array<Record<string, unknown>> }) => void = () => undefined) {
  const l = {
    format: 'qpscope-lesson/1', id: 'tiny', lab: 'faults', topic: 10, title: 'Tiny', summary: 'A lesson small enough to break on purpose.',
    setup: [{ kind: 'reset', patch: { situation: 'replay-unacked', resetAtNs: 6500, reuse: true, quarantine: false, randomPsn: false } }],
    sources: ['qpn-reuse'],
    steps: [
      { id: 'psn', title: 'Random PSN', text: ['Turn the random initial PSN on.'], task: 'Turn it on.', check: { field: { path: 'reset.settings.randomPsn', is: true } }, solution: [{ kind: 'reset', patch: { randomPsn: true } }] },
      { id: 'q', title: 'Predict', text: ['Reuse, no mitigation.'], question: {
        kind: 'one', prompt: 'Is the stale packet taken?', reveal: [{ kind: 'reset', patch: { randomPsn: false } }],
        options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No', why: 'Nothing tells the incarnations apart.' }, { id: 'nak', label: 'A NAK', why: 'It is the expected PSN.' }],
        outcome: { choose: [{ when: { field: { path: 'reset.result.staleAccepted', is: true } }, then: 'yes' }], else: 'no' },
        stated: 'yes', because: 'Same QPN, same PSN: new data.' } },
    ],
  };
  patch(l);
  return l;
}

describe('lesson check: a lesson that checks', () => {
  it('exit 0, one JSON line with lesson, instrument, steps, questions and replay ok', () => {
    const r = run(['check', file('tiny.json', tiny())]);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(1);
    expect(JSON.parse(r.out[0])).toEqual({ lesson: 'tiny', instrument: 'faults', steps: 2, questions: 1, replay: 'ok' });
  }, 60_000);
});

describe('lesson check: refusals, exit 2 with one line', () => {
  it.each([
    ['no command', [], /unknown command ""/],
    ['check without a file', ['check'], /check needs a file/],
    ['two files', ['check', 'a.json', 'b.json'], /one file at a time/],
    ['a file that is not there', ['check', join(dir, 'nope.json')], /nope\.json: cannot be read/],
  ])('%s', (_n, args, msg) => {
    const r = run(args as string[]);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(msg);
  });
  it.each([
    ['not JSON', '{"format":', /not JSON/],
    ['a missing title', tiny((l) => { delete l.title; }), /: title: /],
    ['an empty step title', tiny((l) => { l.steps[0].title = ''; }), /steps\[0\]\.title: must not be empty/],
    ['an unknown instrument', tiny((l) => { l.lab = 'tape'; }), /lab: must be one of transport, memory, faults/],
    ['a predicate with a bad form', tiny((l) => { l.steps[0].check = { feild: { path: 'x', is: 1 } }; }), /steps\[0\] "psn"\.check: a predicate has exactly one of/],
    ['a transport predicate in a faults lesson', tiny((l) => { l.steps[0].check = { state: { host: 0, qpn: 256, is: 'RTS' } }; }), /steps\[0\] "psn"\.check: reads the transport instrument/],
    ['an action the instrument does not have', tiny((l) => { l.steps[0].solution = [{ kind: 'teleport' }]; }), /steps\[0\] "psn"\.solution\[0\]/],
    ['an outcome naming no option', tiny((l) => { (l.steps[1].question as { outcome: unknown }).outcome = { choose: [{ when: { field: { path: 'drained', is: true } }, then: 'maybe' }], else: 'no' }; }), /steps\[1\] "q"\.question\.outcome\.choose\[0\]\.then: "maybe" is not one of the options/],
    ['two steps with one id', tiny((l) => { l.steps[1].id = 'psn'; }), /steps\[1\] "psn"\.id: another step has the id/],
  ])('%s: the field is named', (_n, json, msg) => {
    const r = run(['check', file('bad.json', json)]);
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(msg);
  });
  it.each([
    ['a check true before its solution', tiny((l) => { (l.setup as Array<{ patch: Record<string, unknown> }>)[0].patch.randomPsn = true; }), /steps\[0\] "psn"\.check: already true before its solution/],
    ['a check its solution never meets', tiny((l) => { l.steps[0].solution = [{ kind: 'reset', patch: { quarantine: true } }]; }), /steps\[0\] "psn"\.check: still false after its solution/],
    ['a stated answer the model denies', tiny((l) => { (l.steps[1].question as { stated: string }).stated = 'no'; }), /steps\[1\] "q"\.question\.stated: the text states "no", the model did "yes"/],
  ])('%s: the step is named', (_n, json, msg) => {
    const r = run(['check', file('bad-replay.json', json)]);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(msg);
  }, 60_000);
});

// Every lesson file in the repository: the built-in data lessons and the authored examples.
const FILES = [
  ...['transport', 'memory', 'faults'].flatMap((lab) => readdirSync(join(ROOT, 'src/lessons', lab)).filter((f) => f.endsWith('.json')).map((f) => join('src/lessons', lab, f))),
  ...readdirSync(join(ROOT, 'fixtures/lessons')).filter((f) => f.endsWith('.json')).map((f) => join('fixtures/lessons', f)),
];

describe('lesson check on every lesson file', () => {
  it('covers the three built-in data lessons and one authored example per instrument', () => {
    expect(FILES.filter((f) => f.startsWith('src/')).length).toBeGreaterThanOrEqual(3);
    expect(FILES.filter((f) => f.startsWith('fixtures/')).length).toBe(3);
  });
  it.each(FILES)('%s', (f) => {
    const r = run(['check', join(ROOT, f)]);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out[0])).toMatchObject({ replay: 'ok' });
  }, 180_000);
});
