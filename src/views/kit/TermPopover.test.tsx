// The glossary must work without hover (touch) and without a mouse (keyboard): issue 17 found it
// only as native title= tooltips, which never appear on touch.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RichText } from '../shell/RichText.tsx';

afterEach(cleanup);

const TERMS = [{ term: 'CQE', def: 'Completion queue entry: one completion the NIC writes.', spellings: ['CQE', 'CQEs'] }];

describe('glossary terms open a popover by tap, keyboard and focus', () => {
  const setup = () => {
    render(<p><RichText text="Each CQE names its QP; later CQEs do too." terms={TERMS} /><button type="button">elsewhere</button></p>);
    const term = screen.getByRole('button', { name: 'CQE' });
    const pop = screen.getByTestId('term-popover');
    return { term, pop };
  };

  it('a term is a button, closed at first, with no native tooltip; only its first use in the paragraph is marked', () => {
    const { term, pop } = setup();
    expect(term.getAttribute('aria-expanded')).toBe('false');
    expect(term.hasAttribute('title')).toBe(false);
    expect(pop.hidden).toBe(true);
    expect(screen.getAllByRole('button', { hidden: true }).filter((b) => b.dataset.term)).toHaveLength(1);
  });

  it('a tap (click) opens it, describes the term by aria-describedby, and a tap elsewhere closes it', () => {
    const { term, pop } = setup();
    fireEvent.click(term);
    expect(term.getAttribute('aria-expanded')).toBe('true');
    expect(pop.hidden).toBe(false);
    expect(term.getAttribute('aria-describedby')).toBe(pop.id);
    expect(pop.textContent).toContain('Completion queue entry');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elsewhere' }));
    expect(term.getAttribute('aria-expanded')).toBe('false');
  });

  it('keyboard focus opens it, Escape closes it, and the Escape goes no further', () => {
    const { term, pop } = setup();
    let reached = false;
    const outer = (e: KeyboardEvent) => { if (e.key === 'Escape') reached = true; };
    document.addEventListener('keydown', outer);
    fireEvent.focus(term);
    expect(pop.hidden).toBe(false);
    fireEvent.keyDown(term, { key: 'Escape' });
    expect(pop.hidden).toBe(true);
    expect(term.getAttribute('aria-expanded')).toBe('false');
    expect(reached).toBe(false);
    document.removeEventListener('keydown', outer);
    fireEvent.click(term);
    expect(pop.hidden).toBe(false);
    fireEvent.blur(term);
    expect(pop.hidden).toBe(true);
  });
});
