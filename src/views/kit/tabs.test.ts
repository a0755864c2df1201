import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from './Tabs.tsx';

// WAI-ARIA tabs pattern (APG "Tabs"): ← → move and wrap, Home and End go to the ends; other keys are not the list's.
describe('tabKeyTarget', () => {
  it.each([
    ['ArrowRight', 0, 4, 1], ['ArrowRight', 3, 4, 0], ['ArrowLeft', 0, 4, 3], ['ArrowLeft', 2, 4, 1],
    ['Home', 2, 4, 0], ['End', 1, 4, 3], ['End', 0, 1, 0], ['ArrowDown', 1, 4, -1], ['Enter', 1, 4, -1], ['a', 0, 4, -1],
  ])('%s from %i of %i → %i', (key, i, n, want) => {
    expect(tabKeyTarget(key, i, n)).toBe(want);
  });
});
