// Text a person cannot read whole, as the page draws it. Every visible text node is looked at,
// HTML and SVG alike:
// - cut by a box that hides what overflows it (overflow hidden or clip, paint containment, an
//   <svg>'s own viewport): sideways, or a line cut through; rows wholly out of view are a list's
//   (windowed or scrolled), and a scroller is not a cut (it scrolls); or ended in an ellipsis;
// - spilling out of the bordered card it sits in;
// - a short figure ("16,384 / 16,384", "4.42 ms") broken over two lines;
// - SVG labels drawn over each other;
// - a field whose value is wider than it, a select whose chosen option does not fit (a select cut
//   on purpose says its whole choice in its title: options cannot wrap).
// Returns one line per problem. Call it once the state to check is shown; it reads after two
// animation frames, so size observers have reported and React has drawn what they measured (CI
// once read a chart between its mount and its first measure: the steady page is what is judged;
// useSize.test.tsx keeps that first frame right).
import type { Page } from './fixtures.ts';

export async function clippedText(page: Page): Promise<string[]> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  return page.evaluate(() => {
    const out: string[] = [];
    const ctx = document.createElement('canvas').getContext('2d')!;
    const where = (el: Element) => {
      const id = el.closest('[data-testid]')?.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${id ? ` in [${id}]` : ''}`;
    };
    const quote = (s: string) => `"${s.trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
    const shown = (el: Element) => {
      if (el.closest('.sr-only, [hidden], template')) return false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if (cs.display === 'none' || cs.visibility === 'hidden' || cs.opacity === '0') return false;
      }
      return true;
    };
    // Fields and selects.
    for (const el of document.querySelectorAll<HTMLSelectElement | HTMLInputElement>('select, input')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !shown(el)) continue;
      const cs = getComputedStyle(el);
      if (el instanceof HTMLSelectElement) {
        const opt = el.selectedOptions[0];
        if (!opt) continue;
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const need = ctx.measureText(opt.text).width + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + 14;
        if (need > el.clientWidth + 1 && !(el.title ?? '').includes(opt.text)) out.push(`${where(el)} ${quote(opt.text)} needs ${need.toFixed(0)} px, has ${el.clientWidth}`);
      } else if (['text', 'number', 'search', ''].includes(el.type) && el.scrollWidth > el.clientWidth + 1) {
        out.push(`${where(el)} ${quote(el.value)} ${el.scrollWidth} > ${el.clientWidth}`);
      }
    }
    // Boxes ended in an ellipsis whose text does not fit, whatever their title says.
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const cs = getComputedStyle(el);
      if (cs.textOverflow !== 'ellipsis' || el.scrollWidth <= el.clientWidth + 1 || !(el.textContent ?? '').trim() || !shown(el)) continue;
      out.push(`${where(el)} ${quote(el.textContent ?? '')} ends in an ellipsis: ${el.scrollWidth} > ${el.clientWidth}`);
    }
    const cuts = (e: Element, cs: CSSStyleDeclaration) =>
      e instanceof SVGSVGElement ? cs.overflow !== 'visible'
        : ['hidden', 'clip'].includes(cs.overflowX) || ['hidden', 'clip'].includes(cs.overflowY) || /paint|strict|content/.test(cs.contain);
    const scrolls = (cs: CSSStyleDeclaration) => ['auto', 'scroll'].includes(cs.overflowX) || ['auto', 'scroll'].includes(cs.overflowY);
    const svgTexts: Array<{ svg: Element; r: DOMRect; t: string; el: Element }> = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = n.textContent ?? '';
      const parent = n.parentElement;
      if (!text.trim() || !parent || ['SCRIPT', 'STYLE', 'OPTION', 'TITLE', 'TEXTAREA'].includes(parent.tagName)) continue;
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !shown(parent)) continue;
      const label = `${where(parent)} ${quote(text)}`;
      // Cut by a box on the way up (a scroller ends the walk: what it hides, it scrolls to).
      let card: Element | null = null;
      let hiddenAway = false;
      for (let e: Element | null = parent; e && e !== document.body; e = e.parentElement) {
        const cs = getComputedStyle(e);
        const b = e.getBoundingClientRect();
        if ((e !== parent || e instanceof SVGSVGElement) && cuts(e, cs)) {
          // Rows a list hides above or below (scrolled or windowed away) are not shown at all: not a cut.
          // Sideways, or in a drawing, any part outside is text cut off.
          const drawn = e instanceof SVGSVGElement;
          if (!drawn && (r.bottom <= b.top + 1 || r.top >= b.bottom - 1)) { hiddenAway = true; break; }
          // A line cut through (more than 2 px of it past the top or bottom edge) is cut too.
          // (Not in a scroller or a window onto more rows than it shows: a list's edge row is part-scrolled.)
          const list = scrolls(cs) || e.scrollHeight > e.clientHeight + 16;
          const cutThrough = drawn ? r.top < b.top - 1 || r.bottom > b.bottom + 1 : !list && (r.top < b.top - 2 || r.bottom > b.bottom + 2);
          if (r.left < b.left - 1 || r.right > b.right + 1 || cutThrough) {
            out.push(`${label} is cut by ${where(e)} (text ${r.left.toFixed(0)}–${r.right.toFixed(0)} × ${r.top.toFixed(0)}–${r.bottom.toFixed(0)}, box ${b.left.toFixed(0)}–${b.right.toFixed(0)} × ${b.top.toFixed(0)}–${b.bottom.toFixed(0)})`);
            break;
          }
        }
        if (!card && !(e instanceof SVGElement) && cs.display !== 'inline' && parseFloat(cs.borderLeftWidth) > 0 && parseFloat(cs.borderRightWidth) > 0) card = e;
        if (scrolls(cs)) break;
      }
      if (hiddenAway) continue;
      if (card) {
        const b = card.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1) out.push(`${label} spills out of its card ${where(card)} (text ${r.left.toFixed(0)}–${r.right.toFixed(0)}, card ${b.left.toFixed(0)}–${b.right.toFixed(0)})`);
      }
      // A short figure broken over lines.
      const t = text.trim();
      // (A figure is the whole of its box: words running on in a sentence wrap as prose does.)
      let box: Element = parent;
      while (box.parentElement && getComputedStyle(box).display === 'inline') box = box.parentElement;
      if (t.length <= 24 && /\d/.test(t) && t.split(/\s+/).length <= 4 && !(parent instanceof SVGElement) && (box.textContent ?? '').trim() === t) {
        const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top / 3)));
        if (tops.size > 1) out.push(`${label} breaks over ${tops.size} lines`);
      }
      const svg = parent instanceof SVGElement ? parent.closest('svg') : null;
      if (svg) svgTexts.push({ svg, r, t, el: parent.closest('text') ?? parent });
    }
    // SVG labels over each other (two text elements of one drawing; 1 px of slack for antialiasing).
    for (let i = 0; i < svgTexts.length; i++) for (let j = i + 1; j < svgTexts.length; j++) {
      const a = svgTexts[i], b = svgTexts[j];
      if (a.svg !== b.svg || a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 1 && h > 1) out.push(`${where(a.el)} ${quote(a.t)} is drawn over ${quote(b.t)}`);
    }
    return [...new Set(out)];
  });
}
