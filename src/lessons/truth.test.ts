// Text that is true (issue 17, fixes 1–12): each sentence a reviewer found false or unlabelled,
// held where it lives. Where the sentence states a model outcome the model itself is asked
// (2Q's promotion, the dense 512-QP layout); where it states a fact of the world the wording is
// pinned to its source, so a later edit cannot quietly bring the old sentence back.
import { describe, expect, it } from 'vitest';
import { activeQpns, deriveSeed, getPreset } from '../core/memory/index.ts';
import { FAULT_CLAIMS, RESET_CLAIMS } from '../core/faults/index.ts';
import { PROFILE_TABLE } from '../core/model/profileTable.ts';
import { TwoQPolicy } from '../core/memory/policies/twoQ.ts';
import { GLOSSARY } from './kit/glossary.ts';
import type { QuestionOption } from './kit/question.ts';
import { FAULTS_LESSONS, MEMORY_LESSONS, TRANSPORT_LESSONS } from './index.ts';

const ALL = [...TRANSPORT_LESSONS, ...MEMORY_LESSONS, ...FAULTS_LESSONS];
/** Everything a step shows or says: text, task, question, options and their reasons, hints. */
function said(lessonId: string, stepId?: string): string {
  const l = ALL.find((x) => x.id === lessonId)!;
  const steps = stepId ? l.steps.filter((s) => s.id === stepId) : l.steps;
  expect(steps.length, `${lessonId}/${stepId}`).toBeGreaterThan(0);
  const parts = steps.flatMap((s) => {
    const q = s.question;
    const opts = q && Array.isArray(q.options) ? (q.options as Array<{ label: string; why?: string }>).flatMap((o) => [o.label, o.why ?? '']) : [];
    return [s.title, ...s.text, s.task ?? '', ...(s.hints ?? []), q?.prompt ?? '', q?.because ?? '', q?.wrong ?? '', ...opts];
  });
  return [stepId ? '' : `${l.summary} ${l.sources.join(' ')}`, ...parts].join(' ');
}

