// Integers with thousands separators, as 'en' writes them (1,048,576), for every view.
// The formatter is made on first use, not at module load: the first Intl formatter in a thread
// sets up ICU (~30 ms here), and the page's first render shows no such number, so that cost
// stays off the load path. (Code outside the views uses src/core/kit/grouped.ts, which needs no ICU.)
let INT: Intl.NumberFormat | null = null;

/** `n` rounded to an integer, grouped by thousands. */
export function grouped(n: number): string {
  INT ??= new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
  return INT.format(Math.round(n));
}
