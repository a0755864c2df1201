// The theme choice: remembered, applied to the root element, and read back by canvases.
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_KEY, paint, paintMix, resolvedTheme, setThemeChoice, subscribeTheme, themeChoice } from './theme.ts';

afterEach(() => setThemeChoice('system'));

describe('theme choice', () => {
  it('is kept in localStorage and set on the root; "system" removes both', () => {
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(themeChoice()).toBe('dark');
    expect(resolvedTheme()).toBe('dark');
    setThemeChoice('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    setThemeChoice('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(themeChoice()).toBe('system');
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem(THEME_KEY, 'purple');
    expect(themeChoice()).toBe('system');
  });

  it('tells subscribers, and canvases re-read the tokens after a change', () => {
    const root = document.documentElement.style;
    root.setProperty('--color-slate-900', '#0f172a');
    expect(paint('var(--color-slate-900)')).toBe('#0f172a');
    let calls = 0;
    const off = subscribeTheme(() => { calls++; });
    root.setProperty('--color-slate-900', '#ffffff');
    expect(paint('var(--color-slate-900)')).toBe('#0f172a'); // cached until the theme changes
    setThemeChoice('dark');
    expect(calls).toBe(1);
    expect(paint('var(--color-slate-900)')).toBe('#ffffff');
    off();
    expect(paint('#123456')).toBe('#123456');
  });

  it('mixes two tokens for canvases', () => {
    const root = document.documentElement.style;
    root.setProperty('--color-blue-100', '#000000');
    root.setProperty('--color-orange-200', '#ffffff');
    setThemeChoice('light');
    expect(paintMix('var(--color-blue-100)', 'var(--color-orange-200)', 0)).toBe('#000000');
    expect(paintMix('var(--color-blue-100)', 'var(--color-orange-200)', 1)).toBe('#ffffff');
    expect(paintMix('var(--color-blue-100)', 'var(--color-orange-200)', 0.5)).not.toMatch(/^#(000000|ffffff)$/);
  });
});
