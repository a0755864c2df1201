// Integers with thousands separators, as 'en' writes them (1,048,576).
// Not toLocaleString / Intl.NumberFormat: the first of those in a thread sets up ICU, ~30 ms on
// this machine type, and schemas built at module load (scenario/link, faults/labConfig) would
// put that on the page's and every worker's start-up path. Measured with a CPU profile of a cold
// load (Chromium 156): 36 ms inside the link schema's construction.

/** `n` rounded to an integer, with a comma every three digits; non-finite values as String(n). */
export function grouped(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const r = Math.round(n);
  const digits = String(Math.abs(r));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return r < 0 ? `-${out}` : out;
}
