// Memory regions and the key checks a NIC makes before it touches host memory. One protection
// domain per host (MODEL claim one-pd: every QP and MR of a host share it). The checks follow
// the drivers that publish them: an lkey/rkey must name a registered MR of the QP's PD, the
// range must lie inside it, and the MR must allow the access (rxe_mr.c lookup_mr +
// mr_check_range, called from rxe_req.c finish_packet, rxe_resp.c check_rkey/send_data_in and
// rxe_comp.c do_read; rdmavt rvt_lkey_ok/rvt_rkey_ok). Data is kept for an MR's first 128 bytes.
import { accessNames } from '../model/keysSchema.ts';
import type { Sge } from '../model/keysSchema.ts';
import { emit, MR_WORDS, type MrRt, type World } from '../world/world.ts';

export const LOCAL_WRITE = 1, REMOTE_WRITE = 2, REMOTE_READ = 4, REMOTE_ATOMIC = 8;
const ACCESS_WORD: Record<number, string> = { 1: 'IBV_ACCESS_LOCAL_WRITE', 2: 'IBV_ACCESS_REMOTE_WRITE', 4: 'IBV_ACCESS_REMOTE_READ', 8: 'IBV_ACCESS_REMOTE_ATOMIC' };
/** MODEL (claim mr-place): a host's MRs are placed one after another, page aligned, from 64 KiB up. */
const PAGE = 4096;
const BASE = 0x10000;
const WORD_MAX = 2 ** 53;

export const hex = (n: number): string => `0x${n.toString(16)}`;

/**
 * MODEL (claim mr-keys): key = (index + 1) << 8 | a per-host key byte, the shape rxe gives its
 * keys (pool index << 8 | key byte, rxe_mr.c); lkey and rkey are the same number, as mlx5's
 * mkey serves as both. A key is never handed out twice, so a deregistered key stays invalid.
 */
function nextKey(w: World, host: number): number {
  let n = 0;
  for (const m of w.mrs) if (m.host === host) n++;
  return ((n + 1) << 8) | (0x10 + host);
}

export function registerMr(w: World, host: number, length: number, access: number, addr?: number, fill = 0): MrRt {
  let end = BASE;
  for (const m of w.mrs) if (m.host === host) end = Math.max(end, m.addr + m.length);
  const at = addr ?? Math.ceil(end / PAGE) * PAGE;
  const mr: MrRt = {
    host, key: nextKey(w, host), addr: at, length, access, valid: true, regAt: w.now, deregAt: -1,
    words: new Array<number>(Math.min(MR_WORDS, Math.ceil(length / 8))).fill(fill),
  };
  w.mrs.push(mr);
  emit(w, { t: w.now, kind: 'mr', host, op: 'reg', lkey: mr.key, rkey: mr.key, addr: at, length, access: accessNames(access) });
  return mr;
}

export function deregisterMr(w: World, host: number, key: number): MrRt | null {
  const mr = findMr(w, host, key);
  if (!mr || !mr.valid) return null;
  mr.valid = false;
  mr.deregAt = w.now;
  emit(w, { t: w.now, kind: 'mr', host, op: 'dereg', lkey: mr.key, rkey: mr.key, addr: mr.addr, length: mr.length, access: accessNames(mr.access) });
  return mr;
}

export function findMr(w: World, host: number, key: number): MrRt | undefined {
  for (const m of w.mrs) if (m.host === host && m.key === key) return m;
  return undefined;
}

/** Why a key check fails, in words for the log; null when it passes. */
function check(w: World, host: number, key: number, addr: number, len: number, need: number, which: 'lkey' | 'rkey'): string | null {
  const mr = findMr(w, host, key);
  if (!mr) return `${which} ${hex(key)} names no MR in this protection domain`;
  if (!mr.valid) return `${which} ${hex(key)} names an MR deregistered at ${(mr.deregAt / 1000).toFixed(3)} µs`;
  if (addr < mr.addr || addr + len > mr.addr + mr.length) return `[${hex(addr)}, +${len}) lies outside the MR [${hex(mr.addr)}, +${mr.length}) of ${which} ${hex(key)}`;
  for (const bit of [LOCAL_WRITE, REMOTE_WRITE, REMOTE_READ, REMOTE_ATOMIC]) {
    if (need & bit && !(mr.access & bit)) return `the MR of ${which} ${hex(key)} was registered without ${ACCESS_WORD[bit]}`;
  }
  return null;
}

