// The trace hash: a 256-bit structural hash of the event stream, printed as 64 hex characters.
//
// WHY not SHA-256 over each event's JSON any more: JSON.stringify, UTF-8 encoding and SHA-256
// took over half of the engine's time (bench/engineBench.ts, profiled). The hash only has to
// answer "is this replay the same as that one?" — equality, not resistance to an adversary —
// so it walks each event's fields directly and mixes 32-bit words, with no string building.
//
// Byte stability: only 32-bit integer arithmetic (Math.imul, shifts, |0) and, for non-integer
// numbers, the IEEE-754 bits read through a little-endian DataView. No platform-dependent
// order: fields are visited in the objects' own key order (the order JSON.stringify uses), and
// undefined fields are skipped as JSON.stringify skips them. So Node and every browser produce
// the same digest for the same events, run after run.
//
// Encoding: per field, the key's hash with the value's type folded in, then the value (an int or
// a string: one word; anything else tagged). Construction: eight 32-bit lanes take one word each
// per block of eight (MurmurHash3's multiply-rotate-multiply word mix, with a different rotation
// per lane), and after every block each lane adds its neighbour so a difference anywhere reaches
// every lane. The digest folds the
// word count in and runs MurmurHash3's fmix32 over each lane twice, with a cross-lane sum between.
// Not cryptographic.

const C1 = 0xcc9e2d51 | 0;
const C2 = 0x1b873593 | 0;
const SEED = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

// Type tags folded into a field's key word, so 1, "1", true and [1] all differ.
const T_INT = 0x1000193, T_NUM = 0x2000193, T_STR = 0x3000193, T_TRUE = 0x4000193, T_FALSE = 0x5000193;
const T_NULL = 0x6000193, T_ARR = 0x7000193, T_OBJ = 0x8000193, T_END = 0x9000193;

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** FNV-1a over UTF-16 code units, then fmix: a string's 32-bit identity. */
function strHash(s: string): number {
  let h = 0x811c9dc5 ^ s.length;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix(h);
}

// Keys, opcodes, statuses and kinds repeat millions of times: hash each once. Bounded, so
// one-off detail strings cannot grow it without limit (they are simply hashed each time).
const STR_CACHE = new Map<string, number>();
const STR_CACHE_MAX = 16_384;
function str(s: string): number {
  let h = STR_CACHE.get(s);
  if (h === undefined) {
    h = strHash(s);
    if (STR_CACHE.size < STR_CACHE_MAX) STR_CACHE.set(s, h);
  }
  return h;
}

// Events of one kind list their keys in the same order almost always: remember that order per
// `kind` and take each key's hash from it by position, falling back to the string cache when an
// event's keys differ (an optional field present or absent). Correct either way, fast when equal.
interface KeyTemplate { keys: string[]; hashes: number[]; lastVal: unknown[]; lastHash: number[] }
const TEMPLATES = new Map<unknown, KeyTemplate>();
const TEMPLATES_MAX = 1024;
function template(kind: unknown): KeyTemplate {
  let tp = TEMPLATES.get(kind);
  if (tp === undefined) {
    tp = { keys: [], hashes: [], lastVal: [], lastHash: [] };
    if (TEMPLATES.size < TEMPLATES_MAX) TEMPLATES.set(kind, tp);
  }
  return tp;
}

// Words that wait before a round of mixing (see close()).
const MIX_AT = 2048;

const F64 = new DataView(new ArrayBuffer(8));

// Per string field of the field-by-field encoders: its last string and that string's hash.
// Module-wide (a string's hash never changes), so hashers and their clones share them.
const LAST_TEXT: (string | undefined)[] = [];
const LAST_TEXT_HASH: number[] = [];
/** A new string field's slot for EventHasher.text (taken once per field, at module load). */
export function textSlot(): number {
  LAST_TEXT.push(undefined);
  LAST_TEXT_HASH.push(0);
  return LAST_TEXT.length - 1;
}

// frozenAt(): each frozen object's words (its key word included), bounded like the string cache.
const FROZEN_WORDS = new Map<object, Int32Array>();
const FROZEN_MAX = 1024;

/** The hash of a string field's value, remembered per field `slot` (statuses and opcodes repeat). */
export function textHash(v: string, slot: number): number {
  if (LAST_TEXT[slot] === v) return LAST_TEXT_HASH[slot];
  const sh = str(v);
  LAST_TEXT[slot] = v;
  LAST_TEXT_HASH[slot] = sh;
  return sh;
}
/** A field's first word as object() writes it for an int value, and for a string value. */
export const intKey = (name: string): number => strHash(name) ^ T_INT;
export const textKey = (name: string): number => strHash(name) ^ T_STR;
/** The word that opens an event (EventHasher.end closes it), and a boolean's value. */
export const OBJ_WORD = T_OBJ, TRUE_WORD = T_TRUE, FALSE_WORD = T_FALSE;

