// Embed mode, decided once from the address the page was opened at (`embed=1`, any link or a
// bare one: scenario/link/embed.ts). The page then shows only the instrument and its lesson
// column, and a link that opens the same place in QP Scope itself; the address it keeps as the
// person moves (app/follow.ts) keeps `embed=1`, so a reload inside the frame stays embedded.
import { wantsEmbed, withoutEmbed } from '../../scenario/link/embed.ts';

const EMBEDDED = typeof location !== 'undefined' && wantsEmbed(location.hash);

export function embedded(): boolean {
  return EMBEDDED;
}

/** What the address the page keeps ends with: `&embed=1` in embed mode. */
export function embedSuffix(): string {
  return EMBEDDED ? '&embed=1' : '';
}

/** The page's address as it stands, without embed=1: "Open in QP Scope" opens it in a tab of its own. */
export function openHere(): string {
  return `${location.origin}${location.pathname}${withoutEmbed(location.hash)}`;
}

/** Whether this page runs inside a frame (comparing windows is allowed across origins). */
export function framed(): boolean {
  try { return window.parent !== window; } catch { return true; }
}
