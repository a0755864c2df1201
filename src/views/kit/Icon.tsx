// The few glyphs the headers use, drawn inline (no icon font, no request).
export function Icon({ kind }: { kind: 'play' | 'pause' | 'step' | 'share' }) {
  const d = kind === 'play' ? 'M4 2.5v11l9-5.5z'
    : kind === 'pause' ? 'M4 2.5h3v11H4zM9 2.5h3v11H9z'
    : kind === 'step' ? 'M2.5 2.5v11l7.5-5.5zM11 2.5h2.5v11H11z'
    : 'M10.5 2a2.5 2.5 0 1 1-.1 3.6L6 8l4.4 2.4a2.5 2.5 0 1 1-.6 1.2L5.3 9.2a2.5 2.5 0 1 1 0-2.4l4.5-2.4A2.5 2.5 0 0 1 10.5 2z';
  return <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" className="shrink-0" fill="currentColor"><path d={d} /></svg>;
}
