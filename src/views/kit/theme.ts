// The colour theme: the person's choice (light, dark, or the system's), kept in localStorage and
// applied as data-theme on the root element; src/dark.css does the rest. public/theme.js applies a
// stored choice before the first paint with the same key. Canvases cannot read CSS variables, so
// `paint()` resolves a token to the colour in force, once per theme.
import { useSyncExternalStore } from 'react';
import { oklabToRgb, parseColour, rgbToOklab, toHex } from './colour.ts';
import { localStore } from './storage.ts';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

/** Also in public/theme.js. */
export const THEME_KEY = 'qp-scope.theme';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const listeners = new Set<() => void>();
let generation = 0;

function storage(): Storage {
  return localStore();
}

// One query list, read on demand: matchMedia() builds a new one per call.
let darkQuery: MediaQueryList | null | undefined;
function systemDark(): boolean {
  if (darkQuery === undefined) darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  return darkQuery?.matches ?? false;
}

export function themeChoice(): ThemeChoice {
  let v: string | null = null;
  try { v = storage().getItem(THEME_KEY) ?? null; } catch { /* blocked: the system's */ }
  return v === 'light' || v === 'dark' ? v : 'system';
}

export function resolvedTheme(): Theme {
  const c = themeChoice();
  return c === 'system' ? (systemDark() ? 'dark' : 'light') : c;
}

// The snapshots React reads on every render of a subscriber (canvases render per frame), so they
// are kept, not recomputed from localStorage and a media query each time; notify() refreshes them.
let snap: { choice: ThemeChoice; theme: Theme } | null = null;
function snapshot(): { choice: ThemeChoice; theme: Theme } {
  snap ??= { choice: themeChoice(), theme: resolvedTheme() };
  return snap;
}

function notify(): void {
  snap = null;
  generation++;
  for (const l of [...listeners]) l();
}

function apply(c: ThemeChoice): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  if (c === 'system') root.removeAttribute('data-theme'); else root.setAttribute('data-theme', c);
}

export function setThemeChoice(c: ThemeChoice): void {
  try {
    const s = storage();
    if (c === 'system') s.removeItem(THEME_KEY); else s.setItem(THEME_KEY, c);
  } catch { /* not kept: it still applies to this page */ }
  apply(c);
  notify();
}

let wired = false;
function wire(): void {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  systemDark();
  darkQuery?.addEventListener?.('change', notify);
  // Another tab changed the choice: follow it.
  window.addEventListener('storage', (e) => { if (e.key === THEME_KEY) { apply(themeChoice()); notify(); } });
}

export function subscribeTheme(fn: () => void): () => void {
  wire();
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribeTheme, () => snapshot().choice, () => 'system');
}

/** The theme in force; canvases redraw when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeTheme, () => snapshot().theme, () => 'light');
}

const cache = new Map<string, string>();
let cacheGen = -1;

function fresh(): void {
  if (cacheGen !== generation) { cache.clear(); cacheGen = generation; }
}

/** A colour for a canvas: `var(--token)` becomes the value in force; anything else is returned. */
export function paint(colour: string): string {
  if (typeof document === 'undefined' || !colour.startsWith('var(')) return colour;
  fresh();
  let v = cache.get(colour);
  if (v === undefined) {
    const name = /^var\((--[\w-]+)\)$/.exec(colour)?.[1];
    v = (name && getComputedStyle(document.documentElement).getPropertyValue(name).trim()) || colour;
    cache.set(colour, v);
  }
  return v;
}

/** A canvas colour between two tokens (`t` from 0 to 1, in 1/32 steps), mixed in OKLab. */
export function paintMix(a: string, b: string, t: number): string {
  const k = Math.round(Math.max(0, Math.min(1, t)) * 32);
  const key = `${a}|${b}|${k}`;
  fresh();
  let v = cache.get(key);
  if (v === undefined) {
    try {
      const p = rgbToOklab(parseColour(paint(a)));
      const q = rgbToOklab(parseColour(paint(b)));
      const f = k / 32;
      v = toHex(oklabToRgb(p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f, p[2] + (q[2] - p[2]) * f));
    } catch {
      v = k >= 16 ? paint(b) : paint(a);
    }
    cache.set(key, v);
  }
  return v;
}
