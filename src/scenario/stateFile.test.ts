// A state file: written from a payload, read back to the very link that payload makes (so it
// opens to the same state), and refused, naming the field, when it is not one.
import { describe, expect, it } from 'vitest';
import { encodeLink } from './link/envelope.ts';
import { readLink } from './link/index.ts';
import { stateFileLink, stateFileText } from './stateFile.ts';

const LABS = { transport: 2, memory: 2, faults: 1 };
const memory = { preset: 'cx3', qps: 631, overrides: { entries: 1024 }, tab: 'cliff' };
const faults = { settings: { qps: 1024, fault: 'port-down', preset: 'mlx5', eqDepth: 64, serviceNs: 2000, eqeNs: 100, policy: 'priority', classes: 4, mix: 'graded', outstanding: 8, seed: 3, consumer: 'kernel', idle: 0, classMix: 'interleaved' }, tab: 'policies' };

describe('state files', () => {
  it.each([['memory', 2, memory], ['faults', 1, faults]] as const)('%s: the file reads back to the link of the same payload, which opens to it', (lab, v, payload) => {
    const r = stateFileLink(stateFileText(lab, v, payload), LABS);
    expect(r).toEqual({ ok: true, lab, hash: `#${encodeLink(lab, v, payload)}` });
    const opened = readLink((r as { hash: string }).hash);
    expect(opened).toMatchObject({ ok: true, lab, value: payload });
  });
  it.each([
    ['not JSON', '{', /^it is not JSON/],
    ['another JSON', '{"a":1}', /not a QP Scope state file/],
    ['no such instrument', JSON.stringify({ qpScope: 'state', lab: 'gpu', v: 1, payload: {} }), /^lab: there is no instrument "gpu"/],
    ['a version from the future', JSON.stringify({ qpScope: 'state', lab: 'memory', v: 9, payload: {} }), /^v: must be a version from 1 to 2/],
  ])('%s is refused', (_w, text, msg) => {
    expect(stateFileLink(text, LABS)).toMatchObject({ ok: false, error: expect.stringMatching(msg) });
  });
  it('a payload the schema refuses is refused by the link it makes, naming the field', () => {
    const r = stateFileLink(stateFileText('memory', 2, { ...memory, qps: -5 }), LABS);
    expect(readLink((r as { hash: string }).hash)).toMatchObject({ ok: false, error: expect.stringMatching(/qps/) });
  });
});
