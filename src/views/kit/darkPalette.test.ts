// The dark palette: src/dark.css is what the generator writes today, and the inversion keeps
// every contrast ratio of the light palette (so what passes axe in light passes in dark).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DARK_SURFACE, colourTokens, darkPalette, darkStylesheet } from './darkPalette.ts';
import { contrast, luminance, parseColour, rgbToOklch } from './colour.ts';

const light = colourTokens(readFileSync('node_modules/tailwindcss/theme.css', 'utf8'));
const dark = darkPalette(light);

describe('the dark palette', () => {
  it('src/dark.css is up to date with the generator (npx tsx scripts/dark-palette.ts)', () => {
    expect(readFileSync('src/dark.css', 'utf8')).toBe(darkStylesheet(light));
  });

  it('covers every colour token but black, and white becomes the dark surface', () => {
    expect(Object.keys(light).length).toBeGreaterThan(200);
    expect(Object.keys(dark).sort()).toEqual(Object.keys(light).filter((k) => k !== 'black').sort());
    expect(dark.white).toBe(DARK_SURFACE);
    expect(luminance(parseColour(dark['slate-900']))).toBeGreaterThan(0.85);
  });

  it('keeps the contrast of text on the page: every token against white, within 2 % (unless clipped at white)', () => {
    const W = parseColour(light.white);
    const S = parseColour(dark.white);
    for (const [k, v] of Object.entries(dark)) {
      const before = contrast(parseColour(light[k]), W);
      const after = contrast(parseColour(v), S);
      if (luminance(parseColour(v)) > 0.995) expect(after, k).toBeGreaterThan(14); // clipped: darker than the surface itself
      else expect(Math.abs(after / before - 1), `${k}: ${before.toFixed(2)} → ${after.toFixed(2)}`).toBeLessThan(0.02);
    }
  });

  it('keeps white text on a coloured button as readable as before (green-700, indigo-700, red-600)', () => {
    for (const k of ['green-700', 'indigo-700', 'red-600', 'blue-800']) {
      const before = contrast(parseColour(light[k]), parseColour(light.white));
      const after = contrast(parseColour(dark[k]), parseColour(dark.white));
      expect(after / before, k).toBeGreaterThan(0.97);
    }
  });

  it('keeps each hue: dark green is still green', () => {
    for (const k of ['green-600', 'red-600', 'blue-600', 'amber-500', 'violet-600']) {
      const h0 = rgbToOklch(parseColour(light[k]))[2];
      const h1 = rgbToOklch(parseColour(dark[k]))[2];
      const dh = Math.abs(((h1 - h0 + 540) % 360) - 180);
      expect(dh, k).toBeLessThan(25);
    }
  });
});
