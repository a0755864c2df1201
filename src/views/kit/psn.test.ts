// @vitest-environment node
// One PSN format on the whole page: the views' psnText and the core's psnName (which writes the
// PSNs inside event details and failure reasons) agree on every 24-bit value, and the places that
// print a PSN — the wire's labels, a WQE's tooltip, the log's lines — go through them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimulation, psnName } from '../../core/index.ts';
import { sandboxScenario } from '../../scenario/presets.ts';
import type { PacketView, QpView } from '../../worker/transport/types.ts';
import { packetTitle } from '../transport/wire/layout.ts';
import { sqItems } from '../transport/rings/Rings.tsx';
import { describe as describeEvent } from '../transport/log/eventText.ts';
import { psnRange, psnText } from './psn.ts';

/** A PSN written any other way: digits after "PSN"/"expects" not followed by " (0x" and six hex digits. */
const LOOSE = /\b(?:PSN|expects) \d+(?!\d| \(0x[0-9a-f]{6}\))/;

describe('the one PSN format', () => {
  it('reads decimal then 24-bit hex', () => {
    expect(psnText(16775197)).toBe('16775197 (0xfff81d)');
    expect(psnText(0)).toBe('0 (0x000000)');
    expect(psnRange(0xfffffe, 3)).toBe('16777214 (0xfffffe)…0 (0x000000)');
  });
  it('core and views agree on every 24-bit PSN (fast-check seed 8)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 0xffffff }), (psn) => psnName(psn) === psnText(psn)), { seed: 8 });
    for (const p of [0, 1, 0xfff, 0x7fffff, 0xffffff]) expect(psnName(p)).toBe(psnText(p));
  });
  it('the wire label and a WQE tooltip use it', () => {
    const pkt: PacketView = { id: 1, src: 0, dst: 1, srcQpn: 0x100, dstQpn: 0x200, op: 'SEND_ONLY', psn: 16775197, bytes: 100, start: 1000, arrive: 2000 };
    expect(packetTitle(pkt)).toContain('PSN 16775197 (0xfff81d)');
    expect(LOOSE.test(packetTitle(pkt))).toBe(false);
    const qp = { ctx: { sq_depth: 8, sq_ci: 0 }, sq: [{ wrId: 3, opcode: 'IBV_WR_SEND', length: 4096, signaled: true, phase: 'sent', psn0: 16777215, npsn: 2 }] } as unknown as QpView;
    const title = sqItems(qp)[0].title;
    expect(title).toContain('PSN 16777215 (0xffffff)…0 (0x000000)');
    expect(LOOSE.test(title)).toBe(false);
  });
  it('every log line of a run with a PSN gap (a sequence NAK) writes its PSNs that way, core details included', () => {
    const sim = createSimulation(sandboxScenario());
    sim.runUntil(20_000);
    // Lose two packets so the responder sees a gap: its "expected PSN …" and the requester's
    // "responder expects …" come from the core.
    sim.issue({ kind: 'dropPackets', count: 2, from: 0 });
    sim.runUntil(200_000);
    const texts = sim.events().map((e) => describeEvent(e).text);
    const withPsn = texts.filter((t) => /PSN|expects/.test(t));
    expect(withPsn.some((t) => /responder expects \d+ \(0x/.test(t))).toBe(true);
    expect(withPsn.some((t) => /expected PSN \d+ \(0x/.test(t))).toBe(true);
    for (const t of withPsn) expect(LOOSE.test(t), t).toBe(false);
  });
});
