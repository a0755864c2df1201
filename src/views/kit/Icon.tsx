// The few glyphs the headers use, drawn inline (no icon font, no request).
const PATHS = {
  play: 'M4 2.5v11l9-5.5z',
  pause: 'M4 2.5h3v11H4zM9 2.5h3v11H9z',
  step: 'M2.5 2.5v11l7.5-5.5zM11 2.5h2.5v11H11z',
  share: 'M10.5 2a2.5 2.5 0 1 1-.1 3.6L6 8l4.4 2.4a2.5 2.5 0 1 1-.6 1.2L5.3 9.2a2.5 2.5 0 1 1 0-2.4l4.5-2.4A2.5 2.5 0 0 1 10.5 2z',
  // A sun: a disc and eight rays.
  light: 'M8 5a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM7.3 0h1.4v3H7.3zM7.3 13h1.4v3H7.3zM0 7.3h3v1.4H0zM13 7.3h3v1.4h-3zM2.1 3.1l1-1 2.1 2.1-1 1zM10.8 11.8l1-1 2.1 2.1-1 1zM2.1 12.9l2.1-2.1 1 1-2.1 2.1zM10.8 4.2l2.1-2.1 1 1-2.1 2.1z',
  // A crescent moon.
  dark: 'M10.5 1.5a6.5 6.5 0 1 0 4 11.6A6 6 0 0 1 10.5 1.5z',
  // A half-filled disc: whatever the system says.
  system: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.5v11a5.5 5.5 0 0 1 0-11z',
} as const;

export type IconKind = keyof typeof PATHS;

export function Icon({ kind }: { kind: IconKind }) {
  return <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" className="shrink-0" fill="currentColor"><path fillRule="evenodd" d={PATHS[kind]} /></svg>;
}
