// Colour arithmetic for the theme and its tests: parsing the palette's CSS colours, relative
// luminance and contrast (WCAG 2), OKLab / OKLCH, and colour-vision-deficiency simulation. Pure
// functions over linear-light sRGB triples; nothing here touches the DOM.
//
// Sources of the constants (numbers only, the code is this project's):
// - sRGB transfer function and relative luminance: IEC 61966-2-1 and WCAG 2.1 ("relative luminance").
// - OKLab: Björn Ottosson, "A perceptual color space for image processing" (2020), its M1 / M2.
// - CVD: Machado, Oliveira and Fernandes, "A Physiologically-based Model for Simulation of Color
//   Vision Deficiency", IEEE TVCG 15(6), 2009, table of simulation matrices at severity 1.0,
//   applied to linear RGB.

/** Linear-light sRGB, each channel nominally 0..1 (out of gamut before clipping). */
export type Rgb = readonly [number, number, number];

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
const clip01 = (c: number) => Math.min(1, Math.max(0, c));

export function oklabToRgb(L: number, a: number, b: number): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

export function rgbToOklab([r, g, b]: Rgb): [number, number, number] {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

export function oklchToRgb(L: number, C: number, hDeg: number): Rgb {
  const h = (hDeg * Math.PI) / 180;
  return oklabToRgb(L, C * Math.cos(h), C * Math.sin(h));
}

export function rgbToOklch(rgb: Rgb): [number, number, number] {
  const [L, a, b] = rgbToOklab(rgb);
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return [L, Math.hypot(a, b), h < 0 ? h + 360 : h];
}

export const inGamut = (c: Rgb, eps = 1e-4) => c.every((x) => x >= -eps && x <= 1 + eps);
export const clipRgb = (c: Rgb): Rgb => [clip01(c[0]), clip01(c[1]), clip01(c[2])];

/** `#rgb`, `#rrggbb`, `rgb(r g b)` or `oklch(L% C H)` (Tailwind's palette, this project, computed styles). */
export function parseColour(css: string): Rgb {
  const s = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(s);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((x) => x + x).join('') : hex[1];
    const channel = (i: number) => toLinear(parseInt(h.slice(i, i + 2), 16) / 255);
    return [channel(0), channel(2), channel(4)];
  }
  const ok = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+|none)\s*\)$/.exec(s);
  if (ok) return oklchToRgb(Number(ok[1]) / (ok[2] ? 100 : 1), Number(ok[3]), ok[4] === 'none' ? 0 : Number(ok[4]));
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)\s*(?:[,/]\s*[\d.]+\s*)?\)$/.exec(s);
  if (rgb) return [toLinear(Number(rgb[1]) / 255), toLinear(Number(rgb[2]) / 255), toLinear(Number(rgb[3]) / 255)];
  throw new Error(`not a colour this parser reads: ${css}`);
}

export function toHex(c: Rgb): string {
  return `#${clipRgb(c).map((x) => Math.round(toGamma(x) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance of the colour as displayed (clipped to sRGB). */
export function luminance(c: Rgb): number {
  const [r, g, b] = clipRgb(c);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export type Deficiency = 'protanopia' | 'deuteranopia' | 'tritanopia';

/** Machado et al. 2009, severity 1.0, rows of the 3×3 matrix on linear RGB. */
export const CVD_MATRICES: Record<Deficiency, readonly (readonly [number, number, number])[]> = {
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

export function simulate(c: Rgb, kind: Deficiency): Rgb {
  const m = CVD_MATRICES[kind];
  const x = clipRgb(c);
  const row = (i: number) => m[i][0] * x[0] + m[i][1] * x[1] + m[i][2] * x[2];
  return clipRgb([row(0), row(1), row(2)]);
}

/** Euclidean distance in OKLab (ΔE_OK; about 0.02 is a just-noticeable difference). */
export function deltaEOK(a: Rgb, b: Rgb): number {
  const p = rgbToOklab(clipRgb(a));
  const q = rgbToOklab(clipRgb(b));
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