describe('fixes 1–12: the sentence as it must read now (each row failed on the old text)', () => {
  it.each([
    ['1 intro: the responder CQE before its ACK is the model\'s (rxe\'s) order, not the IBTA\'s', 'intro', 'order', /IBTA does not order|IBTA leaves the two unordered/, null],
    ['2 context: the CM carries the two limits; only hand-rolled setup leaves the requester blind', 'context', 'responder', /connection manager[^.]*carry the responder resources and initiator depth/, /Nothing in the protocol tells it/],
    ['3 errors: vendor_err is valid in an error CQE (ibv_poll_cq(3))', 'errors', 'flush', /wr_id, status, qp_num and vendor_err/, /Only wr_id, status and qp_num/],
    ['4 errors: real code reconnects both ends with fresh PSNs; the model\'s shortcut is named', 'errors', 'recover', /reconnects[^.]*both ends[^.]*exchange QPNs and PSNs afresh/, /A must resume with the PSN B expects/],
    ['5 keys: rdmavt providers check the lkey at post', 'keys', 'read-lkey', /rvt_post_one_wr checks every SGE's lkey at post/, /Posting checks the opcode, the lengths and the queue, not the keys:/],
    ['6 table: the 4 KiB page is the model\'s grain; mlx4 maps 256 KiB chunks', 'table', 'memory', /model's simplification: mlx4 maps context memory in chunks of up to 256 KiB/, /a 4 KiB page appears with the first QP/],
    ['7 policy: 2Q promotes from the A1out ghost list; a hit in A1in does nothing', 'policy', 'scan', /hit changes nothing[^.]*ghost list \(A1out\)/, /second touch promotes/],
    ['8 capacity: the overflowing sets come from scattered QPNs; dense ones fill 64 × 8 exactly', 'capacity', 'fit', /dense QPNs[^.]*fill the 64 sets × 8 ways exactly/, null],
    ['9a storm: the context-read error path is labelled MODEL', 'storm', 'squeeze', /\(MODEL: ctx-read-error/, null],
    ['9b storm: the mlx5 overrun → DEVICE_FATAL path is labelled MODEL', 'storm', 'never-silent', /\(MODEL: overrun-mlx5\)/, /On mlx5 the same overrun would take the fatal path/],
    ['9c storm: the error engine is the model\'s unit', 'storm', 'why', /\(MODEL: error-engine\)/, null],
    ['10 reset: rxe, irdma and mlx4 allocate cyclically', 'reset', 'reuse', /allocate QPNs cyclically/, /lowest free QPNs/],
    ['11 reset: matching by QPN and PSN alone is the model\'s simplification; rxe check_addr named', 'reset', 'reuse', /check_addr/, /a packet is matched by QPN and PSN alone/],
    ['12 reset: the summary promises no READ and no quiescing no step teaches', 'reset', undefined, /half-arrived/, /READ streams back|quiesced/],
    // Found reading the transport lessons cold (each row failed on the text before it).
    ['T1 verbs: the IBTA profile removing unpolled CQEs is the model\'s choice, labelled', 'verbs', 'destroy-now', /IBTA profile removes them too, the model's choice \(MODEL: reset-cqes\)/, /That is mlx5 \(and this IBTA profile\)/],
    ['T2 intro: a wrong starting PSN ends in an error completion only under the IBTA and mlx5 profiles (rxe completes a behind one with success: ahead-ack)', 'intro', 'diagnose', /IBTA and mlx5 profiles it ends in an error completion; under rxe a behind one completes with success/, /breaks every message from the first one on, and ends in an error completion|\(in this model it ends in an error completion\)/],
    ['T3 context: the diagnosis names no receive flush the model never writes (the reinstall left B no receives)', 'context', 'diagnose', /the last two with `IBV_WC_WR_FLUSH_ERR`; B·0x200 is in ERR/, /its posted receives are flushed as well/],
    ['T4 context: ibv_query_qp also returns path_mig_state from the hardware context (mlx4_ib_query_qp)', 'context', 'psn', /`sq_draining` and, where paths migrate \(InfiniBand APM\), `path_mig_state`/, null],
    ['T5 keys: when mlx5 firmware checks a READ\'s lkey is not public; the IBTA and mlx5 profiles follow rxe by the model\'s choice', 'keys', 'read-lkey', /follow rxe here, the model's choice/, /rxe and mlx5 agree here|the IBTA's, like rxe and mlx5/],
    ['T6 errors: one flush CQE per WR posted in ERR is not public for mlx5; C10-96 is quoted by rdmavt; ib_drain posts a signaled WR', 'errors', 'post-in-err', /^(?=[^]*whether mlx5 firmware writes a flush CQE for each WR posted in ERR is not public)(?=[^]*as rdmavt quotes it)(?=[^]*one last \(signaled\) WR)/, /a flush in ERR completes each|C10-96, as rxe quotes it/],
    ['T7 errors: after PORT_ERR a QP with work fails on its own retries, an idle one never hears (port-down)', 'errors', 'events', /fails only when its own retries run out, an idle one never hears of it/, /treat every QP on that port as lost/],
    ['T8 context: the step title no longer hands over "limit one"', 'context', 'initiator', /how four READs leave/, /limit one/],
    ['T10 install: the model completes a WR on an ACK past what it sent under rxe, as check_psn does, and ignores it under the others (MODEL: ahead-ack)', 'install', 'rts', /does the same under the toolbar's rxe profile; under the IBTA and mlx5 profiles it ignores an ACK for a PSN never sent, and the WR ends in a retry error \(MODEL: ahead-ack\)/, /This model does not copy that/],
    ['T9 errors/flush: the naive 1-2-3-4 took no prediction; an unsignaled wr_id 3 makes it one (the model flushes it with a CQE: replay holds stated in-order)', 'errors', 'flush', /all signaled but wr_id 3, which asks for no completion on success/, null],
  ] as const)('%s', (_name, lesson, step, must, mustNot) => {
    const text = said(lesson, step);
    expect(text).toMatch(must);
    if (mustNot) expect(text).not.toMatch(mustNot);
  });

  it('7 glossary: 2Q\'s entry says how it promotes, and no entry answers a policy question by itself ("scan-resistant", "however often")', () => {
    expect(GLOSSARY['2Q'].def).toMatch(/A1out/);
    expect(GLOSSARY['2Q'].def).not.toMatch(/scan-resistant|second touch/);
    expect(GLOSSARY.FIFO.def).not.toMatch(/however often/);
    expect(GLOSSARY.signaled.def).not.toMatch(/error|flush/);
  });

  it('7 the model agrees: in 2Q a hit in A1in promotes nothing; a re-fetch found in A1out enters Am (policies/twoQ.ts, Johnson & Shasha) [sources: 2q]', () => {
    const ways = 8;
    const slotQpn = new Int32Array(ways).fill(-1);
    const p = new TwoQPolicy({ sets: 1, ways, flags: new Uint8Array(ways), slotQpn, blockMask: 0 });
    slotQpn[0] = 7;
    p.onInsert(0, 0, 7);
    p.onHit(0, 0);
    p.onHit(0, 0);
    let v = p.view(0, 1) as { sets: Array<{ a1in: number[]; am: number[]; a1out: number[] }> };
    expect(v.sets[0]).toMatchObject({ a1in: [7], am: [] });
    slotQpn[0] = 9;
    p.onReplace(0, 0, 7, 9); // 7 leaves A1in: its QPN becomes a ghost
    v = p.view(0, 1) as typeof v;
    expect(v.sets[0].a1out).toEqual([7]);
    slotQpn[1] = 7;
    p.onInsert(1, 0, 7); // fetched again while remembered: straight into Am
    v = p.view(0, 1) as typeof v;
    expect(v.sets[0].am).toEqual([7]);
  });

  it('8 the model agrees: 512 dense QPNs fill the CX5-like cache\'s 64 sets × 8 ways exactly; the preset\'s scattered ones overflow some sets (qpnLayout.ts, cache.ts setOf) [sources: model-cache]', () => {
    const c = getPreset('cx5').spec.cache as { entries: number; ways: number };
    const sets = c.entries / c.ways;
    expect(sets).toBe(64);
    const perSet = (qpns: Int32Array) => { const n = new Array<number>(sets).fill(0); for (const q of qpns) n[q & (sets - 1)]++; return n; };
    expect(new Set(perSet(activeQpns(512, 'dense', 0x100, 1)))).toEqual(new Set([8]));
    expect(Math.max(...perSet(activeQpns(512, 'scattered', 0x100, 1)))).toBeGreaterThan(8);
  });
});

describe('caching/conflicts: a prediction of size, with its numbers true (each failed on the old text)', () => {
  const step = MEMORY_LESSONS.find((l) => l.id === 'caching')!.steps.find((s) => s.id === 'conflicts')!;
  it('once the text says the slots are not one pool, "all fit" is ruled out: a wrong option between 95% and 99.9% keeps the size of the loss a prediction', () => {
    const opts = step.question!.options as readonly QuestionOption[];
    expect(opts.length).toBeGreaterThanOrEqual(4);
    expect(opts.some((o) => o.id !== step.question!.stated && o.range?.[0] === 95)).toBe(true);
  });
  it('the model agrees: the CX3-like cache has 14 sets, the set is the QPN modulo 14, and its 93 scattered QPNs put 12 and 10 in the two fullest sets (cache.ts setOf, traffic.ts) [sources: model-cache]', () => {
    const c = getPreset('cx3').spec.cache as { entries: number; ways: number };
    expect(c.entries / c.ways).toBe(14);
    expect(said('caching', 'conflicts')).toMatch(/QPN modulo 14/);
    expect(said('caching', 'conflicts')).toMatch(/one set gets 12 and another 10/);
    expect(said('caching', 'conflicts')).not.toMatch(/chosen by the low bits of its QPN/);
    const per = new Array<number>(14).fill(0);
    for (const q of activeQpns(93, 'scattered', 16, deriveSeed(1, 1))) per[q % 14]++;
    expect(per.sort((a, b) => b - a).slice(0, 3)).toEqual([12, 10, 8]);
  });
});

describe('hold prose to claims: a rule the model labels MODEL is cited as such where a lesson states it', () => {
  // The profile table's rows whose cell the model chose (basis 'model') are MODEL rules too.
  const claims = [...FAULT_CLAIMS, ...RESET_CLAIMS, ...PROFILE_TABLE.filter((r) => Object.values(r.cells).some((c) => c.basis === 'model')).map((r) => ({ id: r.id, kind: 'model' }))];
  it('every "MODEL: id" in a lesson names a claim the model itself labels model (claims.ts, resetClaims.ts, the profile table)', () => {
    const cited = ALL.flatMap((l) => [...said(l.id).matchAll(/MODEL: ([a-z0-9-]+)/g)].map((m) => [l.id, m[1]] as const));
    expect(cited.length).toBeGreaterThan(4);
    for (const [l, id] of cited) expect(claims.find((c) => c.id === id)?.kind, `${l} cites MODEL: ${id}`).toBe('model');
  });
  // A sentence that states one of these MODEL rules, and the label its first statement must carry.
  const RULES = [
    [/error engine/, 'error-engine'],
    [/context-memory read error/, 'ctx-read-error'],
    [/mlx5[^.]*(overrun|fatal path)|(overrun|fatal path)[^.]*mlx5/, 'overrun-mlx5'],
    [/strict priority|round-robin|weighted fair/i, 'policies-are-alternatives'],
  ] as const;
  it.each(FAULTS_LESSONS.flatMap((l) => RULES.map(([re, id]) => [l.id, id, re] as const)))('%s: the first paragraph stating %s carries its MODEL label', (lessonId, id, re) => {
    const l = FAULTS_LESSONS.find((x) => x.id === lessonId)!;
    const first = l.steps.flatMap((s) => s.text).find((t) => re.test(t));
    if (first) expect(first).toContain(`MODEL: ${id}`);
  });
});
