// The categorical palettes stay apart for people with red-green colour blindness, in both
// themes, and every label drawn on a fill stays readable.
//
// Method: each token is resolved to sRGB in the light theme (Tailwind's palette) and the dark one
// (src/dark.css), simulated for protanopia and deuteranopia with the matrices of Machado, Oliveira
// and Fernandes (2009) at severity 1.0 on linear RGB (views/kit/colour.ts), and compared by
// Euclidean distance in OKLab (ΔE_OK, where about 0.02 is just noticeable). Every pair in a set
// must be at least MIN_DELTA apart under normal vision and under both simulations.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { colourTokens } from './kit/darkPalette.ts';
import { contrast, deltaEOK, parseColour, simulate, type Rgb } from './kit/colour.ts';
import { OP_STYLES, RQ_STYLE, STATE_COLOR, STATUS_STYLE, WQE_PHASE_STYLE } from './transport/format.ts';
import { CLASS_COLORS, PHASES } from './faults/format.ts';
import { COLORS } from './memory/format.ts';

/** Four JNDs: told apart at a glance, not only side by side. */
const MIN_DELTA = 0.08;

const light = colourTokens(readFileSync('node_modules/tailwindcss/theme.css', 'utf8'));
const dark = { ...light, ...colourTokens(readFileSync('src/dark.css', 'utf8')) };
const THEMES = { light, dark } as const;

function resolve(theme: Record<string, string>, v: string): Rgb {
  const m = /^var\(--color-([\w-]+)\)$/.exec(v);
  if (!m || !theme[m[1]]) throw new Error(`not a palette token: ${v}`);
  return parseColour(theme[m[1]]);
}

const byKey = <T,>(o: Record<string, T>, f: (x: T) => string) => Object.fromEntries(Object.entries(o).map(([k, x]) => [k, f(x)]));

/** Sets whose members appear side by side and must be told apart. */
const SETS: Record<string, Record<string, string>> = {
  'wire packets (opcode)': byKey(OP_STYLES, (s) => s.fill),
  'QP states': byKey(STATE_COLOR, (s) => s.fill),
  // A failed SQ WQE wears the error CQE's colour and glyph on purpose: it is the same outcome.
  'ring slots (SQ phase, RQ, CQE status)': { ...byKey(WQE_PHASE_STYLE, (s) => s.fill), receive: RQ_STYLE.fill, success: STATUS_STYLE.success.fill, flush: STATUS_STYLE.flush.fill },
  'storm phases': Object.fromEntries(PHASES.map((p) => [p.label, p.fill])),
  'storm classes': Object.fromEntries(CLASS_COLORS.map((c, i) => [`class ${i}`, c])),
  'cache lookups': { hit: COLORS.hit, miss: COLORS.miss, evict: COLORS.evict, writeback: COLORS.writeback },
  'compare sides (A, B)': { a: COLORS.a, b: COLORS.b },
  'cliff chart (model, published measured, quoted, closed form)': { a: COLORS.a, raw: COLORS.raw, quote: COLORS.quote, model: COLORS.model },
};

/** Fills that carry a text label or glyph, with that label's colour. */
const LABELS: Array<[string, string, string]> = [
  ...Object.values(OP_STYLES).map((s) => [`packet ${s.key}`, s.fill, s.text] as [string, string, string]),
  ...Object.entries(STATE_COLOR).map(([k, s]) => [`state ${k}`, s.fill, s.ink] as [string, string, string]),
  ...Object.entries(STATUS_STYLE).map(([k, s]) => [`CQE ${k}`, s.fill, s.text] as [string, string, string]),
  ...Object.entries(WQE_PHASE_STYLE).map(([k, s]) => [`WQE ${k}`, s.fill, s.text] as [string, string, string]),
  ['RQ receive', RQ_STYLE.fill, RQ_STYLE.text],
];

function closest(set: Record<string, string>, theme: Record<string, string>, vision: 'normal' | 'protanopia' | 'deuteranopia') {
  const keys = Object.keys(set);
  const see = (k: string) => { const c = resolve(theme, set[k]); return vision === 'normal' ? c : simulate(c, vision); };
  let best = { d: Infinity, pair: '' };
  for (let i = 0; i < keys.length; i++) {
    for (let j = i + 1; j < keys.length; j++) {
      const d = deltaEOK(see(keys[i]), see(keys[j]));
      if (d < best.d) best = { d, pair: `${keys[i]} / ${keys[j]}` };
    }
  }
  return best;
}

describe('categorical palettes under colour-vision deficiency (Machado 2009, ΔE_OK)', () => {
  for (const [theme, tokens] of Object.entries(THEMES)) {
    for (const vision of ['normal', 'protanopia', 'deuteranopia'] as const) {
      it.each(Object.keys(SETS))(`${theme} theme, ${vision}: every pair of %s at least ${MIN_DELTA} apart`, (name) => {
        const c = closest(SETS[name], tokens, vision);
        expect(c.d, `closest pair: ${c.pair} (ΔE_OK ${c.d.toFixed(3)})`).toBeGreaterThanOrEqual(MIN_DELTA);
      });
    }
  }
});

describe('bars drawn straight on the page', () => {
  for (const [theme, tokens] of Object.entries(THEMES)) {
    it.each(CLASS_COLORS)(`${theme} theme: class colour %s stands out from the page at 2.5:1 or more`, (c) => {
      expect(contrast(resolve(tokens, c), resolve(tokens, 'var(--color-white)'))).toBeGreaterThanOrEqual(2.5);
    });
  }
});

describe('labels on coloured fills', () => {
  for (const [theme, tokens] of Object.entries(THEMES)) {
    it.each(LABELS)(`${theme} theme: %s reads at 4.5:1 or more`, (_name, fill, text) => {
      expect(contrast(resolve(tokens, fill), resolve(tokens, text))).toBeGreaterThanOrEqual(4.5);
    });
  }
});

describe('the simulation itself', () => {
  it('leaves grey grey and turns red and green alike for a deuteranope', () => {
    const grey = parseColour('#808080');
    const g = simulate(grey, 'deuteranopia');
    expect(deltaEOK(g, grey)).toBeLessThan(0.01);
    const red = parseColour('#d00000');
    const green = parseColour('#6a7a00');
    expect(deltaEOK(red, green)).toBeGreaterThan(0.15);
    expect(deltaEOK(simulate(red, 'deuteranopia'), simulate(green, 'deuteranopia'))).toBeLessThan(deltaEOK(red, green) / 2);
  });
});

describe('views draw with tokens', () => {
  it('no view file holds a colour literal (#hex, rgb()), so both themes apply everywhere', () => {
    const skip = /\.test\.tsx?$|kit\/(colour|darkPalette)\.ts$/;
    const files = readdirSync('src/views', { recursive: true }).map(String).filter((f) => /\.tsx?$/.test(f) && !skip.test(f));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => [...readFileSync(`src/views/${f}`, 'utf8').matchAll(/['"`](#[0-9a-fA-F]{3,8}|rgba?\([^)]*\))['"`]/g)].map((m) => `${f}: ${m[1]}`));
    expect(found).toEqual([]);
  });
});
