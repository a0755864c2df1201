// Test support: link data that decompresses to far more than it is long. It is written by the
// decoder's own rules (inflate.ts): one literal character, then `codes` times the code of the
// entry about to be made (each one character longer than the last), then the end code. `codes`
// codes expand to about codes² / 2 characters: 30,000 of them (70 kB) to 450 million.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

export function bombData(codes: number): string {
  const bits: number[] = [];
  const put = (v: number, n: number) => { for (let i = 0; i < n; i++) bits.push((v >> i) & 1); };
  put(0, 2);
  put(97, 8);
  let next = 4;
  let width = 3;
  let enlargeIn = 4;
  for (let i = 0; i < codes; i++) {
    put(next, width);
    next++;
    if (--enlargeIn === 0) { enlargeIn = 2 ** width; width++; }
  }
  put(2, width);
  while (bits.length % 6) bits.push(0);
  let out = '';
  for (let i = 0; i < bits.length; i += 6) {
    let v = 0;
    for (let j = 0; j < 6; j++) v = (v << 1) | bits[i + j];
    out += ALPHABET[v];
  }
  return out;
}
