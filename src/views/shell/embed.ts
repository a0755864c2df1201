// What the app tells every instrument's shell about the page around it (provided by the root):
// embed mode (only the instrument and its lesson column, a link out instead of the header's
// tools), the course bar to show above the lesson, and whether progress is kept only for this visit.
import { createContext, type ReactNode } from 'react';

export interface PageMode {
  /** Embed mode: the address of the same place without embed=1, read when the link is followed. */
  embed: { openHref(): string } | null;
  /** The course bar (an item of a course is open), placed at the top of the lesson column. */
  course: ReactNode;
  /** False: the browser refused storage here; progress lasts only for this visit. */
  kept: boolean;
}

export const PageModeContext = createContext<PageMode>({ embed: null, course: null, kept: true });
