import { describe, expect, it } from 'vitest';
import { fieldName, indexText, fieldValueText, opShort, opStyle, psnText, sliderFromSpeed, speedFromSlider, speedText, statusClass, timeoutText } from './format.ts';
import { describe as describeEvent, concerns } from './log/eventText.ts';
import { stateAnnouncements } from './announce.ts';
import type { SimEvent } from '../../core/index.ts';

describe('value formatting', () => {
  it('shows PSNs in decimal and 24-bit hex', () => {
    expect(psnText(16775217)).toBe('16775217 (0xfff831)');
    expect(psnText(5)).toBe('5 (0x000005)');
  });

  it('formats context fields the way a student reads them', () => {
    expect(fieldValueText('state', 3)).toBe('RTS (3)');
    expect(fieldValueText('qp_access_flags', 2 | 8)).toBe('R_WRITE|R_ATOMIC');
    expect(fieldValueText('path_mtu', 5)).toContain('4096 B');
    expect(fieldValueText('timeout', 14)).toBe('14 (67.1 ms)');
    expect(fieldValueText('timeout', 0)).toMatch(/forever/);
    expect(fieldValueText('rnr_retry', 7)).toBe('7 (infinite)');
    expect(fieldValueText('dest_qp_num', 0x200)).toBe('0x200 (512)');
    expect(fieldValueText('ah_dlid', 2, undefined, (l) => (l === 2 ? 'Host B' : undefined))).toBe('GID ::ffff:10.0.0.2 (Host B)');
    // Never a dlid on this RoCE port, by name either; other fields keep their own.
    expect(fieldName('ah_dlid')).toBe('ah_attr (AV)');
    expect(fieldName('dest_qp_num')).toBe('dest_qp_num');
    expect(timeoutText(4)).toBe('4 (65.5 µs)');
  });

  it('maps the speed slider onto a log scale from 100 ns/s to 10 ms/s', () => {
    expect(speedFromSlider(0)).toBe(100);
    expect(speedFromSlider(1000)).toBe(1e7);
    expect(speedFromSlider(sliderFromSpeed(2000))).toBe(2000);
    expect(speedText(2000)).toBe('2 µs/s');
    expect(speedText(1e7)).toBe('10 ms/s');
  });

  it('classifies work-completion statuses', () => {
    expect(statusClass('IBV_WC_SUCCESS')).toBe('success');
    expect(statusClass('IBV_WC_WR_FLUSH_ERR')).toBe('flush');
    expect(statusClass('IBV_WC_RETRY_EXC_ERR')).toBe('error');
  });
});

describe('packet labels and colours', () => {
  it('labels segments and acknowledgements, NAKs by syndrome', () => {
    expect(opShort('SEND_FIRST')).toBe('SEND F');
    expect(opShort('SEND_ONLY_WITH_IMMEDIATE')).toBe('SEND+imm');
    expect(opShort('RDMA_READ_RESPONSE_LAST')).toBe('READ RSP L');
    expect(opShort('ACKNOWLEDGE', 'ACK')).toBe('ACK');
    expect(opShort('ACKNOWLEDGE', 'RNR_NAK')).toBe('RNR NAK');
    expect(opShort('ACKNOWLEDGE', 'NAK_REM_ACCESS')).toBe('NAK REM ACCESS');
    expect(opStyle('ACKNOWLEDGE', 'RNR_NAK').key).toBe('RNR');
    expect(opStyle('ACKNOWLEDGE', 'NAK_PSN').key).toBe('NAK');
    expect(opStyle('RDMA_READ_RESPONSE_ONLY', 'ACK').key).toBe('READ_RESP');
  });
});

describe('event log lines', () => {
  it('writes a sentence and keeps the raw enum names', () => {
    const l = describeEvent({ t: 5, kind: 'cqe', host: 0, cq: 0, qpn: 0x100, queue: 'sq', wr: 3, wrId: 42, status: 'IBV_WC_RETRY_EXC_ERR' });
    expect(l.group).toBe('completions');
    expect(l.text).toContain('wr_id 42');
    expect(l.text).toContain('RETRY_EXC_ERR');
    expect(l.raw).toContain('IBV_WC_RETRY_EXC_ERR');
    const r = describeEvent({ t: 5, kind: 'modify-refused', host: 0, qpn: 0x100, from: 'INIT', to: 'RTR', mask: ['IBV_QP_STATE'], errno: 'EINVAL', reason: 'missing-attributes', missing: ['IBV_QP_AV'], unexpected: [], detail: 'RC INIT→RTR requires IBV_QP_AV' });
    expect(r.text).toMatch(/refused: EINVAL/);
    expect(r.tone).toBe('bad');
  });

  it('a packet concerns both of its ends', () => {
    const l = describeEvent({ t: 1, kind: 'pkt', id: 1, src: 0, dst: 1, srcQpn: 0x100, dstQpn: 0x200, op: 'SEND_ONLY', psn: 1, bytes: 10, start: 1, arrive: 2 });
    expect(concerns(l, 0, 0x100)).toBe(true);
    expect(concerns(l, 1, 0x200)).toBe(true);
    expect(concerns(l, 0, 0x101)).toBe(false);
  });

  it('announces state changes of the selected QP only', () => {
    const evs: SimEvent[] = [
      { t: 5, kind: 'state', host: 0, qpn: 0x100, from: 'RTS', to: 'ERR', cause: 'retry-exceeded' },
      { t: 6, kind: 'state', host: 1, qpn: 0x200, from: 'RTS', to: 'ERR', cause: 'fatal' },
    ];
    expect(stateAnnouncements(evs, { host: 0, qpn: 0x100 })).toEqual(['QP 0x100: RTS → ERR (retry-exceeded)']);
  });
});


describe('one producer index (issue 17: "PI 138" in the label, "PI 10" on the marker)', () => {
  it('a wrapped index names its counter and the slot the marker points at', () => {
    expect(indexText('PI', 138, 128)).toBe('PI 138 (slot 10)');
    expect(indexText('CI', 10, 128)).toBe('CI 10');
    expect(indexText('PI', 128, 128)).toBe('PI 128 (slot 0)');
  });
});
