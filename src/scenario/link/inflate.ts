// A link's data, decoded with a ceiling on what it may expand to. The format is lz-string's
// URI-safe one (six bits per character, codes of growing width, a dictionary that grows by one
// entry per code), which the page writes with lz-string's compressToEncodedURIComponent. Its own
// decoder has no ceiling, and this format's output can grow with the square of its length: a
// 70 kB link, well under the envelope's cap on link length, expands to 450 million characters
// (seconds of work and a gigabyte of memory before any later check could refuse it). This
// decoder stops as soon as the output passes `maxChars`. For every input within the ceiling it
// gives what lz-string's decompressFromEncodedURIComponent gives (a property test holds it to that).

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

export type Inflated = { ok: true; text: string } | { ok: false; reason: 'damaged' | 'too-long' };

const damaged: Inflated = { ok: false, reason: 'damaged' };

export function inflate(data: string, maxChars: number): Inflated {
  if (data === '') return damaged;
  // Bits are taken from each character's highest first; a value's bits come lowest first.
  let index = 1;
  let val = VALUE.get(data[0]) ?? 0;
  let mask = 32;
  const bits = (n: number): number => {
    let out = 0;
    for (let i = 0; i < n; i++) {
      if (val & mask) out |= 1 << i;
      mask >>= 1;
      if (mask === 0) {
        mask = 32;
        val = index < data.length ? VALUE.get(data[index]) ?? 0 : 0;
        index++;
      }
    }
    return out;
  };

  // Codes 0 and 1 bring a new character (8 or 16 bits), 2 ends the data; from 3 on, dictionary entries.
  const dict: string[] = ['', '', ''];
  const first = bits(2);
  if (first === 2) return damaged;
  if (first !== 0 && first !== 1) return damaged;
  let w = String.fromCharCode(bits(first === 0 ? 8 : 16));
  dict.push(w);
  const parts = [w];
  let length = w.length;
  let width = 3;
  let enlargeIn = 4;
  const grow = () => {
    if (--enlargeIn === 0) { enlargeIn = 2 ** width; width++; }
  };
  for (;;) {
    if (index > data.length) return damaged;
    let code = bits(width);
    if (code === 2) return { ok: true, text: parts.join('') };
    if (code === 0 || code === 1) {
      dict.push(String.fromCharCode(bits(code === 0 ? 8 : 16)));
      code = dict.length - 1;
      grow();
    }
    let entry: string;
    if (code < dict.length) entry = dict[code];
    else if (code === dict.length) entry = w + w[0];
    else return damaged;
    length += entry.length;
    if (length > maxChars) return { ok: false, reason: 'too-long' };
    parts.push(entry);
    dict.push(w + entry[0]);
    grow();
    w = entry;
  }
}
