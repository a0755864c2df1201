// Writes src/dark.css: the dark theme's values of every Tailwind colour token, derived from the
// light palette so contrast is kept (src/views/kit/darkPalette.ts). Run after a Tailwind upgrade:
//   npx tsx scripts/dark-palette.ts
// src/views/kit/darkPalette.test.ts fails when the committed file and this output differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { colourTokens, darkStylesheet } from '../src/views/kit/darkPalette.ts';

const theme = readFileSync(new URL('../node_modules/tailwindcss/theme.css', import.meta.url), 'utf8');
const out = new URL('../src/dark.css', import.meta.url);
writeFileSync(out, darkStylesheet(colourTokens(theme)));
console.log(`wrote ${out.pathname}`);
