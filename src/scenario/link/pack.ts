// Test support: link data written exactly as lz-string's compressToEncodedURIComponent writes it,
// in time linear in the text. lz-string keys its dictionary by the phrases themselves, so on the
// repetitive text the link fuzzer makes (arrays grown a thousandfold, nesting thousands deep)
// each step hashes a long string and one megabyte takes seconds; here the dictionary is a trie
// of phrase ids. A property test holds the output equal to lz-string's (pack.test.ts).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/**
 * lz-string's dictionary is a plain object, and assigning the key "__proto__" to one stores
 * nothing: that phrase never enters its dictionary (its code is used up all the same).
 */
const NEVER = '__proto__';

/** Phrase ids by (phrase, next code unit): open addressing in typed arrays, as a Map of number keys this large is slow. */
class Children {
  private mask = (1 << 12) - 1;
  private phrase = new Int32Array(this.mask + 1).fill(-1);
  private unit = new Uint16Array(this.mask + 1);
  private id = new Int32Array(this.mask + 1);
  private size = 0;

  private slot(p: number, c: number): number {
    let i = (Math.imul(p, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & this.mask;
    while (this.phrase[i] !== -1 && (this.phrase[i] !== p || this.unit[i] !== c)) i = (i + 1) & this.mask;
    return i;
  }

  get(p: number, c: number): number {
    const i = this.slot(p, c);
    return this.phrase[i] === -1 ? -1 : this.id[i];
  }

  set(p: number, c: number, id: number): void {
    if (2 * (this.size + 1) > this.mask) this.rehash();
    const i = this.slot(p, c);
    this.phrase[i] = p; this.unit[i] = c; this.id[i] = id;
    this.size++;
  }

  private rehash(): void {
    const { phrase, unit, id } = this;
    this.mask = this.mask * 2 + 1;
    this.phrase = new Int32Array(this.mask + 1).fill(-1);
    this.unit = new Uint16Array(this.mask + 1);
    this.id = new Int32Array(this.mask + 1);
    this.size = 0;
    for (let i = 0; i < phrase.length; i++) if (phrase[i] !== -1) this.set(phrase[i], unit[i], id[i]);
  }
}

export function pack(text: string): string {
  // Phrase 0 is the empty phrase.
  const child = new Children();
  const code: number[] = [0];
  const unit: number[] = [0];
  const parent: number[] = [-1];
  const depth: number[] = [0];
  /** Single characters not yet sent literally. */
  const literal = new Set<number>();
  const add = (p: number, c: number, value: number): number => {
    const id = code.length;
    code.push(value); unit.push(c); parent.push(p); depth.push(depth[p] + 1);
    child.set(p, c, id);
    return id;
  };
  const spells = (p: number, c: number, s: string): boolean => {
    if (depth[p] !== s.length - 1 || c !== s.charCodeAt(s.length - 1)) return false;
    for (let q = p, i = s.length - 2; q > 0; q = parent[q], i--) if (unit[q] !== s.charCodeAt(i)) return false;
    return true;
  };

  const out: string[] = [];
  let val = 0;
  let pos = 0;
  const put = (value: number, bits: number) => {
    for (let i = 0; i < bits; i++) {
      val = (val << 1) | (value & 1);
      value >>= 1;
      if (pos === 5) { out.push(ALPHABET[val]); val = 0; pos = 0; } else pos++;
    }
  };

  let dictSize = 3;
  let numBits = 2;
  let enlargeIn = 2;
  const grow = () => { if (--enlargeIn === 0) { enlargeIn = 2 ** numBits; numBits++; } };
  const emit = (w: number) => {
    if (literal.has(w)) {
      const c = unit[w];
      if (c < 256) { put(0, numBits); put(c, 8); } else { put(1, numBits); put(c, 16); }
      grow();
      literal.delete(w);
    } else {
      put(code[w], numBits);
    }
    grow();
  };

  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let single = child.get(0, c);
    if (single === -1) { single = add(0, c, dictSize++); literal.add(single); }
    if (w === 0) { w = single; continue; }
    const next = child.get(w, c);
    if (next !== -1) { w = next; continue; }
    emit(w);
    const value = dictSize++;
    if (!spells(w, c, NEVER)) add(w, c, value);
    w = single;
  }
  if (w !== 0) emit(w);
  put(2, numBits);
  // The last character is padded with zero bits.
  for (;;) {
    val <<= 1;
    if (pos === 5) { out.push(ALPHABET[val]); break; }
    pos++;
  }
  return out.join('');
}