/** The lkey check of one SGE (a zero-length SGE is not looked up: rxe copy_data, rdmavt init_sge). */
export function checkSge(w: World, host: number, s: Sge, need: number): string | null {
  return s.length === 0 ? null : check(w, host, s.lkey, s.addr, s.length, need, 'lkey');
}

/** The lkey checks of the SGEs holding bytes [from, to) of a message. */
export function checkSgl(w: World, host: number, sgl: readonly Sge[], from: number, to: number, need: number): string | null {
  let start = 0;
  for (const s of sgl) {
    const end = start + s.length;
    if (end > from && start < to) {
      const why = checkSge(w, host, s, need);
      if (why) return why;
    }
    start = end;
  }
  return null;
}

export function checkRemote(w: World, host: number, rkey: number, addr: number, len: number, need: number): string | null {
  return check(w, host, rkey, addr, len, need, 'rkey');
}

function wordIndex(mr: MrRt, addr: number): number {
  const i = Math.floor((addr - mr.addr) / 8);
  return i >= 0 && i < mr.words.length ? i : -1;
}

function wordAt(w: World, host: number, key: number, addr: number): number {
  const mr = findMr(w, host, key);
  const i = mr ? wordIndex(mr, addr) : -1;
  return mr && i >= 0 ? mr.words[i] : 0;
}

/** Where byte `off` of a message sits: the SGE's key and the byte's address. */
function locate(sgl: readonly Sge[], off: number): { key: number; addr: number } | null {
  let start = 0;
  for (const s of sgl) {
    if (off < start + s.length) return { key: s.lkey, addr: s.addr + off - start };
    start += s.length;
  }
  return null;
}

/** The first modelled words of a message, read from its gather list. */
export function gather(w: World, host: number, sgl: readonly Sge[], len: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(MR_WORDS, Math.ceil(len / 8)); i++) {
    const at = locate(sgl, i * 8);
    out.push(at ? wordAt(w, host, at.key, at.addr) : 0);
  }
  return out;
}

/** Place a message's words into a scatter list, the message starting `skip` bytes in. */
export function scatter(w: World, host: number, sgl: readonly Sge[], words: readonly number[], why: string, skip = 0): void {
  words.forEach((v, i) => {
    const at = locate(sgl, skip + i * 8);
    if (at) writeWords(w, host, at.key, at.addr, [v], why);
  });
}

/** Write words at `addr` of the MR `key` (a WRITE landing, a response placed); logged when any lands in modelled bytes. */
export function writeWords(w: World, host: number, key: number, addr: number, words: readonly number[], why: string): void {
  const mr = findMr(w, host, key);
  if (!mr) return;
  const base = wordIndex(mr, addr);
  if (base < 0 || words.length === 0) return;
  const n = Math.min(words.length, mr.words.length - base);
  for (let i = 0; i < n; i++) mr.words[base + i] = words[i];
  if (w.trace.mode !== 'off') emit(w, { t: w.now, kind: 'mem', host, key, addr: mr.addr + base * 8, words: words.slice(0, n), why });
}

/** Read words at `addr` of the MR `key` (a READ's response data). */
export function readWords(w: World, host: number, key: number, addr: number, len: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.min(MR_WORDS, Math.ceil(len / 8)); i++) out.push(wordAt(w, host, key, addr + i * 8));
  return out;
}

/**
 * Execute an atomic on the 8-byte word at `addr`: FETCH_ADD adds, CMP_SWAP swaps when equal
 * (rxe atomic_reply, hfi1 rc.c). Returns the original value, which the response carries.
 * Values are kept below 2^53 (MODEL claim atomic-width: JavaScript numbers; a 64-bit NIC wraps at 2^64).
 */
export function atomicOp(w: World, host: number, key: number, addr: number, fetchAdd: boolean, compareAdd: number, swap: number): number {
  const mr = findMr(w, host, key);
  const i = mr ? wordIndex(mr, addr) : -1;
  const orig = mr && i >= 0 ? mr.words[i] : 0;
  const next = fetchAdd ? (orig + compareAdd) % WORD_MAX : orig === compareAdd ? swap : orig;
  if (mr && i >= 0) writeWords(w, host, key, addr, [next], fetchAdd ? 'atomic fetch-and-add' : 'atomic compare-and-swap');
  return orig;
}
