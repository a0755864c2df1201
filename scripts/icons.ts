// Rasterises the hand-drawn SVG marks in public/ into the PNG icons the web app manifest lists
// (launchers and install prompts want bitmaps at fixed sizes). Run after editing an SVG:
//   npm run icons
// The PNGs are committed, so builds never need a browser for them.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from './chromium.ts';

const jobs: Array<{ svg: string; size: number; out: string }> = [
  { svg: 'public/favicon.svg', size: 192, out: 'public/icons/icon-192.png' },
  { svg: 'public/favicon.svg', size: 512, out: 'public/icons/icon-512.png' },
  { svg: 'public/icons/maskable.svg', size: 512, out: 'public/icons/maskable-512.png' },
  // iOS ignores the manifest's icons and wants an opaque square; it rounds the corners itself.
  { svg: 'public/icons/maskable.svg', size: 180, out: 'public/icons/apple-touch-icon.png' },
];

const browser = await chromium.launch(chromiumLaunch);
try {
  for (const { svg, size, out } of jobs) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // Inline <svg> fills the viewport exactly; transparent corners survive via omitBackground.
    const markup = readFileSync(svg, 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><body style="margin:0">${markup}</body>`);
    await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`${out} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
