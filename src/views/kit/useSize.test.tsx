// CI caught a chart drawn at useSize's fallback width for a frame (its x-axis label outside the
// SVG): the first render after mount must already carry the element's own content box.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { useSize } from './useSize.ts';

afterEach(() => { cleanup(); vi.restoreAllMocks(); });

function Probe() {
  const [ref, size] = useSize<HTMLDivElement>({ width: 900, height: 150 });
  return <div ref={ref} style={{ padding: '4px', border: '1px solid' }} data-testid="probe">{`${size.width}×${size.height}`}</div>;
}

/** A ref written inline, as a component that also keeps the element does: React detaches and
 *  attaches it again on every render, so each render measures afresh. */
function InlineProbe() {
  const [ref, size] = useSize<HTMLDivElement>({ width: 900, height: 150 });
  return <div ref={(el) => { ref(el); }} data-testid="probe">{`${size.width}×${size.height}`}</div>;
}

describe('useSize', () => {
  it('measures the content box at mount, before any observer report (border box less padding and borders)', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 353, bottom: 150, width: 353, height: 150, toJSON: () => ({}) });
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('343×140');
  });

  it('keeps the fallback while the element has no size yet (not laid out)', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) });
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('900×150');
  });

  it('a fractional box (353.6 px, kept as 353) reads as unchanged: an inline ref settles instead of updating for ever', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 353.6, bottom: 150.4, width: 353.6, height: 150.4, toJSON: () => ({}) });
    render(<InlineProbe />);
    expect(screen.getByTestId('probe').textContent).toBe('353×150');
  });
});