/** A field name's word, for the field-by-field encoders (open … end). */
export const keyHash = (name: string): number => strHash(name);

export class EventHasher {
  private lanes: Int32Array;
  /** Words waiting for a full block of eight (the first `fill` cells), then the scratch area. */
  private buf: Int32Array;
  private fill = 0;
  private words = 0;

  constructor(from?: EventHasher) {
    this.lanes = from ? from.lanes.slice() : Int32Array.from(SEED);
    this.buf = from ? from.buf.slice() : new Int32Array(MIX_AT + 256);
    if (from) { this.fill = from.fill; this.words = from.words; }
  }

  clone(): EventHasher {
    return new EventHasher(this);
  }

  /** Mix one object (an event): encode its fields as words, then mix whole blocks. */
  object(o: Record<string, unknown>): void {
    this.close(this.encodeObject(o, this.fill));
  }

  /**
   * The words up to `n` are this event's: count them, and once MIX_AT words wait, mix the whole
   * blocks and keep the rest. Mixing is block by block in order, so when it happens does not
   * change the digest; doing it for many events at once keeps the mixing loop and its lanes hot.
   */
  private close(n: number): void {
    this.words += n - this.fill;
    this.fill = n;
    if (n >= MIX_AT) this.flush();
  }
  private flush(): void {
    const n = this.fill;
    const whole = n & ~7;
    if (whole > 0) this.mix(whole);
    const buf = this.buf;
    for (let i = whole; i < n; i++) buf[i - whole] = buf[i];
    this.fill = n - whole;
  }

  // An event written field by field, in its literal's key order (world/hotEvents.ts): exactly the
  // words object() writes for it, without reading keys off objects of many shapes — the
  // megamorphic loads that made hashing a third of a storm's flush. hotEvents.test.ts holds
  // each such encoder equal to object() for any event its builder can make. open() gives the
  // buffer with room for 64 words from `start`; the encoder writes through a local index (int
  // and string fields two words each; num() and frozenAt() for the rest) and calls end() there.
  // A third faster than a method call per field, which reloaded buffer and index from the
  // hasher each time (bench/stormBench.ts storm: flush phase 121 -> 109 ms, median of 6 runs).
  /** Room for 64 words from `start` (T_OBJ first, T_END last): the buffer to write them in. */
  open(): Int32Array {
    this.reserve(this.fill + 64);
    return this.buf;
  }
  get start(): number { return this.fill; }
  /** A number field that is not a 32-bit int, from index `i`: at most four words, so within open()'s room. */
  num(i: number, kh: number, v: number): number {
    this.buf[i] = kh;
    return this.encodeValue(v, i + 1);
  }
  /**
   * A frozen object field from index `i` (an mlx5 syndrome from its shared table): its words are
   * object()'s, worked out once per object and copied after. Only frozen objects are remembered,
   * since their fields cannot change. Returns the index after its words.
   */
  frozenAt(i: number, kh: number, v: object): number {
    const words = FROZEN_WORDS.get(v);
    if (words !== undefined) {
      this.reserve(i + words.length);
      this.buf.set(words, i);
      return i + words.length;
    }
    this.reserve(i + 8);
    this.buf[i] = kh;
    const end = this.encodeValue(v, i + 1);
    if (Object.isFrozen(v) && FROZEN_WORDS.size < FROZEN_MAX) FROZEN_WORDS.set(v, this.buf.slice(i, end));
    return end;
  }
  /** Close the event at index `i` (T_END). Through the hasher's own buffer: frozenAt() may have grown it. */
  end(i: number): void {
    this.buf[i] = T_END;
    this.close(i + 1);
  }

  /** Encode `o` into buf from index `i`; returns the index after the last word. */
  private encodeObject(o: Record<string, unknown>, i: number): number {
    this.reserve(i + 64);
    let buf = this.buf;
    buf[i++] = T_OBJ;
    const tp = template(typeof o.kind === 'string' ? o.kind : undefined);
    let j = 0;
    for (const k in o) {
      let kh: number;
      const known = tp.keys[j] === k;
      if (known) kh = tp.hashes[j];
      else {
        kh = str(k);
        if (j === tp.keys.length) { tp.keys.push(k); tp.hashes.push(kh); tp.lastVal.push(undefined); tp.lastHash.push(0); }
      }
      const v = o[k];
      if (v !== undefined) {
        if (i + 8 > buf.length) { this.reserve(i + 8); buf = this.buf; }
        // The common cases take two words: the key with the value's type folded in, and the value.
        if (typeof v === 'number' && (v | 0) === v) { buf[i++] = kh ^ T_INT; buf[i++] = v; }
        else if (typeof v === 'string') {
          // A field usually repeats its last string (an opcode, a status): compare before hashing.
          let sh: number;
          if (known && tp.lastVal[j] === v) sh = tp.lastHash[j];
          else { sh = str(v); if (known) { tp.lastVal[j] = v; tp.lastHash[j] = sh; } }
          buf[i++] = kh ^ T_STR; buf[i++] = sh;
        } else { buf[i++] = kh; i = this.encodeValue(v, i); buf = this.buf; }
      }
      j++;
    }
    if (i + 8 > buf.length) { this.reserve(i + 8); buf = this.buf; }
    buf[i++] = T_END;
    return i;
  }

