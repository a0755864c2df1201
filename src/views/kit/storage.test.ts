// The one storage door: the browser's localStorage when the page may use it; when reading it
// throws (a cross-origin frame with third-party storage blocked), a store in memory that works for
// this visit, and storageKept() says so.
import { afterEach, describe, expect, it } from 'vitest';
import { localStore, resetStorageChoice, storageKept } from './storage.ts';

const real = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');

afterEach(() => {
  if (real) Object.defineProperty(globalThis, 'localStorage', real);
  resetStorageChoice();
  localStorage.clear();
});

describe('storage', () => {
  it('is the browser\'s when allowed', () => {
    resetStorageChoice();
    localStore().setItem('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    expect(storageKept()).toBe(true);
  });

  it('is kept in memory for this visit when the browser denies it, and never throws', () => {
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });
    resetStorageChoice();
    expect(storageKept()).toBe(false);
    const s = localStore();
    s.setItem('a', '1');
    s.setItem('b', '2');
    expect([s.getItem('a'), s.length, s.key(1)]).toEqual(['1', 2, 'b']);
    s.removeItem('a');
    expect(s.getItem('a')).toBeNull();
    s.clear();
    expect(s.length).toBe(0);
  });

  it('is kept in memory when a write is refused (a full or read-only store)', () => {
    const broken = { setItem() { throw new DOMException('quota', 'QuotaExceededError'); }, removeItem() { /* nothing */ }, getItem: () => null };
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: broken });
    resetStorageChoice();
    expect(storageKept()).toBe(false);
    expect(() => localStore().setItem('x', 'y')).not.toThrow();
  });
});
