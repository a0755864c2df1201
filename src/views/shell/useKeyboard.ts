// Global keys: Space play/pause, → step, ← step back, ? help. Keys typed into fields stay with the field;
// a button reached with Tab keeps its own Space; after a mouse click the focused button does
// not swallow Space (it toggles play, as a student expects).
import { useEffect, useRef } from 'react';

const TEXTY = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

export function isTyping(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return TEXTY.has((el as HTMLInputElement).type) || (el as HTMLInputElement).type === '';
  return (el as HTMLElement).isContentEditable === true;
}

/** True after Tab, false after a pointer press: was the current focus reached by keyboard? */
let keyboardNav = false;

/** Controls where Space has its own meaning (toggling a checkbox, pressing a keyboard-focused button). */
function ownsSpace(el: Element | null): boolean {
  if (!el) return false;
  if (isTyping(el)) return true;
  if (el.tagName === 'INPUT') {
    const t = (el as HTMLInputElement).type;
    return t === 'checkbox' || t === 'radio';
  }
  const role = el.getAttribute('role');
  const isButtonish = el.tagName === 'BUTTON' || role === 'button' || role === 'tab' || role === 'switch' || el.tagName === 'A';
  return isButtonish && keyboardNav;
}

/** Controls where → has its own meaning. */
function ownsArrows(el: Element | null): boolean {
  if (!el) return false;
  if (isTyping(el)) return true;
  if (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'range') return true;
  const role = el.getAttribute('role');
  return role === 'tab' || role === 'slider' || role === 'listbox' || role === 'menu';
}

export interface LabKeys {
  /** Space. */
  toggle(): void;
  /** →. */
  step(): void;
  /** ←: step back (instruments with time travel). */
  back?(): void;
  /** ?. */
  help(): void;
  /** While true (a dialog or help is open, nothing loaded), the keys do nothing. */
  blocked(): boolean;
}

/** The instrument's global keys; `keys` is read at each key press, so it may change freely. */
export function useLabKeyboard(keys: LabKeys): void {
  const ref = useRef(keys);
  useEffect(() => { ref.current = keys; });
  useEffect(() => {
    let swallowUp = false;
    const pointer = () => { keyboardNav = false; };
    const down = (e: KeyboardEvent) => {
      if (e.key === 'Tab') keyboardNav = true;
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const k = ref.current;
      const target = document.activeElement;
      if (k.blocked() || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      if (e.key === ' ' || e.code === 'Space') {
        if (ownsSpace(target)) return;
        e.preventDefault();
        swallowUp = true;
        if (!e.repeat) k.toggle();
      } else if (e.key === 'ArrowRight') {
        if (ownsArrows(target)) return;
        e.preventDefault();
        k.step();
      } else if (e.key === 'ArrowLeft' && k.back) {
        if (ownsArrows(target)) return;
        e.preventDefault();
        k.back();
      } else if (e.key === '?') {
        if (isTyping(target)) return;
        e.preventDefault();
        k.help();
      }
    };
    // A mouse-focused button would otherwise be "clicked" by the Space keyup.
    const up = (e: KeyboardEvent) => {
      if ((e.key === ' ' || e.code === 'Space') && swallowUp) { e.preventDefault(); swallowUp = false; }
    };
    window.addEventListener('pointerdown', pointer, true);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('pointerdown', pointer, true);
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);
}