  /** Any other value as JSON would see it (undefined in an array reads as null). */
  private encodeValue(v: unknown, i: number): number {
    this.reserve(i + 4);
    const buf = this.buf;
    switch (typeof v) {
      case 'number':
        if ((v | 0) === v) { buf[i++] = T_INT; buf[i++] = v; return i; }
        F64.setFloat64(0, v, true);
        buf[i++] = T_NUM; buf[i++] = F64.getInt32(0, true); buf[i++] = F64.getInt32(4, true);
        return i;
      case 'string': buf[i++] = T_STR; buf[i++] = str(v); return i;
      case 'boolean': buf[i++] = v ? T_TRUE : T_FALSE; return i;
      case 'object':
        if (v === null) { buf[i++] = T_NULL; return i; }
        if (Array.isArray(v)) {
          buf[i++] = T_ARR; buf[i++] = v.length;
          for (let j = 0; j < v.length; j++) i = this.encodeValue(v[j] === undefined ? null : v[j], i);
          return i;
        }
        return this.encodeObject(v as Record<string, unknown>, i);
      default: buf[i++] = T_NULL; return i;
    }
  }

  /** Room for words up to index `need` (exclusive), plus a block of padding for hex(). */
  private reserve(need: number): void {
    if (need + 8 > this.buf.length) {
      const b = new Int32Array(Math.max(this.buf.length * 2, need + 16));
      b.set(this.buf);
      this.buf = b;
    }
  }

  /** Mix the first `n` (a multiple of 8) buffered words into the lanes, one block at a time. */
  private mix(n: number): void {
    const h = this.lanes;
    const b = this.buf;
    let h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7];
    for (let j = 0; j < n; j += 8) {
      h0 ^= Math.imul(rotl(Math.imul(b[j], C1), 15), C2);
      h1 ^= Math.imul(rotl(Math.imul(b[j + 1], C1), 13), C2);
      h2 ^= Math.imul(rotl(Math.imul(b[j + 2], C1), 17), C2);
      h3 ^= Math.imul(rotl(Math.imul(b[j + 3], C1), 11), C2);
      h4 ^= Math.imul(rotl(Math.imul(b[j + 4], C1), 19), C2);
      h5 ^= Math.imul(rotl(Math.imul(b[j + 5], C1), 16), C2);
      h6 ^= Math.imul(rotl(Math.imul(b[j + 6], C1), 14), C2);
      h7 ^= Math.imul(rotl(Math.imul(b[j + 7], C1), 12), C2);
      // Each lane takes in its neighbour, so a difference anywhere spreads to all eight.
      const f0 = h0;
      h0 = (Math.imul(rotl(h0, 13) + h1, 5) + 0xe6546b64) | 0;
      h1 = (Math.imul(rotl(h1, 13) + h2, 5) + 0xe6546b64) | 0;
      h2 = (Math.imul(rotl(h2, 13) + h3, 5) + 0xe6546b64) | 0;
      h3 = (Math.imul(rotl(h3, 13) + h4, 5) + 0xe6546b64) | 0;
      h4 = (Math.imul(rotl(h4, 13) + h5, 5) + 0xe6546b64) | 0;
      h5 = (Math.imul(rotl(h5, 13) + h6, 5) + 0xe6546b64) | 0;
      h6 = (Math.imul(rotl(h6, 13) + h7, 5) + 0xe6546b64) | 0;
      h7 = (Math.imul(rotl(h7, 13) + f0, 5) + 0xe6546b64) | 0;
    }
    h[0] = h0; h[1] = h1; h[2] = h2; h[3] = h3; h[4] = h4; h[5] = h5; h[6] = h6; h[7] = h7;
  }

  /** 64 lowercase hex characters. The state is not changed (a digest can be taken any time). */
  hex(): string {
    const t = this.clone();
    const n = t.words;
    const pad = (8 - t.fill) & 7;
    for (let i = 0; i < pad; i++) t.buf[t.fill + i] = 0;
    if (t.fill + pad > 0) t.mix(t.fill + pad);
    const h = t.lanes;
    let sum = 0;
    for (let i = 0; i < 8; i++) { h[i] = fmix(h[i] ^ n ^ i); sum = (sum + h[i]) | 0; }
    let out = '';
    for (let i = 0; i < 8; i++) {
      const x = fmix((h[i] + sum + Math.imul(i, 0x9e3779b9)) | 0);
      out += (x >>> 0).toString(16).padStart(8, '0');
    }
    return out;
  }
}
